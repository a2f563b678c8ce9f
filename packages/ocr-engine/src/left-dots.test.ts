import { describe, expect, it } from 'vitest';
import type { Box, GrayImage } from '@docsvc/image';
import { blank } from '../test/engines.js';
import { dotsAt } from './left-dots.js';

/** Paints a dark rectangle on the page. */
function ink(page: GrayImage, box: Box): void {
  for (let y = box.y0; y < box.y1; y++) page.data.fill(0, y * page.width + box.x0, y * page.width + box.x1);
}

describe('dotsAt', () => {
  // A row of figures read 30 px tall, their baseline at y 130; a cell of the row left unread at x 400-460.
  const words: Box[] = [
    { x0: 100, y0: 100, x1: 200, y1: 130 },
    { x0: 250, y0: 100, x1: 330, y1: 130 },
    { x0: 500, y0: 100, x1: 580, y1: 130 },
  ];
  const place: Box = { x0: 400, y0: 110, x1: 460, y1: 140 };
  const page = (dots: Box[]): GrayImage => {
    const p = blank(700, 200);
    for (const w of words) ink(p, w);
    for (const d of dots) ink(p, d);
    return p;
  };

  it('reads two or three dots alike on the baseline as `..` or `...`', () => {
    const two = dotsAt(page([{ x0: 410, y0: 125, x1: 415, y1: 130 }, { x0: 423, y0: 125, x1: 428, y1: 130 }]), place, 128, words, 30);
    expect(two).toMatchObject({ text: '..', bbox: { x0: 410, y0: 125, x1: 428, y1: 130 } });
    const three = dotsAt(page([0, 1, 2].map((i) => ({ x0: 410 + 13 * i, y0: 125, x1: 415 + 13 * i, y1: 130 }))), place, 128, words, 30);
    expect(three?.text).toBe('...');
  });

  it('reads no dots in specks unlike dots: a colon, unlike sizes, one high, a line, one alone', () => {
    const at = (dots: Box[]) => dotsAt(page(dots), { x0: 400, y0: 95, x1: 460, y1: 140 }, 128, words, 30);
    // A colon: one over the other, the upper at mid-height.
    expect(at([{ x0: 410, y0: 112, x1: 415, y1: 117 }, { x0: 410, y0: 125, x1: 415, y1: 130 }])).toBeUndefined();
    // Unlike sizes.
    expect(at([{ x0: 410, y0: 125, x1: 415, y1: 130 }, { x0: 423, y0: 122, x1: 431, y1: 130 }])).toBeUndefined();
    // Two dots at mid-height: not on the baseline.
    expect(at([{ x0: 410, y0: 112, x1: 415, y1: 117 }, { x0: 423, y0: 112, x1: 428, y1: 117 }])).toBeUndefined();
    // A short rule.
    expect(at([{ x0: 410, y0: 127, x1: 440, y1: 129 }])).toBeUndefined();
    // Ragged specks (dirt on a scan): ink along two edges of their boxes only.
    expect(at([{ x0: 410, y0: 125, x1: 416, y1: 126 }, { x0: 410, y0: 125, x1: 411, y1: 131 }, { x0: 423, y0: 125, x1: 429, y1: 126 }, { x0: 423, y0: 125, x1: 424, y1: 131 }])).toBeUndefined();
    // One dot alone.
    expect(at([{ x0: 410, y0: 125, x1: 415, y1: 130 }])).toBeUndefined();
  });
});
