import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeLinesOff } from '@docsvc/layout';
import { renderPlaced } from '../../../test/fixtures/render-text.ts';
import { REGISTER } from '../../../test/fixtures/tables.ts';
import { ENGINES, childTesseracts, grayPage, SLOW, texts, words } from '../test/engines.js';
import { readAgain, readingAheadOf, startReadingAgain } from './read-again.js';
import { readPage } from './read-page.js';
import type { EnginePage, OcrEngine } from './types.js';

/** The page with one word's text changed: a misreading to put right. */
const misread = (page: EnginePage, from: string, to: string): EnginePage => ({
  ...page,
  blocks: page.blocks.map((b) => ({ ...b, paragraphs: b.paragraphs.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l, words: l.words.map((w) => (w.text === from ? { ...w, text: to } : w)) })) })) })),
});

const oneDecimal = (text: string) => /^-?\d\.\d$/.test(text);

/** The register (a ruled table whose serial numbers 1-8 stand alone in their cells), lines off, read. */
async function readRegister(engine: OcrEngine) {
  const scan = await renderPlaced(REGISTER, { dpi: 300 });
  const { erased } = takeLinesOff({ ...scan, channels: 1 });
  return readPage(engine, grayPage(erased ?? scan), { language: 'eng', dpi: 300 });
}

for (const { name, create } of ENGINES) {
  describe(`readAgain (${name})`, () => {
    let engine: OcrEngine;
    beforeAll(async () => {
      engine = await create({ concurrency: 1 });
    }, 60_000);
    afterAll(async () => engine?.close());

    it('reads the serial numbers a ruled register leaves alone in their cells, where they stand, and nothing twice', SLOW, async () => {
      const read = await readRegister(engine);
      const before = texts(read.page);
      const left = await readAgain(engine, read.image, read.page, { dpi: 300 });
      const added = texts(left.page).slice(before.length);
      expect(added.filter((t) => /^\d$/.test(t)).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
      expect(left.words).toBe(added.length);
      // Each digit where it is printed: x 84 pt, its row's baseline 147 + 30 k pt (300 DPI: 25/6 px a point).
      const k = 300 / 72;
      for (const block of left.page.blocks.slice(read.page.blocks.length)) {
        const word = block.paragraphs[0]!.lines[0]!.words[0]!;
        if (!/^\d$/.test(word.text)) continue;
        const row = Number(word.text);
        expect(Math.abs(word.bbox.x0 - 84 * k), word.text).toBeLessThan(8);
        expect(Math.abs(word.bbox.y1 - (117 + 30 * row) * k), word.text).toBeLessThan(8);
      }
      // A second pass finds nothing left, and reads nothing.
      const recognized = engine.stats.pagesRecognized;
      const again = await readAgain(engine, read.image, left.page, { dpi: 300 });
      expect(again.regions).toBe(0);
      expect(again.page).toBe(left.page);
      expect(engine.stats.pagesRecognized).toBe(recognized);
    });

    it('puts a figure read again in place of its misreading where it then fits, and leaves a cell whose reading does not fit', SLOW, async () => {
      const scan = await renderPlaced({ texts: [{ text: 'Services', x: 72, y: 100, size: 12 }, { text: '-1.2', x: 300, y: 100, size: 12 }, { text: 'Trade', x: 72, y: 130, size: 12 }, { text: '0.4', x: 300, y: 130, size: 12 }] }, { dpi: 300 });
      const read = await readPage(engine, grayPage(scan), { language: 'eng', dpi: 300 });
      expect(texts(read.page)).toEqual(expect.arrayContaining(['-1.2', '0.4']));
      // As tesseract's page layout reads a column of figures block by block: a sign read as a quote, a figure as letters.
      const wrong = misread(misread(read.page, '-1.2', '“1.2'), '0.4', 'OA');
      const [minus, four] = ['“1.2', 'OA'].map((t) => words(wrong).find((w) => w.text === t)!.bbox);
      const again = await readAgain(engine, read.image, wrong, {
        dpi: 300,
        cellsOf: () => [
          { box: minus!, fits: oneDecimal },
          { box: four!, fits: (text: string) => text === 'never' },
        ],
      });
      expect(again.cells).toEqual({ read: 2, replaced: 1 });
      expect(texts(again.page).sort()).toEqual(['-1.2', 'OA', 'Services', 'Trade']);
      // The figure read again stands where it is printed.
      const put = words(again.page).find((w) => w.text === '-1.2')!.bbox;
      expect(Math.abs(put.x0 - minus!.x0)).toBeLessThan(12);
      expect(Math.abs(put.y1 - minus!.y1)).toBeLessThan(8);
    });

    it('reads the ink left unread and the cells named in the page it left, in one recognition', SLOW, async () => {
      const read = await readRegister(engine);
      const amount = words(read.page).find((w) => w.text === '48,020.00')!;
      const wrong = misread(read.page, '48,020.00', '48.02O.OO');
      let looked: EnginePage | undefined;
      const recognized = engine.stats.pagesRecognized;
      const again = await readAgain(engine, read.image, wrong, {
        dpi: 300,
        cellsOf: (page) => {
          looked = page;
          return [{ box: amount.bbox, fits: (text) => /^[\d,]+\.\d\d$/.test(text) }];
        },
      });
      expect(engine.stats.pagesRecognized - recognized).toBe(1);
      // The cells are found in the page as read, before its unread ink is: no serial number in it yet.
      expect(texts(looked!).filter((t) => /^\d$/.test(t))).toEqual([]);
      expect(again.cells).toEqual({ read: 1, replaced: 1 });
      expect(texts(again.page)).toContain('48,020.00');
      expect(texts(again.page)).not.toContain('48.02O.OO');
      expect(texts(again.page).filter((t) => /^\d$/.test(t)).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    });

    it('reads with a recognition started before the page was read where it reads the page\'s language, and with its own where not', SLOW, async () => {
      const read = await readRegister(engine);
      for (const language of [read.page.language, 'osd']) {
        const ahead = startReadingAgain(engine, { language, dpi: 300 });
        const recognized = engine.stats.pagesRecognized;
        const again = await readAgain(engine, read.image, read.page, { dpi: 300, ahead });
        expect(texts(again.page).filter((t) => /^\d$/.test(t)).sort(), language).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
        expect(engine.stats.pagesRecognized - recognized, language).toBe(1);
        expect(engine.stats.running, language).toBe(0);
        expect(childTesseracts(), language).toEqual([]);
      }
    });

    it('starts the recognition to follow again in the model a reading of the page starts in, and leaves none running', async () => {
      const ahead = readingAheadOf(engine, { language: 'eng', dpi: 300 });
      const first = ahead.current;
      ahead.onReading('eng');
      expect(ahead.current).toBe(first);
      ahead.onReading('osd');
      expect(ahead.current.language).toBe('osd');
      await ahead.cancel();
      expect(engine.stats.running).toBe(0);
      expect(childTesseracts()).toEqual([]);
    });

    it('leaves no recognition running when the cells cannot be worked out', SLOW, async () => {
      const read = await readRegister(engine);
      await expect(
        readAgain(engine, read.image, read.page, {
          dpi: 300,
          cellsOf: () => {
            throw new Error('no structure');
          },
        }),
      ).rejects.toThrow('no structure');
      expect(engine.stats.running).toBe(0);
      expect(childTesseracts()).toEqual([]);
    });

    it('reads nothing where there is nothing to read again', async () => {
      const page: EnginePage = { width: 10, height: 10, blocks: [], language: 'eng', recognizeMs: 0 };
      const recognized = engine.stats.pagesRecognized;
      const again = await readAgain(engine, grayPage({ width: 10, height: 10, data: new Uint8Array(100).fill(255) }), page, { cellsOf: () => [] });
      expect(again).toMatchObject({ regions: 0, words: 0, cells: { read: 0, replaced: 0 }, engineMs: 0 });
      expect(engine.stats.pagesRecognized).toBe(recognized);
    });
  });
}
