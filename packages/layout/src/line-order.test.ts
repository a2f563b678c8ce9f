import { describe, expect, it } from 'vitest';
import { cellText } from './cells.js';
import { inLineOrder } from './line-order.js';
import type { LayoutWord } from './types.js';

const at = (text: string, x: number, y = 0): LayoutWord => ({ text, box: { x0: x, y0: y, x1: x + 40, y1: y + 20 }, confidence: 0.9 });

describe('inLineOrder', () => {
  it('reads a line of Latin words left to right, and one of Hebrew or Arabic words right to left', () => {
    expect(inLineOrder([at('Total', 100), at('Sub', 50)]).map((w) => w.text)).toEqual(['Sub', 'Total']);
    expect(inLineOrder([at('סך', 100), at('הכל', 50)]).map((w) => w.text)).toEqual(['סך', 'הכל']);
    expect(inLineOrder([at('المجموع', 100), at('الكلي', 50)]).map((w) => w.text)).toEqual(['المجموع', 'الكلي']);
    // Figures and one Latin word in a Hebrew line: most letters decide.
    expect(inLineOrder([at('2014', 0), at('תעשייה', 100), at('(ללא', 50)]).map((w) => w.text)).toEqual(['תעשייה', '(ללא', '2014']);
    expect(inLineOrder([at('2.6', 0), at('3.2', 60)]).map((w) => w.text)).toEqual(['2.6', '3.2']);
  });

  it("gives a table cell's Hebrew lines in reading order, each line under the one before", () => {
    expect(cellText([at('הכל', 50, 0), at('סך', 100, 0), at('לנפש', 100, 30)])).toBe('סך הכל\nלנפש');
  });
});
