import { JigsawStack } from 'jigsawstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

let api: TestApi;
let workers: RunningWorkers;

beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['translate'], api.deps.queuePrefix);
}, 90_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
});

const translate = async (body: unknown) => {
  const res = await fetch(`${api.baseUrl}/v1/ai/translate`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
};

describe('POST /v1/ai/translate', () => {
  it('translates an English paragraph into Spanish', async () => {
    const { status, body } = await translate({ text: 'The cat is black. I have two houses and a big garden.', target_language: 'es', source_language: 'en' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, detected_language: 'en', log_id: expect.any(String) });
    expect(body.translated_text).toMatch(/gato/);
    expect(body.translated_text).toMatch(/negro/);
    expect(body.translated_text).toMatch(/casas/);
    expect(body.translated_text).toMatch(/jard[ií]n/);
  });

  it('translates back from Spanish, detecting the language when none is given', async () => {
    const { body } = await translate({ text: 'El perro come la comida en la casa grande.', target_language: 'en' });
    expect(body.detected_language).toBe('es');
    expect(body.detected_language_confidence).toBeGreaterThan(0);
    expect(body.translated_text.toLowerCase()).toMatch(/dog/);
    expect(body.translated_text.toLowerCase()).toMatch(/house/);
  });

  it('accepts current_language (the official client) and regional, upper-case codes', async () => {
    const { body } = await translate({ text: 'Good morning', target_language: 'ES', current_language: 'en-GB' });
    expect(body.detected_language).toBe('en');
    expect(body.translated_text.toLowerCase()).toMatch(/buenos/);
  });

  it('returns an array of 200 translations in the same order, without detected_language', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `I have ${i} red cars.`);
    const { status, body } = await translate({ text: texts, target_language: 'es', source_language: 'en' });
    expect(status).toBe(200);
    expect(body.detected_language).toBeUndefined();
    expect(body.translated_text).toHaveLength(200);
    body.translated_text.forEach((t: string, i: number) => {
      expect(t).toContain(String(i));
      expect(t).toMatch(/coches|carros/);
    });
  });

  it('detects each item of a mixed-language array on its own', async () => {
    const { body } = await translate({ text: ['The house is very big and beautiful.', 'La casa es muy grande y bonita.', ''], target_language: 'es' });
    expect(body.translated_text[0]).toMatch(/casa/);
    expect(body.translated_text[1]).toBe('La casa es muy grande y bonita.');
    expect(body.translated_text[2]).toBe('');
  });

  it('keeps whitespace, line breaks, numbers, URLs and e-mail addresses, and leaks no unknown-word marks', async () => {
    const text = '  The price is 1,234.50 euros.\nWrite to info@example.com or see https://example.com/a?b=1 today.  ';
    const { body } = await translate({ text, target_language: 'es', source_language: 'en' });
    const out: string = body.translated_text;
    expect(out.startsWith('  ')).toBe(true);
    expect(out.endsWith('  ')).toBe(true);
    expect(out).toContain('\n');
    for (const kept of ['1,234.50', 'info@example.com', 'https://example.com/a?b=1']) expect(out).toContain(kept);
    const { body: unknown } = await translate({ text: 'The zorblaxian cat sleeps.', target_language: 'es', source_language: 'en' });
    expect(unknown.translated_text).not.toMatch(/[*#@]/);
    expect(unknown.translated_text).toContain('zorblaxian');
  });

  it('returns the text unchanged when source and target are the same', async () => {
    const { body } = await translate({ text: 'Hola mundo', target_language: 'es', source_language: 'es' });
    expect(body.translated_text).toBe('Hola mundo');
  });
});

describe('translate errors', () => {
  it('400 invalid_language_code for an unknown code', async () => {
    const { status, body } = await translate({ text: 'hi', target_language: 'xx' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_language_code');
    expect(body.message).toContain('target_language');
  });

  it('400 unsupported_language_pair listing the targets available for the source', async () => {
    const { status, body } = await translate({ text: 'hi', target_language: 'ja', source_language: 'en' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('unsupported_language_pair');
    expect(body.message).toMatch(/from en: .*es/);
  });

  it('413 payload_too_large past each limit, and 400 for an empty array', async () => {
    expect((await translate({ text: 'a'.repeat(5_001), target_language: 'es' })).body.error.code).toBe('payload_too_large');
    expect((await translate({ text: Array(1_001).fill('a'), target_language: 'es' })).body.error.code).toBe('payload_too_large');
    const big = await translate({ text: Array(30).fill('a'.repeat(4_000)), target_language: 'es' });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/100000 characters per request/);
    expect((await translate({ text: [], target_language: 'es' })).status).toBe(400);
  });
});

describe('GET /v1/ai/translate/languages', () => {
  it('lists every route, direct or through which intermediate language, with its measured score', async () => {
    const res = await fetch(`${api.baseUrl}/v1/ai/translate/languages`, { headers: bearer(ALICE) });
    const body = await res.json();
    expect(body.languages).toEqual(expect.arrayContaining(['ca', 'en', 'eo', 'es', 'eu', 'fr', 'gl', 'hr', 'is', 'it', 'mk', 'nb', 'nn', 'oc', 'pt', 'ro', 'sv']));
    expect(body.routes).toContainEqual({ source: 'es', target: 'en', direct: true, score: expect.any(Number) });
    expect(body.routes).toContainEqual({ source: 'en', target: 'fr', direct: false, via: 'ca', score: expect.any(Number) });
    for (const route of body.routes) {
      expect(route.score).toBeGreaterThan(0);
      expect(route.score).toBeLessThanOrEqual(100);
      expect(route.direct).toBe(route.via === undefined);
    }
    // Sources the detector cannot name: text in them needs source_language.
    expect(body.source_language_required).toEqual(expect.arrayContaining(['eo', 'oc', 'br', 'mk', 'nn']));
    expect(body.source_language_required).not.toContain('es');
  });
});

describe('translation that never pretends (no source_language)', () => {
  it('refuses German and Polish with 422 unsupported_source_language naming the language, its confidence and its targets', async () => {
    for (const [text, code, name] of [
      ['Der Hund ist sehr groß und schwarz.', 'de', 'German'],
      ['Dzień dobry, jak się masz? Gdzie jest dworzec kolejowy?', 'pl', 'Polish'],
    ] as const) {
      const { status, body } = await translate({ text, target_language: 'en' });
      expect(status).toBe(422);
      expect(body.error.code).toBe('unsupported_source_language');
      expect(body.message).toContain(`the text is in ${name} (${code}, detected with confidence`);
      expect(body.message).toContain(`nothing is translated from ${code} here`);
      expect(body.error.details).toEqual([{ item: 0, code: 'unsupported_source_language', detected_language: code, confidence: expect.any(Number), target: 'en', available_targets: [] }]);
      expect(body.error.details[0].confidence).toBeGreaterThan(0.5);
    }
    // Given as the source, the same German is the pair the caller asked for: 400 unsupported_language_pair.
    const given = await translate({ text: 'Der Hund ist sehr groß und schwarz.', target_language: 'en', source_language: 'de' });
    expect(given.status).toBe(400);
    expect(given.body.error.code).toBe('unsupported_language_pair');
  });

  it('names what a detected language can be translated to (Dutch: Afrikaans)', async () => {
    const { status, body } = await translate({ text: 'Ik begrijp deze vraag niet, maar het weer is vandaag heel mooi.', target_language: 'en' });
    expect(status).toBe(422);
    expect(body.error.details[0]).toMatchObject({ detected_language: 'nl', available_targets: ['af'] });
    expect(body.message).toContain('from nl it can be translated to af');
  });

  it('refuses with 422 language_not_detected what it cannot tell, asking for source_language', async () => {
    // eld calls Esperanto Spanish, surely; the Spanish dictionary knows 1 of its 4 words.
    const esperanto = await translate({ text: 'Mi ŝatas legi librojn.', target_language: 'en' });
    expect(esperanto.status).toBe(422);
    expect(esperanto.body.error.code).toBe('language_not_detected');
    expect(esperanto.body.error.details[0]).toMatchObject({ checked_language: 'es', words: 4, known_words: expect.any(Number) });
    expect(esperanto.body.error.details[0].known_words).toBeLessThanOrEqual(1);
    expect(esperanto.body.message).toMatch(/give source_language$/);
    // A word too short to tell, that no translatable language knows either.
    const hello = await translate({ text: 'Hola', target_language: 'en' });
    expect(hello.status).toBe(422);
    expect(hello.body.error.code).toBe('language_not_detected');
    // With the source given, the same Esperanto is translated.
    const given = await translate({ text: 'Mi ŝatas legi librojn.', target_language: 'en', source_language: 'eo' });
    expect(given.status).toBe(200);
    expect(given.body.translated_text).toMatch(/books/);
  });

  it('translates an unsure short text only when its likeliest translatable language knows its words, and says it was unsure', async () => {
    const { status, body } = await translate({ text: 'Bom dia', target_language: 'es' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ detected_language: 'pt', detected_language_reliable: false });
    expect(body.translated_text).toMatch(/buen(os)? d[ií]as?/i);
    const sure = await translate({ text: 'El perro come la comida en la casa grande.', target_language: 'en' });
    expect(sure.body).toMatchObject({ detected_language: 'es', detected_language_reliable: true });
  });

  it('fails an array with an untranslatable item, listing every such item of every chunk, and translates nothing', async () => {
    const texts = Array.from({ length: 120 }, (_, i) => `The house number ${i} is very big.`);
    texts[3] = 'Der Hund ist sehr groß und schwarz.';
    texts[77] = 'Mi ŝatas legi librojn.';
    texts[110] = 'Dzień dobry, jak się masz?';
    const { status, body } = await translate({ text: texts, target_language: 'es' });
    expect(status).toBe(422);
    expect(body.error.code).toBe('unsupported_source_language');
    expect(body.error.details.map((d: { item: number; code: string; detected_language: string }) => [d.item, d.code, d.detected_language])).toEqual([
      [3, 'unsupported_source_language', 'de'],
      [77, 'language_not_detected', 'es'],
      [110, 'unsupported_source_language', 'pl'],
    ]);
    expect(body.message).toMatch(/^text\[3\] is in German \(de, detected with confidence [0-9.]+\), which cannot be translated to es/);
    expect(body.message).toContain('text[77]');
    expect(body.message).toContain('text[110] is in Polish');
    expect(body.translated_text).toBeUndefined();
  });

  it('answers unchanged only what needs no translation: text already in the target language, numbers, links', async () => {
    const { status, body } = await translate({ text: ['La casa es muy grande y bonita.', '12345', 'https://example.com/a', '', 'The house is very big.'], target_language: 'es' });
    expect(status).toBe(200);
    expect(body.translated_text.slice(0, 4)).toEqual(['La casa es muy grande y bonita.', '12345', 'https://example.com/a', '']);
    expect(body.translated_text[4]).toMatch(/casa/);
  });
});

describe('English to the Romance languages and Esperanto, through the real workers', () => {
  it.each([
    ['fr', /maison/],
    ['pt', /casa/],
    ['ca', /casa/],
    ['gl', /casa/],
    ['eo', /domo/],
    ['ro', /cas[ăa]/],
    ['oc', /ostal|maison|casa/],
  ] as const)('en -> %s', async (target, word) => {
    const { status, body } = await translate({ text: 'My sister lives in a small house near the sea.', source_language: 'en', target_language: target });
    expect(status).toBe(200);
    expect(body.translated_text).toMatch(word);
    expect(body.translated_text).not.toMatch(/[*#@]/);
  });

  it('English to French reads as French (through Catalan): "Good morning, how are you?"', async () => {
    const { body } = await translate({ text: 'Good morning, how are you?', target_language: 'fr' });
    expect(body.detected_language).toBe('en');
    expect(body.translated_text).toMatch(/^Bonjour/);
  });
});

describe('the official jigsawstack client', () => {
  it('translate.text with a string and with an array', async () => {
    const client = JigsawStack({ apiKey: ALICE, baseURL: api.baseUrl });
    const one = await client.translate.text({ text: 'The cat is black', target_language: 'es', current_language: 'en' });
    expect(one.translated_text).toMatch(/gato/);
    const many = await client.translate.text({ text: ['Good morning', 'The cat is black'], target_language: 'es' });
    expect(many.translated_text).toHaveLength(2);
    expect(many.translated_text[1]).toMatch(/gato/);
  });
});
