import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '@docsvc/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proseLines, renderLines, renderPlaced, toPng, wordAccuracy, type DrawnLine } from '../../../test/fixtures/render-text.ts';
import { blank, childTesseracts, ENGINES, grayPage, PARAGRAPH, PARAGRAPH_WORDS as TRUTH, SLOW, texts, words } from '../test/engines.js';
import { DEFAULT_LANG_PATH } from './languages.js';
import { rawPage } from './page-image.js';
import { rotateRaw } from './pnm.js';
import type { OcrEngine, PageImage } from './types.js';
import type { Box, GrayImage } from '@docsvc/image';

/**
 * One suite, run against both engines: the same fixtures and the same assertions on text, boxes,
 * confidences, errors, time limits and cancellation. Either engine may serve the API.
 */

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const inside = (box: Box, page: { width: number; height: number }): boolean =>
  box.x0 >= 0 && box.y0 >= 0 && box.x1 <= page.width && box.y1 <= page.height && box.x0 < box.x1 && box.y0 < box.y1;
const encoded = (bytes: Uint8Array, width: number, height: number): PageImage => ({
  width,
  height,
  bytes,
  pixels: () => Promise.reject(new Error('not needed')),
});

let paragraph: { image: GrayImage; lines: DrawnLine[] };
let dense: GrayImage;
beforeAll(async () => {
  paragraph = await renderLines(PARAGRAPH, { width: 1800, height: 460, fontSize: 46, lineHeight: 80 });
  ({ image: dense } = await renderLines(proseLines(50, 84), { width: 2550, height: 3300, fontSize: 42, lineHeight: 60, left: 150, top: 150, font: 'DejaVu Serif' }));
}, 60_000);

describe.each(ENGINES)('$name engine', SLOW, ({ name, create }) => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await create({ concurrency: 2 });
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('says what it is and lists the installed languages', () => {
    expect(engine.name).toBe(name);
    expect(engine.version).toMatch(name === 'native' ? /^tesseract 5\.\d+\.\d+$/ : /^tesseract\.js \d+\.\d+\.\d+$/);
    expect(engine.languages).toEqual(expect.arrayContaining(['eng', 'fra', 'deu', 'spa', 'rus', 'chi_sim', 'ara']));
    expect(engine.languages.length).toBeGreaterThanOrEqual(20);
    expect([...engine.languages].sort()).toEqual(engine.languages);
    expect(engine.languages).not.toContain('osd');
    expect(engine.canDetectOrientation).toBe(true);
  });

  it('reads a paragraph of known words, boxed where they were drawn, with confidences and baselines', async () => {
    const page = await engine.recognize(grayPage(paragraph.image));
    expect(page).toMatchObject({ width: 1800, height: 460, language: 'eng' });
    expect(page.recognizeMs).toBeGreaterThan(0);
    const found = words(page);
    expect(wordAccuracy(TRUTH, found.map((w) => w.text))).toBeGreaterThanOrEqual(0.95);
    for (const word of found) {
      expect(inside(word.bbox, page)).toBe(true);
      expect(word.confidence).toBeGreaterThan(0.5);
      expect(word.confidence).toBeLessThanOrEqual(1);
      const drawnOn = paragraph.lines.filter((l) => l.text.split(' ').includes(word.text));
      if (drawnOn.length > 0) expect(drawnOn.some((l) => overlaps(word.bbox, l.band))).toBe(true);
    }
    const lines = page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    expect(lines).toHaveLength(PARAGRAPH.length);
    lines.forEach((line, i) => {
      expect(line.text).toBe(line.words.map((w) => w.text).join(' '));
      expect(line.confidence).toBeGreaterThan(0.5);
      expect(line.confidence).toBeLessThanOrEqual(1);
      expect(overlaps(line.bbox, paragraph.lines[i]!.band)).toBe(true);
      expect(line.baseline!.y0).toBeCloseTo(paragraph.lines[i]!.baseline, -1);
      expect(line.baseline!.y1).toBeCloseTo(paragraph.lines[i]!.baseline, -1);
    });
  });

  it('reads the same words from the encoded file (PNG) as from its pixels, and a GrayImage as a page', async () => {
    const fromPng = await engine.recognize(encoded(await toPng(paragraph.image), 1800, 460));
    const fromGray = await engine.recognize(paragraph.image);
    expect(fromPng).toMatchObject({ width: 1800, height: 460 });
    expect(texts(fromPng)).toEqual(texts(fromGray));
  });

  it('reads colour pixels (RGB) as well as gray', async () => {
    const { width, height, data } = paragraph.image;
    const rgb = new Uint8Array(width * height * 3);
    // Dark blue ink on cream paper.
    for (let i = 0; i < data.length; i++) {
      const ink = 1 - data[i]! / 255;
      rgb[i * 3] = Math.round(245 - ink * 215);
      rgb[i * 3 + 1] = Math.round(238 - ink * 190);
      rgb[i * 3 + 2] = Math.round(220 - ink * 100);
    }
    const page = await engine.recognize(rawPage({ width, height, channels: 3, data: rgb }));
    expect(wordAccuracy(TRUTH, texts(page))).toBeGreaterThanOrEqual(0.95);
  });

  it("reads a page's columns apart by default and across as one block with segmentation 'block', the next page by default again", async () => {
    // Two columns of six lines, a wide gutter between them.
    const left = ['Apples and pears', 'Carrots and leeks', 'Bread and butter', 'Cheese and wine', 'Salt and pepper', 'Fish and chips'];
    const right = ['Monday morning', 'Tuesday evening', 'Friday afternoon', 'Sunday at noon', 'Weekly on Monday', 'Daily at seven'];
    const columns = await renderPlaced({ texts: [...left.map((text, i) => ({ text, x: 40, y: 60 + i * 16, size: 12 })), ...right.map((text, i) => ({ text, x: 400, y: 60 + i * 16, size: 12 }))], widthPt: 560, heightPt: 200 }, { dpi: 200 });
    const lineTexts = (page: Awaited<ReturnType<OcrEngine['recognize']>>) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.text)));
    const byPage = lineTexts(await engine.recognize(columns));
    const asBlock = lineTexts(await engine.recognize(columns, { segmentation: 'block' }));
    const again = lineTexts(await engine.recognize(columns));
    expect(byPage).toEqual([...left, ...right]);
    expect(asBlock).toEqual(left.map((l, i) => `${l} ${right[i]}`));
    expect(again).toEqual(byPage);
  });

  it('reads every cell of a table of figures with its own table finding off (findTables: false), as with it on', async () => {
    const rows = [['Region', '2022', '2023'], ['North', '1,204', '1,318'], ['South', '987', '1,052'], ['East', '2,311', '2,406'], ['West', '1,876', '1,933']];
    const table = await renderPlaced({ texts: rows.flatMap((r, i) => r.map((text, j) => ({ text, x: 60 + j * 150, y: 60 + i * 18, size: 12 }))), widthPt: 560, heightPt: 200 }, { dpi: 300 });
    const read = async (findTables?: boolean) => texts(await engine.recognize(table, findTables === undefined ? {} : { findTables }));
    const without = await read(false);
    expect(without.sort()).toEqual(rows.flat().sort());
    expect(without).toEqual((await read()).sort());
  });

  it("reads with the best model where asked and the language has one (English's from npm), with the installed one otherwise", async () => {
    expect(engine.bestLanguages).toEqual(['eng']);
    const best = await engine.recognize(grayPage(paragraph.image), { model: 'best' });
    expect(best.language).toBe('eng');
    expect(wordAccuracy(TRUTH, texts(best))).toBeGreaterThanOrEqual(0.95);
    // The models really come from the best folder: one whose "eng" is Spanish's reads accents in English.
    const folder = mkdtempSync(join(tmpdir(), 'best-models-'));
    copyFileSync(join(DEFAULT_LANG_PATH, 'spa.traineddata'), join(folder, 'eng.traineddata'));
    const swapped = await create({ bestLangPath: folder });
    try {
      expect(swapped.bestLanguages).toEqual(['eng']);
      const { image } = await renderLines(['El niño comió después de la canción'], { width: 1400, height: 160, fontSize: 46, lineHeight: 80 });
      const asBest = texts(await swapped.recognize(image, { language: 'eng', model: 'best' }));
      const asInstalled = texts(await swapped.recognize(image, { language: 'eng' }));
      // A set with a language lacking a best model is read with the installed models.
      const mixed = texts(await swapped.recognize(image, { language: 'eng+spa', model: 'best' }));
      expect(asBest).toEqual(expect.arrayContaining(['niño', 'comió', 'después', 'canción']));
      expect(asInstalled).not.toEqual(expect.arrayContaining(['niño', 'comió', 'después', 'canción']));
      expect(mixed).toEqual(expect.arrayContaining(['niño', 'canción']));
    } finally {
      await swapped.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('gives no blocks for a blank page', async () => {
    const page = await engine.recognize(blank(600, 400));
    expect(page).toMatchObject({ width: 600, height: 400, blocks: [] });
  });

  it('reads accented Spanish with spa, and language sets joined by +', async () => {
    const sentence = ['El niño comió después de la canción', 'y también habló con él de su próximo viaje.'];
    const { image } = await renderLines(sentence, { width: 1400, height: 300, fontSize: 46, lineHeight: 80 });
    const page = await engine.recognize(image, { language: 'spa' });
    expect(page.language).toBe('spa');
    for (const accented of ['niño', 'comió', 'después', 'canción', 'también', 'habló', 'próximo']) expect(texts(page)).toContain(accented);
    const mixed = await engine.recognize(blank(200, 100), { language: 'spa+eng+spa' });
    expect(mixed.language).toBe('spa+eng');
  });

  it('refuses an uninstalled language with validation_failed naming the installed ones', async () => {
    for (const language of ['xyz', 'eng+xyz', '']) {
      const err = await engine.recognize(paragraph.image, { language }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ code: 'validation_failed', status: 400 });
      expect((err as Error).message).toMatch(/installed: .*\beng\b.*\bfra\b/);
    }
  });

  it('answers bytes it cannot decode with invalid_document and keeps working', async () => {
    const png = await toPng(paragraph.image);
    for (const bytes of [new TextEncoder().encode('/etc/passwd\n'), png.subarray(0, png.length / 3), new Uint8Array()]) {
      const err = await engine.recognize(encoded(bytes, 1800, 460)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ code: 'invalid_document', status: 422, retryable: false });
    }
    await expect(engine.recognize({ width: 10, height: 10, data: new Uint8Array(5) })).rejects.toThrow(RangeError);
    expect(wordAccuracy(TRUTH, texts(await engine.recognize(paragraph.image)))).toBeGreaterThanOrEqual(0.95);
  });

  it('stops a page at its time limit, leaves nothing running, then reads the next', async () => {
    const started = performance.now();
    const err = await engine.recognize(dense, { signal: AbortSignal.timeout(300) }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(engine.stats.running).toBe(0);
    expect(childTesseracts()).toEqual([]);
    expect(wordAccuracy(TRUTH, texts(await engine.recognize(paragraph.image)))).toBeGreaterThanOrEqual(0.95);
  });

  it('cancels a running page and one not yet started, each with its own reason', async () => {
    const running = new AbortController();
    const first = engine.recognize(dense, { signal: running.signal });
    await new Promise((r) => setTimeout(r, 100));
    running.abort(new Error('cancelled by its request'));
    await expect(first).rejects.toThrow('cancelled by its request');
    await expect(engine.recognize(paragraph.image, { signal: AbortSignal.abort(new Error('already gone')) })).rejects.toThrow('already gone');
    await expect(engine.detectOrientation(paragraph.image, { signal: AbortSignal.abort(new Error('no osd')) })).rejects.toThrow('no osd');
    await new Promise((r) => setTimeout(r, 50));
    expect(childTesseracts()).toEqual([]);
    expect(engine.stats.running).toBe(0);
  });

  it('reads two pages at once', async () => {
    const before = engine.stats.pagesRecognized;
    const [a, b] = await Promise.all([engine.recognize(paragraph.image), engine.recognize(paragraph.image, { language: 'eng+spa' })]);
    for (const page of [a, b]) expect(wordAccuracy(TRUTH, texts(page))).toBeGreaterThanOrEqual(0.95);
    expect(engine.stats.pagesRecognized).toBe(before + 2);
  });

  it("detects a page's orientation and script, and says null when there is no text to tell", async () => {
    const raw = { ...dense, channels: 1 as const };
    const expected = { 0: 0, 90: 270, 180: 180, 270: 90 } as const;
    for (const turn of [0, 90, 180, 270] as const) {
      const osd = await engine.detectOrientation(rawPage(rotateRaw(raw, turn)));
      expect(osd, `page turned ${turn}`).toMatchObject({ rotation: expected[turn], script: 'Latin' });
      expect(osd!.confidence).toBeGreaterThan(5);
      expect(osd!.ms).toBeGreaterThan(0);
    }
    expect(await engine.detectOrientation(blank(800, 600))).toBeNull();
    expect(engine.stats.orientationRuns).toBeGreaterThanOrEqual(4);
  });

  // The one full page: a dense 300-DPI letter page. Times are printed, not asserted.
  it('reads a dense 2550x3300 page', async () => {
    const started = performance.now();
    const page = await engine.recognize(dense);
    const truth = proseLines(50, 84).join(' ').split(' ');
    const accuracy = wordAccuracy(truth, texts(page));
    console.log(`${name}: dense page ${truth.length} words, accuracy ${accuracy.toFixed(3)}, recognizeMs ${page.recognizeMs}, wall ${Math.round(performance.now() - started)} ms`);
    expect(accuracy).toBeGreaterThanOrEqual(0.95);
  });
});
