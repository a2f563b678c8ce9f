import { describe, expect, it } from 'vitest';
import type { Box, GrayImage } from '@docsvc/image';
import { blank } from '../test/engines.js';
import { unreadRegions } from './left-ink.js';

/** Paints a dark rectangle (a glyph, a rule, a word's ink) on the page. */
function ink(page: GrayImage, box: Box): void {
  for (let y = box.y0; y < box.y1; y++) page.data.fill(0, y * page.width + box.x0, y * page.width + box.x1);
}

/** An outline 4 px thick (a 0). */
function ring(page: GrayImage, box: Box): void {
  ink(page, box);
  for (let y = box.y0 + 4; y < box.y1 - 4; y++) page.data.fill(255, y * page.width + box.x0 + 4, y * page.width + box.x1 - 4);
}

describe('unreadRegions', () => {
  // Words read 30 px high; what they cover is ink too.
  const words: Box[] = [
    { x0: 100, y0: 100, x1: 300, y1: 130 },
    { x0: 320, y0: 100, x1: 500, y1: 130 },
    { x0: 100, y0: 200, x1: 400, y1: 230 },
  ];
  const page = (): GrayImage => {
    const p = blank(1000, 800);
    for (const w of words) for (let x = w.x0 + 2; x < w.x1 - 6; x += 12) ink(p, { x0: x, y0: w.y0 + 4, x1: x + 4, y1: w.y1 - 4 });
    return p;
  };

  it('finds nothing on a page whose ink was all read', () => {
    expect(unreadRegions(page(), words)).toEqual([]);
  });

  it('finds a digit left alone, and two glyphs side by side as one region', () => {
    const p = page();
    ink(p, { x0: 700, y0: 300, x1: 704, y1: 326 });
    ink(p, { x0: 696, y0: 300, x1: 700, y1: 304 });
    ink(p, { x0: 694, y0: 323, x1: 710, y1: 326 }); // a 1: stem, flag and foot
    ring(p, { x0: 700, y0: 500, x1: 716, y1: 526 });
    ring(p, { x0: 722, y0: 500, x1: 738, y1: 526 }); // 00
    const regions = unreadRegions(p, words);
    expect(regions).toHaveLength(2);
    const [one, two] = regions as [Box, Box];
    expect(one.x0).toBeLessThanOrEqual(694);
    expect(one.x1).toBeGreaterThanOrEqual(710);
    expect(one.y0).toBeLessThanOrEqual(300);
    expect(one.y1).toBeGreaterThanOrEqual(326);
    expect(two.x0).toBeLessThanOrEqual(700);
    expect(two.x1).toBeGreaterThanOrEqual(738);
  });

  it('leaves out specks, rules, solid blocks and marks far taller than a line', () => {
    const p = page();
    ink(p, { x0: 600, y0: 300, x1: 604, y1: 304 }); // a speck
    ink(p, { x0: 100, y0: 400, x1: 900, y1: 403 }); // a rule
    ink(p, { x0: 600, y0: 500, x1: 630, y1: 530 }); // a filled square (a bullet, a bar)
    ink(p, { x0: 800, y0: 550, x1: 804, y1: 750 }); // a stroke of a picture
    ink(p, { x0: 900, y0: 300, x1: 903, y1: 326 }); // a bare stroke: what is left of a rule, a |
    expect(unreadRegions(p, words)).toEqual([]);
  });

  it('finds nothing where no words were read, or on a page of one gray', () => {
    const p = page();
    expect(unreadRegions(p, [])).toEqual([]);
    expect(unreadRegions({ ...blank(500, 500), data: new Uint8Array(500 * 500).fill(200) }, words)).toEqual([]);
  });
});
