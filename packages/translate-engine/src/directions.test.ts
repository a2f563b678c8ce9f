import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApertiumEngine } from './apertium-engine.js';
import { corpusChrf } from './chrf.js';

const { sentences } = JSON.parse(readFileSync(new URL('../data/everyday-sentences.json', import.meta.url), 'utf8')) as { sentences: Record<string, string[]> };
const probe = await ApertiumEngine.create();
const directions = probe.directions();
await probe.close();

/**
 * Every installed direction (the Debian packages scripts/install.sh installs), on the project's everyday
 * sentences of its source language: each answers all twelve, in the target language (closer to the target's own
 * sentences than the untranslated text is, by chrF), and its dictionary knows the words. One engine per
 * direction, closed after it: all of them warm at once would hold some 76 pipelines.
 */
describe('every installed direction translates the everyday sentences', () => {
  it('has the directions of the installed pairs, Romanian and Esperanto included', () => {
    expect(directions.length).toBeGreaterThanOrEqual(70);
    for (const key of ['en>es', 'en>ca', 'en>gl', 'en>eo', 'es>ro', 'es>oc', 'ca>fr', 'fr>oc', 'is>en', 'mk>en', 'sv>da', 'nb>nn', 'hr>en', 'en>sr', 'eu>en', 'br>fr', 'nl>af']) {
      expect(directions.map((d) => `${d.source}>${d.target}`)).toContain(key);
    }
  });

  it.each(directions.map((d) => [`${d.source}>${d.target}`, d.mode, d.source, d.target] as const))('%s (%s)', async (_key, _mode, source, target) => {
    const input = sentences[source]!;
    const reference = sentences[target]!;
    const engine = await ApertiumEngine.create({ poolSize: 1 });
    try {
      const out = await engine.translateThrough(input, [source, target]);
      expect(out).toHaveLength(input.length);
      for (const item of out) expect(item.text.trim()).not.toBe('');
      const translated = corpusChrf(out.map((o) => o.text), reference);
      expect(translated).toBeGreaterThan(corpusChrf(input, reference));
      expect(translated).toBeGreaterThan(20); // the weakest, English to Serbian, measured 26
      const words = out.reduce((sum, o) => sum + o.words, 0);
      const unknown = out.reduce((sum, o) => sum + o.unknownWords, 0);
      expect(unknown / words).toBeLessThan(0.2);
    } finally {
      await engine.close();
    }
  });
});
