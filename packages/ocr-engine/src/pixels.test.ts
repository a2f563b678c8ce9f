import { beforeAll, describe, expect, it } from 'vitest';
import { proseLines } from '../../../test/fixtures/render-text.ts';
import { scannedPage } from '../../../test/fixtures/scans.ts';
import { estimateSkew, inkReport, levelledForLines, straighten, toGray } from './pixels.js';
import type { GrayImage, RawImage } from '@docsvc/image';

const PAGE = { width: 1400, height: 1000 };
let level: GrayImage;
beforeAll(async () => {
  level = await scannedPage(proseLines(10, 45, 77), { ...PAGE, noise: 3 });
});

describe('toGray', () => {
  it("weighs RGB as Leptonica's luminance does (0.3 R + 0.5 G + 0.2 B), and keeps gray as it is", () => {
    const rgb: RawImage = { width: 3, height: 1, channels: 3, data: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255]) };
    expect([...toGray(rgb).data]).toEqual([77, 128, 51]);
    const gray: RawImage = { width: 2, height: 1, channels: 1, data: Uint8Array.from([3, 4]) };
    expect(toGray(gray).data).toBe(gray.data);
  });
});

describe('estimateSkew and straighten', () => {
  it('measures the skew of scanned text lines within a quarter degree, either way', async () => {
    expect(Math.abs(estimateSkew(level))).toBeLessThanOrEqual(0.25);
    for (const skew of [-5, -2, 3, 4.5]) {
      const page = await scannedPage(proseLines(10, 45, 77), { ...PAGE, noise: 3, skew });
      expect(estimateSkew(page)).toBeCloseTo(skew, 0);
      expect(Math.abs(estimateSkew(page) - skew)).toBeLessThanOrEqual(0.25);
    }
  });

  it('levels a skewed page: its lines measure flat afterwards, its size and paper are kept', async () => {
    const page = await scannedPage(proseLines(10, 45, 77), { ...PAGE, noise: 3, skew: 4 });
    const straightened = straighten({ ...page, channels: 1 }, -estimateSkew(page));
    expect(straightened).toMatchObject({ width: PAGE.width, height: PAGE.height, channels: 1 });
    expect(Math.abs(estimateSkew(toGray(straightened)))).toBeLessThanOrEqual(0.25);
    // The corners that came in are paper, not black.
    expect(straightened.data[0]).toBeGreaterThan(200);
    expect(straighten({ ...level, channels: 1 }, 0).data).toEqual(level.data);
  });

  it('says 0 for a page without ink', () => {
    expect(estimateSkew({ width: 300, height: 200, data: new Uint8Array(300 * 200).fill(250) })).toBe(0);
  });
});

describe('levelledForLines', () => {
  /** A ruled grid one pixel thick (rows 30 px apart, four columns) over a page of text lines, turned `skew` degrees with sharp, as a sheet crooked on the glass. */
  const ruled = async (skew: number) => {
    const page = await scannedPage(proseLines(10, 45, 77), { ...PAGE, noise: 3, blur: 0 });
    const data = new Uint8Array(page.data);
    for (let r = 0; r <= 8; r++) data.fill(30, (620 + r * 30) * PAGE.width + 100, (620 + r * 30) * PAGE.width + 1300);
    for (const x of [100, 500, 900, 1299]) for (let y = 620; y <= 860; y++) data[y * PAGE.width + x] = 30;
    if (!skew) return { width: PAGE.width, height: PAGE.height, channels: 1 as const, data };
    const { askew } = await import('../../../test/fixtures/scans.ts');
    return { ...(await askew({ width: PAGE.width, height: PAGE.height, data }, skew)), channels: 1 as const };
  };

  it('levels a page lying askew by a third of a degree or more, its thin rules kept as ink', async () => {
    for (const skew of [0.4, -0.8, 2]) {
      const page = await ruled(skew);
      const { image, skew: turned } = levelledForLines(page);
      expect(Math.abs(turned + skew), `${skew}`).toBeLessThanOrEqual(0.1);
      // The middle row line, levelled, as dark as it was scanned along its length: sampled, not
      // spread by interpolation over two rows of a lighter gray.
      const centre = Math.round((image.height - PAGE.height) / 2 + 620 + 4 * 30);
      const darkest = (img: { width: number; data: Uint8Array }, x: number, y: number) => Math.min(...Array.from({ length: 13 }, (_, i) => img.data[(y - 6 + i) * img.width + x]!));
      const across = Array.from({ length: 1100 }, (_, i) => 150 + i);
      const scanned = across.map((x) => darkest(page, x, centre + Math.round((x - page.width / 2) * Math.tan((skew * Math.PI) / 180)))).sort((a, b) => a - b);
      const levelled = across.map((x) => darkest(image, x, centre)).sort((a, b) => a - b);
      expect(levelled[550]!, `${skew}`).toBeLessThanOrEqual(scanned[550]! + 10);
    }
  });

  it('levels a colour page as its gray one, every channel alike', async () => {
    const page = await ruled(-0.8);
    const rgb = { width: page.width, height: page.height, channels: 3 as const, data: new Uint8Array(page.data.length * 3) };
    page.data.forEach((v, i) => rgb.data.set([v, v, v], i * 3));
    const gray = levelledForLines(page);
    const colour = levelledForLines(rgb);
    expect(colour.skew).toBe(gray.skew);
    expect(Array.from({ length: gray.image.data.length }, (_, i) => colour.image.data[i * 3]!)).toEqual([...gray.image.data]);
  });

  it('leaves a level page, and one askew by less than a third of a degree, as they are', async () => {
    for (const skew of [0, 0.15]) {
      const page = await ruled(skew);
      const out = levelledForLines(page);
      expect(out.skew).toBe(0);
      expect(out.image).toBe(page);
    }
  });
});

describe('inkReport', () => {
  it('tells how much ink lies outside the boxes given', () => {
    const none = inkReport(level, []);
    expect(none.inkShare).toBeGreaterThan(0.01);
    expect(none.unread).toBe(1);
    expect(inkReport(level, [{ x0: 0, y0: 0, x1: PAGE.width, y1: PAGE.height }]).unread).toBe(0);
    const blank = { width: 400, height: 300, data: new Uint8Array(400 * 300).fill(240) };
    expect(inkReport(blank, [])).toEqual({ inkShare: 0, unread: 0 });
    // Scanner noise on blank paper is not ink.
    const noisy = { width: 400, height: 300, data: Uint8Array.from({ length: 400 * 300 }, (_, i) => 230 + ((i * 7919) % 17)) };
    expect(inkReport(noisy, [])).toEqual({ inkShare: 0, unread: 0 });
  });
});
