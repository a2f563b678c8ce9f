import { describe, expect, it } from 'vitest';
import { paperNoise, quietScan } from './quiet-scan.js';
import { inkSplit, grayHistogram } from './otsu.js';
import type { GrayImage } from './types.js';

/** Letters' strokes: bars three pixels wide every twelve, in rows of text 20 pixels tall with 20 of paper between. */
const stroke = (x: number, y: number) => y % 40 < 20 && x % 12 < 3;

/**
 * A page scanned: ink at `ink` where `isInk`, paper at `paper` elsewhere, with a band of `tint` where
 * `isTint`, and sensor noise of about `sigma` (seeded, the sum of three uniforms).
 */
function scanned(opts: { width?: number; height?: number; sigma: number; ink?: number; paper?: number; tint?: number; isTint?: (x: number, y: number) => boolean }): GrayImage {
  const { width = 360, height = 240, sigma, ink = 35, paper = 238 } = opts;
  let state = 12345;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const level = stroke(x, y) ? ink : opts.tint !== undefined && opts.isTint?.(x, y) ? opts.tint : paper;
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(level + (next() + next() + next() - 1.5) * 2 * sigma)));
    }
  }
  return { width, height, data };
}

const share = (image: GrayImage, where: (x: number, y: number) => boolean, test: (v: number) => boolean) => {
  let n = 0;
  let hits = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!where(x, y)) continue;
      n++;
      if (test(image.data[y * image.width + x]!)) hits++;
    }
  }
  return hits / n;
};

describe('paperNoise', () => {
  it("measures a scanner's noise on the paper (about 1.13 times its deviation), none on a render", () => {
    for (const sigma of [2, 6]) {
      const page = scanned({ sigma });
      const noise = paperNoise(page, inkSplit(grayHistogram(page))!);
      expect(noise).toBeGreaterThan(1.0 * sigma);
      expect(noise).toBeLessThan(1.3 * sigma);
    }
    const render = scanned({ sigma: 0, paper: 255, ink: 0 });
    expect(paperNoise(render, inkSplit(grayHistogram(render))!)).toBe(0);
  });
});

describe('quietScan', () => {
  it("sets a noisy scan's paper white and its ink black, the noise gone from both", () => {
    const page = scanned({ sigma: 6 });
    const before = new Uint8Array(page.data);
    const quiet = quietScan(page, { minNoise: 2 });
    expect(quiet.noise).toBeGreaterThan(6);
    expect(quiet.image).toBeDefined();
    expect(page.data).toEqual(before);
    const paper = (x: number, y: number) => !stroke(x, y);
    expect(share(quiet.image!, paper, (v) => v === 255)).toBeGreaterThan(0.99);
    expect(share(quiet.image!, stroke, (v) => v <= 10)).toBeGreaterThan(0.45);
    expect(share(quiet.image!, stroke, (v) => v < 128)).toBeGreaterThan(0.99);
  });

  it('leaves a page quieter than asked as it is, with its noise measured, and sets none when asked for none', () => {
    const page = scanned({ sigma: 1 });
    const quiet = quietScan(page, { minNoise: 2 });
    expect(quiet.image).toBeUndefined();
    expect(quiet.noise).toBeGreaterThan(0.5);
    expect(quiet.noise).toBeLessThan(2);
    expect(quietScan(scanned({ sigma: 6 }), { minNoise: 0 }).image).toBeUndefined();
  });

  it('sets a tint the ink lies on white with the paper (shaded rows scanned)', () => {
    const shaded = (_x: number, y: number) => Math.floor(y / 40) % 2 === 1;
    const page = scanned({ width: 480, height: 320, sigma: 6, tint: 186, isTint: shaded });
    const quiet = quietScan(page, { minNoise: 2, inPlace: true });
    expect(quiet.image?.data).toBe(page.data);
    expect(share(quiet.image!, (x, y) => shaded(x, y) && !stroke(x, y), (v) => v >= 250)).toBeGreaterThan(0.99);
    expect(share(quiet.image!, stroke, (v) => v < 128)).toBeGreaterThan(0.99);
  });
});
