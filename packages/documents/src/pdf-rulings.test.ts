import { describe, expect, it } from 'vitest';
import { drawnPdf } from '../../../test/fixtures/pdf.ts';
import { readPdfPageForOcr } from './rasterize-pdf.js';

const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };
const table = (lineStyle: 'stroke' | 'fill') =>
  drawnPdf([
    {
      texts: [
        { text: 'Region', x: 80, y: 115 },
        { text: 'Sales', x: 230, y: 115 },
        { text: 'North', x: 80, y: 140 },
        { text: '120', x: 230, y: 140 },
      ],
      lines: [
        [72, 100, 372, 100],
        [72, 125, 372, 125],
        [72, 150, 372, 150],
        [72, 100, 72, 150],
        [222, 100, 222, 150],
        [372, 100, 372, 150],
      ],
      lineStyle,
    },
  ]);

describe('lines a born-digital page draws (rulings)', () => {
  for (const style of ['stroke', 'fill'] as const) {
    it(`reads ${style === 'stroke' ? 'stroked lines' : 'thin filled rectangles'} as thin boxes where the page shows them, in the page's pixels`, async () => {
      const page = await readPdfPageForOcr(table(style), 1, { dpi: 144, limits });
      expect(page.source).toBe('text_layer');
      if (page.source !== 'text_layer') return;
      // 144 DPI: 2 pixels a point.
      const horizontal = page.rulings.filter((r) => r.x1 - r.x0 > r.y1 - r.y0).sort((a, b) => a.y0 - b.y0);
      const vertical = page.rulings.filter((r) => r.y1 - r.y0 > r.x1 - r.x0).sort((a, b) => a.x0 - b.x0);
      expect(horizontal).toHaveLength(3);
      expect(vertical).toHaveLength(3);
      for (const [k, y] of [100, 125, 150].entries()) {
        const r = horizontal[k]!;
        expect((r.y0 + r.y1) / 2).toBeCloseTo(2 * y, 0);
        expect(r.x0).toBeCloseTo(144, 0);
        expect(r.x1).toBeCloseTo(744, 0);
        expect(r.y1 - r.y0).toBeLessThan(4);
      }
      expect(vertical.map((r) => Math.round((r.x0 + r.x1) / 2))).toEqual([144, 444, 744]);
      expect(vertical.every((r) => Math.abs(r.y0 - 200) < 2 && Math.abs(r.y1 - 300) < 2)).toBe(true);
    });
  }

  it('finds none on a page of text alone', async () => {
    const page = await readPdfPageForOcr(drawnPdf([{ texts: [{ text: 'Only words here', x: 72, y: 100 }] }]), 1, { dpi: 144, limits });
    expect(page.source === 'text_layer' && page.rulings).toEqual([]);
  });
});
