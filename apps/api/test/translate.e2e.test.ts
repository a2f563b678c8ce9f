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
  it('lists the installed routes, direct and through an intermediate language', async () => {
    const res = await fetch(`${api.baseUrl}/v1/ai/translate/languages`, { headers: bearer(ALICE) });
    const body = await res.json();
    expect(body.languages).toEqual(expect.arrayContaining(['ca', 'en', 'es', 'fr', 'gl', 'it', 'pt']));
    expect(body.routes).toContainEqual({ source: 'en', target: 'es', direct: true });
    expect(body.routes.some((r: { direct: boolean; via?: string }) => !r.direct && r.via)).toBe(true);
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
