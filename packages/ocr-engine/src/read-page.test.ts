import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proseLines, renderPlaced, wordAccuracy } from '../../../test/fixtures/render-text.ts';
import { HEBREW_FIGURES, HEBREW_LABELS } from '../../../test/fixtures/tables.ts';
import { FRENCH_LETTER, RUSSIAN_NOTICE, scannedPage } from '../../../test/fixtures/scans.ts';
import { ENGINES, grayPage, SLOW, texts } from '../test/engines.js';
import { rawPage } from './page-image.js';
import { rotateRaw } from './pnm.js';
import { readPage } from './read-page.js';
import type { OcrEngine } from './types.js';
import type { GrayImage, RawImage } from '@docsvc/image';

/**
 * readPage on scanned-looking pages whose text is known, with each engine: orientation, skew and
 * language decided from what the engine reads, and what that costs on a page that needs none.
 */

const PROSE = proseLines(16, 60, 4242);
const TRUTH = PROSE.join(' ').split(' ');
const SCAN = { width: 1700, height: 1500 };
const words = (text: readonly string[]): string[] => text.join(' ').split(/\s+/);

let upright: RawImage;
let skewedClockwise: GrayImage;
let skewedAnticlockwise: GrayImage;
let slightlySkewed: GrayImage;
let french: GrayImage;
let russian: GrayImage;
let hebrewTable: GrayImage;
beforeAll(async () => {
  upright = { ...(await scannedPage(PROSE, SCAN)), channels: 1 };
  skewedClockwise = await scannedPage(PROSE, { ...SCAN, skew: 4 });
  skewedAnticlockwise = await scannedPage(PROSE, { ...SCAN, skew: -5 });
  slightlySkewed = await scannedPage(PROSE, { ...SCAN, skew: -2 });
  french = await scannedPage(FRENCH_LETTER, { height: 1000 });
  russian = await scannedPage(RUSSIAN_NOTICE, { height: 800, font: 'DejaVu Sans' });
  hebrewTable = await renderPlaced(HEBREW_FIGURES, { dpi: 200 });
}, 60_000);

describe.each(ENGINES)('readPage with the $name engine', SLOW, ({ create }) => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await create();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('reads an upright English page once: no orientation detection, no second model', async () => {
    const read = await readPage(engine, rawPage(upright), { language: 'auto' });
    expect(read).toMatchObject({ rotation: 0, skew: 0, language: 'eng', passes: 1, orientation: null });
    expect(read.engineMs).toBe(read.page.recognizeMs);
    expect(wordAccuracy(TRUTH, texts(read.page))).toBeGreaterThanOrEqual(0.95);
  });

  it.each([90, 180, 270] as const)('turns a page lying at %i degrees upright, boxes in the upright image', async (turn) => {
    const read = await readPage(engine, rawPage(rotateRaw(upright, turn)), { language: 'auto' });
    expect(read.rotation).toBe((360 - turn) % 360);
    expect(read.orientation).not.toBeNull();
    expect(read.image).toMatchObject({ width: SCAN.width, height: SCAN.height });
    expect(read.page).toMatchObject({ width: SCAN.width, height: SCAN.height });
    expect(wordAccuracy(TRUTH, texts(read.page))).toBeGreaterThanOrEqual(0.95);
    // Upright text: words are wider than tall, and read top to bottom.
    const lines = read.page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    for (const line of lines) expect(line.bbox.x1 - line.bbox.x0).toBeGreaterThan(line.bbox.y1 - line.bbox.y0);
    expect(lines[0]!.bbox.y0).toBeLessThan(lines[lines.length - 1]!.bbox.y0);
  });

  it('reads the kept reading again in each way asked, in its pixels: a page turned upside down is read again upright, a way that comes to the kept one skipped', async () => {
    const ways = [
      { segmentation: 'block', model: 'installed' },
      { segmentation: 'block', model: 'best' },
      { segmentation: 'page', model: 'installed' },
    ] as const;
    const read = await readPage(engine, rawPage(rotateRaw(upright, 180)), { language: 'auto', readAgainAs: ways });
    expect(read.rotation).toBe(180);
    expect(read.others).toHaveLength(2);
    for (const other of read.others) {
      expect(other).toMatchObject({ width: SCAN.width, height: SCAN.height, language: 'eng' });
      expect(wordAccuracy(TRUTH, texts(other))).toBeGreaterThanOrEqual(0.95);
    }
    expect(read.engineMs).toBeGreaterThanOrEqual(read.others[0]!.recognizeMs + read.others[1]!.recognizeMs);
    // French has no best model here: its best way comes to the block reading already made.
    const fra = await readPage(engine, grayPage(french), { language: 'fra', readAgainAs: ways });
    expect(engine.bestLanguages).not.toContain('fra');
    expect(fra.others).toHaveLength(1);
    expect(fra.passes).toBe(2);
    // Not asked: no second reading.
    const once = await readPage(engine, rawPage(upright), { language: 'eng' });
    expect(once.others).toEqual([]);
    expect(once.passes).toBe(1);
  });

  it('levels a page skewed 4 degrees clockwise (tesseract alone reads almost none of it) and one skewed 5 the other way', async () => {
    for (const [page, skew] of [
      [skewedClockwise, -4],
      [skewedAnticlockwise, 5],
    ] as const) {
      const read = await readPage(engine, grayPage(page), { language: 'auto' });
      expect(read.rotation).toBe(0);
      expect(read.skew).toBeCloseTo(skew, 0);
      expect(wordAccuracy(TRUTH, texts(read.page))).toBeGreaterThanOrEqual(0.95);
    }
    const alone = await engine.recognize(grayPage(skewedClockwise));
    console.log(`${engine.name}: tesseract alone read ${texts(alone).length} of ${TRUTH.length} words of the page skewed 4 degrees clockwise`);
  });

  it('answers a slightly tilted page that was read completely as it was read: one reading, boxes on the page as sent', async () => {
    const read = await readPage(engine, grayPage(slightlySkewed), { language: 'auto' });
    expect(read).toMatchObject({ rotation: 0, skew: 0, passes: 1 });
    expect(wordAccuracy(TRUTH, texts(read.page))).toBeGreaterThanOrEqual(0.95);
  });

  it('reads a French letter sent with no language in French, with its accents', async () => {
    const models: string[] = [];
    const read = await readPage(engine, grayPage(french), { language: 'auto', onReading: (language) => models.push(language) });
    expect(read).toMatchObject({ language: 'fra', rotation: 0, passes: 2 });
    // Each reading told as it starts, with its model: what a reading to follow loads meanwhile.
    expect(models).toEqual(['eng', 'fra']);
    for (const accented of ['écris', 'réunion', 'prévue', 'côté', 'déjà', 'près', 'l’hôtel', 'très', 'agréable']) expect(texts(read.page)).toContain(accented);
    expect(wordAccuracy(words(FRENCH_LETTER), texts(read.page))).toBeGreaterThanOrEqual(0.95);
  });

  it('reads a Russian notice in Russian, its script found by orientation detection, even upside down', async () => {
    for (const turn of [0, 180] as const) {
      const read = await readPage(engine, rawPage(rotateRaw({ ...russian, channels: 1 }, turn)), { language: 'auto' });
      expect(read).toMatchObject({ language: 'rus', rotation: turn });
      expect(read.orientation?.script).toBe('Cyrillic');
      expect(wordAccuracy(words(RUSSIAN_NOTICE), texts(read.page))).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('reads the Hebrew labels of a table of figures in Hebrew, the figures as they are: the script told by the words that read badly', async () => {
    // The figures read well in English, so the page reads well enough, and OSD over the whole of it says Latin.
    const read = await readPage(engine, grayPage(hebrewTable), { language: 'auto' });
    expect(read.language).toBe('heb+eng');
    const got = texts(read.page);
    for (const label of HEBREW_LABELS.flatMap((l) => l.split(' '))) expect(got).toContain(label);
    for (const figure of ['2.6', '-1.7', '12.0', '11.6', '-0.1', '9.3', '2014']) expect(got).toContain(figure);
    // Given English, it stays English.
    expect(await readPage(engine, grayPage(hebrewTable), { language: 'eng' })).toMatchObject({ language: 'eng', passes: 1 });
  });

  it('keeps the language it is given, and a blank page costs one reading', async () => {
    const asked = await readPage(engine, grayPage(french), { language: 'eng' });
    expect(asked).toMatchObject({ language: 'eng', passes: 1 });
    const blank = { width: 1200, height: 900, data: new Uint8Array(1200 * 900).fill(240) };
    expect(await readPage(engine, grayPage(blank), { language: 'auto' })).toMatchObject({ passes: 1, rotation: 0, skew: 0, orientation: null });
  });
});
