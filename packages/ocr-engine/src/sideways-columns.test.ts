import { describe, expect, it } from 'vitest';
import type { Box, GrayImage } from '@docsvc/image';
import { blank } from '../test/engines.js';
import { sidewaysColumns, withoutLines } from './sideways-columns.js';
import type { EngineLine, EnginePage } from './types.js';

const ink = (page: GrayImage, b: Box) => {
  for (let y = b.y0; y < b.y1; y++) page.data.fill(0, y * page.width + b.x0, y * page.width + b.x1);
};
const line = (text: string, bbox: Box): EngineLine => ({ text, confidence: 0.5, bbox, words: text.split(' ').map((t) => ({ text: t, confidence: 0.5, bbox })) });
const pageOf = (lines: EngineLine[]): EnginePage => ({ width: 1000, height: 1000, language: 'eng', recognizeMs: 0, blocks: [{ bbox: lines[0]!.bbox, paragraphs: [{ bbox: lines[0]!.bbox, lines }] }] });

describe('sidewaysColumns', () => {
  // Words 30 px high; a column of five digits 30 px high, one every 75 px (a row's pitch).
  const digits = () => {
    const page = blank(1000, 1000);
    for (let k = 0; k < 5; k++) ink(page, { x0: 104, y0: 100 + 75 * k, x1: 120, y1: 130 + 75 * k });
    ink(page, { x0: 200, y0: 100, x1: 600, y1: 130 }); // a line of text beside
    return page;
  };

  it('finds a column of values one a row read as one line down the page, and nothing else', () => {
    const column = line('N ODO oO fF W', { x0: 100, y0: 98, x1: 124, y1: 432 });
    const across = line('Summary of findings', { x0: 200, y0: 100, x1: 600, y1: 130 });
    const page = pageOf([across, column]);
    expect([...sidewaysColumns(digits(), page, 30)]).toEqual([column]);
    expect(withoutLines(page, new Set([column])).blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines))).toEqual([across]);
  });

  it('keeps a line set down the page whose words stand close (a turned column header)', () => {
    const page = blank(1000, 1000);
    // Glyphs 24 px along the line, 4 px apart; words of five glyphs 12 px apart (a space).
    for (let y = 100, k = 0; y < 420; k++) {
      ink(page, { x0: 104, y0: y, x1: 130, y1: y + 24 });
      y += k % 5 === 4 ? 36 : 28;
    }
    const header = line('Number of households', { x0: 100, y0: 98, x1: 134, y1: 420 });
    expect(sidewaysColumns(page, pageOf([header]), 30).size).toBe(0);
  });

  it('keeps a line of big type not tall enough to be a column', () => {
    const page = blank(1000, 1000);
    ink(page, { x0: 100, y0: 100, x1: 140, y1: 180 });
    ink(page, { x0: 100, y0: 200, x1: 140, y1: 280 });
    // Two big letters one over the other with a gap, the line no taller than 2.5 words.
    expect(sidewaysColumns(page, pageOf([line('I I', { x0: 100, y0: 100, x1: 140, y1: 150 })]), 30).size).toBe(0);
  });
});
