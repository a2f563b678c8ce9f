import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@docsvc/schemas';
import { ApertiumEngine } from './apertium-engine.js';
import { FAILED_DIRECTIONS, MEASURED_ROUTES } from './measured-routes.js';
import { isRunning } from '@docsvc/test-kit';

describe('ApertiumEngine (real Apertium)', () => {
  let engine: ApertiumEngine;
  const pids: number[] = [];
  beforeAll(async () => {
    engine = await ApertiumEngine.create();
  });
  afterAll(async () => {
    for (const pool of engine.directions().map(({ source, target }) => engine.pool(`${source}>${target}`))) for (const pipeline of pool.list()) pids.push(pipeline.pid!, ...pipeline.stagePids());
    await engine.close();
    // close() waits for bash, which has reaped its stages: nothing may be left.
    expect(pids.filter(isRunning)).toEqual([]);
  });

  it('discovers the installed pairs and marks direct routes', () => {
    const routes = engine.routes();
    expect(routes).toContainEqual(expect.objectContaining({ source: 'es', target: 'en', direct: true }));
    expect(routes).toContainEqual(expect.objectContaining({ source: 'es', target: 'it', direct: true }));
    expect(routes).toContainEqual(expect.objectContaining({ source: 'fr', target: 'en', direct: false }));
    expect(engine.name).toBe('apertium');
    // Every route between installed languages was measured by bench/translate-routes.ts.
    for (const route of routes) expect(route.score, `${route.source}>${route.target}`).toBeTypeOf('number');
  });

  it('routes English to French through the intermediate language that measured best (Catalan), not the first found', () => {
    const route = engine.routes().find((r) => r.source === 'en' && r.target === 'fr');
    const measured = MEASURED_ROUTES['en>fr']!;
    const best = Object.entries(measured).sort((a, b) => (b[1] ?? -1) - (a[1] ?? -1))[0]!;
    expect(route).toMatchObject({ direct: false, via: best[0], score: best[1] });
    expect(route!.via).toBe('ca');
    expect(measured.ca).toBeGreaterThan(measured.es!);
  });

  it('reads Serbo-Croatian as Croatian, Serbian and Bosnian, with no route among the three', () => {
    const routes = engine.routes();
    for (const code of ['hr', 'sr', 'bs']) {
      expect(routes).toContainEqual(expect.objectContaining({ source: code, target: 'en', direct: true }));
      expect(routes).toContainEqual(expect.objectContaining({ source: 'en', target: code, direct: true }));
    }
    expect(routes.filter((r) => ['hr', 'sr', 'bs'].includes(r.source) && ['hr', 'sr', 'bs'].includes(r.target))).toEqual([]);
  });

  it('leaves out the directions that failed when measured, and says why', () => {
    // hbs-mkd (bookworm) answers nothing at all; its mk -> hr/sr/bs twin works.
    expect(Object.keys(FAILED_DIRECTIONS)).toEqual(expect.arrayContaining(['hr>mk', 'sr>mk', 'bs>mk']));
    expect(engine.routes().filter((r) => ['hr', 'sr', 'bs'].includes(r.source) && (r.target === 'mk' || r.via === 'mk'))).toEqual([]);
    expect(engine.routes()).toContainEqual(expect.objectContaining({ source: 'mk', target: 'hr', direct: true }));
    expect(engine.skipped).toContainEqual(expect.objectContaining({ mode: 'hbs-mkd', failed: expect.stringContaining('no answer') }));
  });

  it('translates Spanish to Romanian with the direction Debian ships but does not install (es-ro)', async () => {
    expect(engine.directions()).toContainEqual({ source: 'es', target: 'ro', mode: 'es-ro' });
    const [out] = await engine.translate(['La casa es muy grande.'], 'es', 'ro');
    expect(out).toMatch(/casa/i);
    expect(out).toMatch(/mare/);
  });

  it('counts the words the source dictionary does not know: a text in another language is mostly unknown', async () => {
    const [spanish, esperanto] = await engine.translateDetailed(['El perro come en la casa grande.', 'Mi ŝatas legi librojn.'], 'es', 'en');
    expect(spanish).toMatchObject({ words: 7, unknownWords: 0 });
    expect(esperanto!.words).toBe(4);
    expect(esperanto!.unknownWords).toBeGreaterThanOrEqual(3);
    const [english, german] = await engine.coverage(['The house is big.', 'Das Haus ist sehr groß.'], 'en');
    expect(english).toEqual({ words: 4, unknownWords: 0 });
    expect(german!.unknownWords).toBeGreaterThanOrEqual(3);
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

  it('translates through an intermediate language (en -> pt)', async () => {
    expect(engine.routes().find((r) => r.source === 'en' && r.target === 'pt')).toMatchObject({ direct: false, via: expect.any(String) });
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
    expect(out).toMatch(/(coche|carro) rojo/);
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
    const error = await engine.translate(['Goeie môre'], 'af', 'en').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'unsupported_language_pair', status: 400, retryable: false });
    expect((error as Error).message).toMatch(/af.*en/);
    expect((error as ServiceError).details).toEqual([{ source: 'af', target: 'en', available_targets: ['nl'] }]);
    await expect(engine.translate(['x'], 'de', 'en')).rejects.toMatchObject({ code: 'unsupported_language_pair' });
    await expect(engine.translate(['x'], 'klingon', 'en')).rejects.toMatchObject({ code: 'invalid_language_code' });
  });

  it('honours an abort signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(engine.translate(['The cat is black.'], 'en', 'es', { signal: controller.signal })).rejects.toThrow('client went away');
  });

  it('uses persistent pipelines: later requests reuse the same processes', async () => {
    await engine.translate(['One.'], 'es', 'it');
    const [pipeline] = engine.pool('es>it').list();
    const pid = pipeline!.pid;
    for (let i = 0; i < 5; i++) await engine.translate([`Casa ${i}.`], 'es', 'it');
    expect(engine.pool('es>it').list().map((p) => p.pid)).toEqual([pid]);
  });
});
