import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@docsvc/schemas';
import { ApertiumEngine } from './apertium-engine.js';
import { isRunning } from '@docsvc/test-kit';

describe('ApertiumEngine (real Apertium)', () => {
  let engine: ApertiumEngine;
  const pids: number[] = [];
  beforeAll(async () => {
    engine = await ApertiumEngine.create();
  });
  afterAll(async () => {
    for (const pool of ['en>es', 'es>en', 'es>pt'].map((key) => engine.pool(key))) for (const pipeline of pool.list()) pids.push(pipeline.pid!, ...pipeline.stagePids());
    await engine.close();
    // close() waits for bash, which has reaped its stages: nothing may be left.
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('discovers the installed pairs and marks direct routes', () => {
    const routes = engine.routes();
    expect(routes).toContainEqual({ source: 'en', target: 'es', direct: true });
    expect(routes).toContainEqual({ source: 'es', target: 'en', direct: true });
    expect(routes).toContainEqual({ source: 'en', target: 'pt', direct: false, via: 'es' });
    expect(routes).toContainEqual({ source: 'fr', target: 'en', direct: false, via: 'es' });
    expect(routes).toContainEqual({ source: 'ca', target: 'es', direct: false, via: 'en' });
    expect(engine.name).toBe('apertium');
  });

  it('translates English to Spanish', async () => {
    const [cat, house] = await engine.translate(['The cat is black.', 'I live in a big house with my family.'], 'en', 'es');
    expect(cat).toBe('El gato es negro.');
    expect(house).toMatch(/casa/);
    expect(house).toMatch(/grande/);
    expect(house).toMatch(/familia/);
  });

  it('translates Spanish to English', async () => {
    const [cat, sister] = await engine.translate(['El gato es negro.', 'Mi hermana vive en una casa grande.'], 'es', 'en');
    expect(cat).toMatch(/cat/);
    expect(cat).toMatch(/black/);
    expect(sister).toMatch(/sister/);
    expect(sister).toMatch(/big house/);
  });

  it('keeps 200 strings in order', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `The house number ${i} is big.`);
    const out = await engine.translate(texts, 'en', 'es');
    expect(out).toHaveLength(200);
    out.forEach((text, i) => {
      expect(text).toMatch(/casa/);
      expect(text.match(/\d+/)?.[0]).toBe(String(i));
    });
  });

  it('translates a long text as several units and keeps its paragraphs and order', async () => {
    const paragraphs = Array.from({ length: 12 }, (_, p) => Array.from({ length: 12 }, (_, s) => `The house ${p * 100 + s} is big.`).join(' '));
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(2_000);
    const [out] = await engine.translate([text], 'en', 'es');
    const outParagraphs = out!.split('\n\n');
    expect(outParagraphs).toHaveLength(12);
    expect(out!.match(/\d+/g)?.map(Number)).toEqual(paragraphs.flatMap((_, p) => Array.from({ length: 12 }, (_, s) => p * 100 + s)));
    expect(outParagraphs[11]).toMatch(/^La casa 1100 es grande\./);
  });

  it('translates through an intermediate language (en -> es -> pt)', async () => {
    const [cat, blorf] = await engine.translate(['The cat is black.', 'The blorfing house is big.'], 'en', 'pt');
    expect(cat).toMatch(/gato/);
    expect(cat).toMatch(/é/);
    expect(blorf).toMatch(/casa/);
    expect(blorf).toMatch(/blorfing/);
    expect(blorf).not.toMatch(/[*#@]/);
  });

  it('keeps leading and trailing whitespace, line breaks, numbers, URLs and e-mail addresses', async () => {
    const text = '  Call 555-1234 or write to john.doe@example.org.\nVisit https://example.com/docs?id=42 for 3 houses at 25.50 dollars on 2024-01-05.\t\n';
    const [out] = await engine.translate([text], 'en', 'es');
    expect(out).toMatch(/^ {2}\S/);
    expect(out).toMatch(/\S\t\n$/);
    expect(out!.split('\n')).toHaveLength(3);
    for (const kept of ['555-1234', 'john.doe@example.org', 'https://example.com/docs?id=42', ' 3 ', '25.50', '2024-01-05']) expect(out).toContain(kept);
    expect(out).toMatch(/Visita/);
    expect(out).toMatch(/casas/);
  });

  it('leaves no double space where the engine dropped a word, and keeps the caller\'s own', async () => {
    const [dropped] = await engine.translate(['The weather is nice today. We will go to the beach.'], 'en', 'es');
    expect(dropped).toMatch(/hoy\. Iremos/); // Apertium itself writes "hoy.  Iremos"
    const [own] = await engine.translate(['The cat.   The dog.'], 'en', 'es');
    expect(own).toContain('.   ');
  });

  it('never shows the engine\'s unknown-word marks, but keeps the word', async () => {
    const [out] = await engine.translate(['The zibbles blorfed the red car quickly.'], 'en', 'es');
    expect(out).not.toMatch(/[*#@]/);
    expect(out).toMatch(/zibbles/);
    expect(out).toMatch(/blorfed/);
    expect(out).toMatch(/coche rojo/);
  });

  it('keeps the characters the engine uses as marks when they are the text\'s own', async () => {
    const [out] = await engine.translate(['Rate 5 * 3 with #tags, ~approx and x^2 @home.'], 'en', 'es');
    for (const kept of ['5 * 3', '#', '~', '^2', '@']) expect(out).toContain(kept);
  });

  it('answers an empty or blank string as it is, and the same language as the input', async () => {
    expect(await engine.translate(['', '  ', '\n'], 'en', 'es')).toEqual(['', '  ', '\n']);
    expect(await engine.translate(['The cat is black.'], 'en', 'EN')).toEqual(['The cat is black.']);
    expect(await engine.translate([], 'en', 'es')).toEqual([]);
  });

  it('accepts codes in other forms', async () => {
    expect(await engine.translate(['The cat is black.'], 'eng', 'es-ES')).toEqual(['El gato es negro.']);
  });

  it('refuses a pair it has no route for, listing the targets available from that source', async () => {
    const error = await engine.translate(['Bon dia'], 'ca', 'pt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'unsupported_language_pair', status: 400, retryable: false });
    expect((error as Error).message).toMatch(/ca.*pt/);
    expect((error as Error).message).toContain('en, es, gl');
    expect((error as ServiceError).details).toEqual([{ source: 'ca', target: 'pt', available_targets: ['en', 'es', 'gl'] }]);
    await expect(engine.translate(['x'], 'de', 'en')).rejects.toMatchObject({ code: 'unsupported_language_pair' });
    await expect(engine.translate(['x'], 'klingon', 'en')).rejects.toMatchObject({ code: 'invalid_language_code' });
  });

  it('honours an abort signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(engine.translate(['The cat is black.'], 'en', 'es', { signal: controller.signal })).rejects.toThrow('client went away');
  });

  it('uses persistent pipelines: later requests reuse the same processes', async () => {
    await engine.translate(['One.'], 'es', 'pt');
    const [pipeline] = engine.pool('es>pt').list();
    const pid = pipeline!.pid;
    for (let i = 0; i < 5; i++) await engine.translate([`Casa ${i}.`], 'es', 'pt');
    expect(engine.pool('es>pt').list().map((p) => p.pid)).toEqual([pid]);
  });
});
