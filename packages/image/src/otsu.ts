import type { Box, GrayImage } from './types.js';

/** Counts of each gray level (256 bins) of the pixels inside `box` (the whole image when none). */
export function grayHistogram(image: GrayImage, box: Box = { x0: 0, y0: 0, x1: image.width, y1: image.height }): Uint32Array {
  const histogram = new Uint32Array(256);
  const data = image.data;
  for (let y = box.y0; y < box.y1; y++) {
    // Counted a run of one level at a time: a page is mostly runs of paper, and adding one to the
    // same bin pixel after pixel waits on each add (half the time on a 300-DPI page).
    for (let i = y * image.width + box.x0, end = y * image.width + box.x1; i < end; ) {
      const level = data[i]!;
      let j = i + 1;
      while (j < end && data[j] === level) j++;
      histogram[level]! += j - i;
      i = j;
    }
  }
  return histogram;
}

/** Where Otsu's method splits a histogram: levels <= threshold are the dark class (ink). */
export interface OtsuSplit {
  threshold: number;
  /** Mean level of the light class minus that of the dark one: how far ink is from paper. */
  contrast: number;
}

/**
 * Otsu's threshold: the gray level that best separates a histogram into two classes (largest
 * between-class variance). Undefined when there are not two classes (one gray level, or no pixels).
 */
export function otsu(histogram: Uint32Array): OtsuSplit | undefined {
  let total = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    total += histogram[v]!;
    sum += v * histogram[v]!;
  }
  let sumBack = 0;
  let weightBack = 0;
  let best = 0;
  let split: OtsuSplit | undefined;
  for (let v = 0; v < 256; v++) {
    weightBack += histogram[v]!;
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += v * histogram[v]!;
    const gap = (sum - sumBack) / weightFore - sumBack / weightBack;
    const between = weightBack * weightFore * gap ** 2;
    if (between > best) {
      best = between;
      split = { threshold: v, contrast: gap };
    }
  }
  return split;
}
