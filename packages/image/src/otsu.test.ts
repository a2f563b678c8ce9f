import { describe, expect, it } from 'vitest';
import { grayHistogram, inkSplit, inkThreshold, otsu } from './otsu.js';

const image = (width: number, height: number, pixel: (x: number, y: number) => number) => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y);
  return { width, height, data };
};

describe('otsu', () => {
  it('splits dark ink from light paper between their levels, with their contrast', () => {
    // A page of paper (225-235) with a band of ink (20-40).
    const isInk = (y: number) => y >= 10 && y < 14;
    const page = image(40, 40, (x, y) => (isInk(y) ? 20 + (x % 21) : 225 + ((x + y) % 11)));
    const split = otsu(grayHistogram(page));
    expect(split).toBeDefined();
    for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) expect(page.data[y * 40 + x]! <= split!.threshold).toBe(isInk(y));
    expect(split!.contrast).toBeGreaterThan(180);
    expect(split!.contrast).toBeLessThan(215);
  });

  it('finds no split in a page of one gray level or in no pixels', () => {
    expect(otsu(grayHistogram(image(10, 10, () => 200)))).toBeUndefined();
    expect(otsu(new Uint32Array(256))).toBeUndefined();
  });

  it('counts every pixel once, whatever the box and wherever the pixels start in their buffer', () => {
    // Levels that change pixel by pixel, as a scan's noise does, in a buffer the image starts 1-3 bytes into.
    for (const offset of [0, 1, 2, 3]) {
      const buffer = new Uint8Array(offset + 37 * 23);
      const page = { width: 37, height: 23, data: buffer.subarray(offset) };
      for (let i = 0; i < page.data.length; i++) page.data[i] = (i * 7919 + offset) % 256;
      for (const box of [undefined, { x0: 0, y0: 0, x1: 37, y1: 23 }, { x0: 3, y0: 2, x1: 30, y1: 21 }, { x0: 5, y0: 4, x1: 7, y1: 5 }]) {
        const expected = new Uint32Array(256);
        const b = box ?? { x0: 0, y0: 0, x1: 37, y1: 23 };
        for (let y = b.y0; y < b.y1; y++) for (let x = b.x0; x < b.x1; x++) expected[page.data[y * 37 + x]!]!++;
        expect(grayHistogram(page, box)).toEqual(expected);
      }
    }
  });

  it('counts only the pixels inside the box', () => {
    const page = image(20, 10, (x) => (x < 10 ? 0 : 255));
    const histogram = grayHistogram(page, { x0: 10, y0: 0, x1: 20, y1: 5 });
    expect(histogram[255]).toBe(50);
    expect(histogram[0]).toBe(0);
  });
});

/** A histogram of surfaces, each `count` pixels spread normally around `level` by `spread` levels (a scan's). */
const surfaces = (...parts: Array<{ level: number; spread: number; count: number }>) => {
  const histogram = new Uint32Array(256);
  for (const { level, spread, count } of parts) {
    let total = 0;
    const weights = Array.from({ length: 256 }, (_, v) => (total += Math.exp(-(((v - level) / spread) ** 2) / 2), Math.exp(-(((v - level) / spread) ** 2) / 2)));
    weights.forEach((w, v) => (histogram[v]! += Math.round((w / total) * count)));
  }
  return histogram;
};

describe('inkSplit', () => {
  it("gives the ink and paper levels either side of Otsu's split on a plain page", () => {
    const split = inkSplit(surfaces({ level: 40, spread: 20, count: 400_000 }, { level: 238, spread: 6, count: 5_000_000 }));
    expect(split).toBeDefined();
    expect(split!.threshold).toBe(otsu(surfaces({ level: 40, spread: 20, count: 400_000 }, { level: 238, spread: 6, count: 5_000_000 }))!.threshold);
    expect(Math.abs(split!.ink - 40)).toBeLessThanOrEqual(3);
    expect(Math.abs(split!.paper - 238)).toBeLessThanOrEqual(3);
  });

  it("splits the ink from a shaded band that a noisy scan's Otsu split counts as ink, the band as the surface", () => {
    // A statement with gray rows, scanned: blurred ink spread thin, a tint at 186, paper at 238.
    const page = surfaces({ level: 110, spread: 30, count: 800_000 }, { level: 186, spread: 7, count: 3_000_000 }, { level: 238, spread: 7, count: 5_000_000 });
    expect(otsu(page)!.threshold).toBeGreaterThan(186);
    const split = inkSplit(page)!;
    expect(split.threshold).toBeGreaterThan(120);
    expect(split.threshold).toBeLessThan(170);
    expect(inkThreshold(page)).toBe(split.threshold);
    expect(Math.abs(split.paper - 186)).toBeLessThanOrEqual(3);
  });

  it('keeps as ink a dark band nearer the ink than the paper (white letters on a dark header)', () => {
    const page = surfaces({ level: 35, spread: 10, count: 500_000 }, { level: 110, spread: 6, count: 1_000_000 }, { level: 238, spread: 6, count: 5_000_000 });
    expect(inkThreshold(page)).toBe(otsu(page)!.threshold);
    expect(inkThreshold(page)).toBeGreaterThan(110);
  });

  it("keeps as ink a thermal receipt's faint print over a few black specks", () => {
    const page = new Uint32Array(256);
    page[0] = 2_000;
    for (let v = 150; v <= 230; v++) page[v] = 1_200;
    surfaces({ level: 250, spread: 3, count: 750_000 }).forEach((n, v) => (page[v]! += n));
    expect(inkThreshold(page)).toBe(otsu(page)!.threshold);
    expect(inkThreshold(page)).toBeGreaterThan(200);
  });

  it('finds no ink on a page of one surface (a blank scan)', () => {
    expect(inkSplit(surfaces({ level: 238, spread: 6, count: 1_000_000 }))).toBeUndefined();
  });
});
