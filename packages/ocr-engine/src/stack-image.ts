import type { Box, GrayImage } from '@docsvc/image';

/** The median height of boxes (words): what the regions cut around them are sized by. */
export const medianHeight = (boxes: readonly Box[]): number => boxes.map((b) => b.y1 - b.y0).sort((a, b) => a - b)[Math.floor(boxes.length / 2)] ?? 0;

/**
 * Regions cut from a page and set on white in one image, for one recognition (or one orientation and
 * script detection) of them all: one under another (`tops`: where each region's top lands), or, with
 * `width`, side by side in rows up to that width, as words in lines. `pad` pixels of white around each.
 */
export function stacked(gray: GrayImage, regions: readonly Box[], pad: number, width?: number): { image: GrayImage; tops: number[]; lefts: number[] } {
  const widest = Math.max(...regions.map((r) => r.x1 - r.x0)) + 2 * pad;
  const across = Math.max(widest, width ?? 0);
  const tops: number[] = [];
  const lefts: number[] = [];
  let x = pad;
  let y = pad;
  let rowHeight = 0;
  for (const r of regions) {
    const w = r.x1 - r.x0;
    if (width === undefined || x + w + pad > across) {
      if (tops.length > 0) y += rowHeight + pad;
      x = pad;
      rowHeight = 0;
    }
    tops.push(y);
    lefts.push(x);
    x += w + pad;
    rowHeight = Math.max(rowHeight, r.y1 - r.y0);
  }
  const height = y + rowHeight + pad;
  const data = new Uint8Array(across * height).fill(255);
  regions.forEach((r, i) => {
    const w = r.x1 - r.x0;
    for (let row = r.y0; row < r.y1; row++) {
      const from = row * gray.width + r.x0;
      data.set(gray.data.subarray(from, from + w), (tops[i]! + row - r.y0) * across + lefts[i]!);
    }
  });
  return { image: { width: across, height, data }, tops, lefts };
}

/**
 * Which of the `regions` stacked by `stacked` (one under another, `pad` apart) a box read in the
 * stack belongs to, by its middle, and the box where it stands on the page; undefined for none.
 */
export function backOnPage(stack: { tops: number[]; lefts: number[] }, regions: readonly Box[], pad: number, box: Box): { index: number; box: Box } | undefined {
  const middle = (box.y0 + box.y1) / 2;
  const index = stack.tops.findIndex((top, k) => middle >= top - pad / 2 && middle < top + (regions[k]!.y1 - regions[k]!.y0) + pad / 2);
  if (index < 0) return undefined;
  const dx = regions[index]!.x0 - stack.lefts[index]!;
  const dy = regions[index]!.y0 - stack.tops[index]!;
  return { index, box: { x0: box.x0 + dx, y0: box.y0 + dy, x1: box.x1 + dx, y1: box.y1 + dy } };
}
