import { describe, expect, it } from 'vitest';
import type { TranslationRoute } from '@docsvc/schemas';
import { chooseSource } from './choose-source.js';

/** A few routes, as a worker with Apertium's Romance pairs publishes them. */
const ROUTES: TranslationRoute[] = [
  ...['es', 'ca', 'gl', 'pt', 'fr', 'it', 'eo', 'nb'].map((source) => ({ source, target: 'en', direct: source === 'es' })),
  ...['en', 'ca', 'gl', 'pt', 'fr', 'it'].map((source) => ({ source, target: 'es', direct: true })),
  { source: 'nl', target: 'af', direct: true },
];

describe('chooseSource', () => {
  it('names a language no route translates, surely, with what it can be translated to', () => {
    expect(chooseSource('Der Hund ist sehr groß und schwarz.', 'en', ROUTES)).toMatchObject({ kind: 'unsupported', detected: { language: 'de', reliable: true }, availableTargets: [] });
    expect(chooseSource('Dzień dobry, jak się masz?', 'en', ROUTES)).toMatchObject({ kind: 'unsupported', detected: { language: 'pl' } });
    expect(chooseSource('Ik begrijp deze vraag niet.', 'en', ROUTES)).toMatchObject({ kind: 'unsupported', detected: { language: 'nl' }, availableTargets: ['af'] });
  });

  it('reads a surely detected language that has a route, or that is the target', () => {
    expect(chooseSource('El perro come la comida en la casa grande.', 'en', ROUTES)).toMatchObject({ kind: 'read', language: 'es', sure: true });
    expect(chooseSource('The weather is very nice today.', 'en', ROUTES)).toMatchObject({ kind: 'read', language: 'en', sure: true });
  });

  it("reads Norwegian as Bokmål, the detector's 'no' being no code Apertium translates", () => {
    expect(chooseSource('Jeg forstår ikke dette spørsmålet, men det er veldig fint i dag.', 'en', ROUTES)).toMatchObject({ kind: 'read', language: 'nb' });
  });

  it('narrows an unsure guess to the languages that can be translated, and is marked unsure', () => {
    // eld: 'Bom dia' is pt, unreliable; pt has a route to es.
    expect(chooseSource('Bom dia', 'es', ROUTES)).toMatchObject({ kind: 'read', language: 'pt', sure: false });
  });

  it('has nothing to read when even the narrowed guess finds nothing', () => {
    expect(chooseSource('Hola', 'en', ROUTES)).toMatchObject({ kind: 'undetected', detected: { reliable: false } });
  });
});
