import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DETECTABLE_LANGUAGES, detectLanguage } from './detect-language.js';

/** The source languages of the installed Apertium pairs. */
const INSTALLED = ['en', 'es', 'ca', 'gl', 'pt', 'fr', 'it'];

const SENTENCES: Record<string, string[]> = {
  en: ['The weather is very nice today in the city.', 'I would like to book a room for two nights.'],
  es: ['El tiempo es muy bueno hoy en la ciudad.', 'Me gustaría reservar una habitación para dos noches.'],
  ca: ['El temps és molt bo avui a la ciutat.', "Si us plau, envia'm la factura demà al matí."],
  gl: ['O tempo é moi bo hoxe na cidade.', 'Gustaríame reservar un cuarto para dúas noites.', 'A cidade ten unha praza moi bonita e moitas rúas estreitas.'],
  pt: ['O tempo está muito bom hoje na cidade.', 'Eu gostaria de reservar um quarto para duas noites.'],
  fr: ["Le temps est très beau aujourd'hui dans la ville.", 'Je voudrais réserver une chambre pour deux nuits.'],
  it: ['Il tempo è molto bello oggi in città.', 'Vorrei prenotare una camera per due notti.'],
};

describe('detectLanguage', () => {
  for (const [language, sentences] of Object.entries(SENTENCES)) {
    it.each(sentences)(`names ${language} for %j`, (sentence) => {
      const detected = detectLanguage(sentence, INSTALLED);
      expect(detected.language).toBe(language);
      expect(detected.confidence).toBeGreaterThan(0);
      expect(detected.confidence).toBeLessThanOrEqual(1);
    });
  }

  it('says unreliable, without throwing, on a word too short to tell', () => {
    for (const text of ['ok', '', '   ', '12345', 'https://example.com']) {
      const detected = detectLanguage(text, INSTALLED);
      expect(detected.reliable).toBe(false);
      expect(INSTALLED).toContain(detected.language);
    }
  });

  it('answers among the candidates only, unreliable when the text is in none of them', () => {
    const detected = detectLanguage('Der Hund ist sehr groß und schwarz.', ['en', 'es']);
    expect(['en', 'es']).toContain(detected.language);
    expect(detected.reliable).toBe(false);
    expect(detectLanguage('Der Hund ist sehr groß und schwarz.', []).language).toBe('de');
  });

  it('accepts candidates in other forms', () => {
    expect(detectLanguage('Je voudrais réserver une chambre pour deux nuits.', ['EN', 'fra', 'es-ES']).language).toBe('fr');
  });
});

describe('detectLanguage over every language it knows (no candidates)', () => {
  it('names German and Polish, which no installed Apertium pair translates, surely', () => {
    for (const [text, language] of [
      ['Der Hund ist sehr groß und schwarz.', 'de'],
      ['Guten Morgen, wie geht es Ihnen?', 'de'],
      ['Dzień dobry, jak się masz?', 'pl'],
      ['Gdzie jest dworzec kolejowy?', 'pl'],
    ] as const) {
      expect(detectLanguage(text, [])).toMatchObject({ language, reliable: true });
    }
  });

  it('says unreliable on a word or two it cannot tell', () => {
    for (const text of ['Hello', 'Danke', 'ok', 'Hola']) expect(detectLanguage(text, []).reliable).toBe(false);
  });

  it('lists exactly the languages of eld\'s database, and Galician', () => {
    const data = JSON.parse(readFileSync(new URL('../dist/eld-small.json', import.meta.url), 'utf8')) as { languages: Record<string, string> };
    expect([...DETECTABLE_LANGUAGES].sort()).toEqual([...Object.values(data.languages), 'gl'].sort());
  });
});
