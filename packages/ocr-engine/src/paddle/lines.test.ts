import { describe, expect, it } from 'vitest';
import { lineWords, paddlePage } from './lines.js';

describe('PaddleOCR lines as an engine page', () => {
  it("gives each word the share of its line's box its characters take", () => {
    const words = lineWords({ text: 'TOTAL  21.50', box: { x: 100, y: 40, width: 120, height: 20 }, confidence: 0.9 });
    expect(words.map((w) => w.text)).toEqual(['TOTAL', '21.50']);
    expect(words[0]!.bbox).toEqual({ x0: 100, y0: 40, x1: 150, y1: 60 });
    expect(words[1]!.bbox).toEqual({ x0: 170, y0: 40, x1: 220, y1: 60 });
    expect(words.every((w) => w.confidence === 0.9)).toBe(true);
  });

  it('boxes the words of a line printed at a slant in its height across, about its centre, so that two slanted lines do not overlap', () => {
    // Two lines 30 px apart, each 20 px high, rising 40 px over their width: their boxes are 60 px tall.
    const slanted = (text: string, y: number) => ({ text, box: { x: 0, y, width: 200, height: 60, points: [{ x: 0, y: y + 40 }, { x: 200, y }, { x: 200, y: y + 20 }, { x: 0, y: y + 60 }] }, confidence: 0.9 });
    const [first, second] = [lineWords(slanted('AIK HUAT', 100))[0]!, lineWords(slanted('ENTERPRISE', 130))[0]!];
    expect(first.bbox).toMatchObject({ y0: 120, y1: 140 });
    expect(second.bbox).toMatchObject({ y0: 150, y1: 170 });
    // A level line keeps its box.
    expect(lineWords({ text: 'TOTAL', box: { x: 0, y: 10, width: 50, height: 20, points: [{ x: 0, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 30 }, { x: 0, y: 30 }] }, confidence: 1 })[0]!.bbox).toMatchObject({ y0: 10, y1: 30 });
  });

  it('keeps the lines in order, one block each, and none that is blank', () => {
    const page = paddlePage(
      [
        { text: 'KEDAI BUKU', box: { x: 10, y: 10, width: 100, height: 12 }, confidence: 0.95 },
        { text: '  ', box: { x: 10, y: 30, width: 20, height: 12 }, confidence: 0.5 },
        { text: 'TOTAL 21.50', box: { x: 10, y: 50, width: 110, height: 12 }, confidence: 0.8 },
      ],
      200,
      100,
      42,
    );
    expect(page.blocks.map((b) => b.paragraphs[0]!.lines[0]!.text)).toEqual(['KEDAI BUKU', 'TOTAL 21.50']);
    expect(page).toMatchObject({ width: 200, height: 100, recognizeMs: 42 });
  });
});
