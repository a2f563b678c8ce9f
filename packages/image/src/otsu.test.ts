import { describe, expect, it } from 'vitest';
import { grayHistogram, otsu } from './otsu.js';

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
