import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPlaced } from '../../../test/fixtures/render-text.ts';
import { ENGINES, grayPage, SLOW, texts, words } from '../test/engines.js';
import { readPage } from './read-page.js';
import { rereadCells } from './reread-cells.js';
import type { EnginePage, OcrEngine } from './types.js';

/** The page with one word's text changed: a misreading to put right. */
const misread = (page: EnginePage, from: string, to: string): EnginePage => ({
  ...page,
  blocks: page.blocks.map((b) => ({ ...b, paragraphs: b.paragraphs.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l, words: l.words.map((w) => (w.text === from ? { ...w, text: to } : w)) })) })) })),
});

const oneDecimal = (text: string) => /^-?\d\.\d$/.test(text);

for (const { name, create } of ENGINES) {
  describe(`rereadCells (${name})`, () => {
    let engine: OcrEngine;
    beforeAll(async () => {
      engine = await create({ concurrency: 1 });
    }, 60_000);
    afterAll(async () => engine?.close());

    it('puts a figure read again in place of its misreading where it then fits, and leaves a cell whose reading does not fit', SLOW, async () => {
      const scan = await renderPlaced({ texts: [{ text: 'Services', x: 72, y: 100, size: 12 }, { text: '-1.2', x: 300, y: 100, size: 12 }, { text: 'Trade', x: 72, y: 130, size: 12 }, { text: '0.4', x: 300, y: 130, size: 12 }] }, { dpi: 300 });
      const read = await readPage(engine, grayPage(scan), { language: 'eng', dpi: 300 });
      expect(texts(read.page)).toEqual(expect.arrayContaining(['-1.2', '0.4']));
      // As tesseract's page layout reads a column of figures block by block: a sign read as a quote, a figure as letters.
      const wrong = misread(misread(read.page, '-1.2', '“1.2'), '0.4', 'OA');
      const [minus, four] = ['“1.2', 'OA'].map((t) => words(wrong).find((w) => w.text === t)!.bbox);
      const again = await rereadCells(engine, read.image, wrong, [
        { box: minus!, fits: oneDecimal },
        { box: four!, fits: (text) => text === 'never' },
      ], { dpi: 300 });
      expect(again.read).toBe(2);
      expect(again.replaced).toBe(1);
      expect(texts(again.page).sort()).toEqual(['-1.2', 'OA', 'Services', 'Trade']);
      // The figure read again stands where it is printed.
      const put = words(again.page).find((w) => w.text === '-1.2')!.bbox;
      expect(Math.abs(put.x0 - minus!.x0)).toBeLessThan(12);
      expect(Math.abs(put.y1 - minus!.y1)).toBeLessThan(8);
    });

    it('reads nothing where there is nothing to read again', async () => {
      const page: EnginePage = { width: 10, height: 10, blocks: [], language: 'eng', recognizeMs: 0 };
      const recognized = engine.stats.pagesRecognized;
      const again = await rereadCells(engine, grayPage({ width: 10, height: 10, data: new Uint8Array(100).fill(255) }), page, []);
      expect(again).toMatchObject({ read: 0, replaced: 0, engineMs: 0 });
      expect(engine.stats.pagesRecognized).toBe(recognized);
    });
  });
}
