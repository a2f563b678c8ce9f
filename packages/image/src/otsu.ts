import type { Box, GrayImage } from './types.js';

/** Counts of each gray level (256 bins) of the pixels inside `box` (the whole image when none). */
export function grayHistogram(image: GrayImage, box: Box = { x0: 0, y0: 0, x1: image.width, y1: image.height }): Uint32Array {
  // Four pixels at a time, read as one 32-bit word, each counted in a histogram of its own: adding one
  // to the same bin pixel after pixel waits on each add, and a scan's paper is noise around a level,
  // no run of one level (a noisy 300-DPI page: 13 ms counted by runs of a level, 4.7 ms so).
  const counts = new Uint32Array(1024);
  const data = image.data;
  // The first index whose byte starts a 32-bit word of the buffer.
  const lead = (4 - (data.byteOffset & 3)) & 3;
  const words = new Uint32Array(data.buffer, data.byteOffset + lead, Math.max(0, data.length - lead) >> 2);
  for (let y = box.y0; y < box.y1; y++) {
    let i = y * image.width + box.x0;
    const end = y * image.width + box.x1;
    while (i < end && (i < lead || ((i - lead) & 3) !== 0)) counts[data[i++]!]!++;
    const last = i + ((end - i) & ~3);
    for (let k = (i - lead) >> 2, stop = (last - lead) >> 2; k < stop; k++) {
      const w = words[k]!;
      counts[w & 255]!++;
      counts[256 + ((w >>> 8) & 255)]!++;
      counts[512 + ((w >>> 16) & 255)]!++;
      counts[768 + (w >>> 24)]!++;
    }
    for (i = last; i < end; i++) counts[data[i]!]!++;
  }
  const histogram = new Uint32Array(256);
  for (let v = 0; v < 256; v++) histogram[v] = counts[v]! + counts[256 + v]! + counts[512 + v]! + counts[768 + v]!;
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

/** Ink and paper closer than this (gray levels) are one surface: scanner noise on a blank page, not ink. */
const MIN_CONTRAST = 48;
/** A tint's peak stands at least this many times over the valley between it and the ink's. */
const TINT_OVER_VALLEY = 8;
/** Below a tint, the ink is at least this share of the page and this share of the dark side. */
const INK_SHARE = 0.01;
const INK_OF_DARK = 0.1;
/** A tint holds half its side's pixels within this many levels of its peak (noise spreads it a little). */
const TINT_SPREAD = 12;

/** Where a page's ink ends, and the level of the ink and of the first surface lighter than it (the paper, or a tint). */
export interface InkSplit {
  /** Levels at or below are ink. */
  threshold: number;
  /** The commonest level of the ink. */
  ink: number;
  /** The commonest level of the surface the ink lies on: the paper, or a tint the split went below. */
  paper: number;
}

/**
 * The gray level at or below which a pixel is ink: Otsu's split of `histogram`, or none on a page of
 * one surface. Where the dark side of that split holds a tint of its own (shaded rows, a filled
 * header: a peak as tall as the ink's, apart from it by a deep valley, and nearer the paper than the
 * ink), the split between the ink and the tint instead: on a scan, blur and noise spread the ink
 * thin, and Otsu's split moves up past a tint that a clean render of the same page leaves on the
 * paper's side (a shaded statement scanned: 202 between tint and paper, where its render splits at 146).
 * A dark band nearer the ink than the paper (white letters on a dark header) is not a tint: it stays ink.
 */
export function inkThreshold(histogram: Uint32Array): number | undefined {
  return inkSplit(histogram)?.threshold;
}

/** inkThreshold, with the levels of the ink and of the surface it lies on. */
export function inkSplit(histogram: Uint32Array): InkSplit | undefined {
  const split = otsu(histogram);
  if (!split || split.contrast < MIN_CONTRAST) return undefined;
  const t = split.threshold;
  return belowTint(histogram, t) ?? { threshold: t, ink: peakOf(histogram, 0, t), paper: peakOf(histogram, t + 1, 255) };
}

/** The level of `histogram`'s highest peak from `from` to `to`, counted over seven levels (a scan's noise spreads each surface over a few), none beyond `last`. */
function peakOf(histogram: Uint32Array, from: number, to: number, last = to): number {
  let at = from;
  let best = -1;
  for (let v = from; v <= to; v++) {
    const n = around(histogram, v, last);
    if (n > best) {
      best = n;
      at = v;
    }
  }
  return at;
}

/** The pixels within three levels of `v`, none beyond `last`. */
function around(histogram: Uint32Array, v: number, last: number): number {
  let s = 0;
  for (let j = Math.max(0, v - 3); j <= Math.min(last, v + 3); j++) s += histogram[j]!;
  return s;
}

/** Where a tint lies on the dark side of `threshold`, the split between the ink and it; else none. */
function belowTint(histogram: Uint32Array, threshold: number): InkSplit | undefined {
  const dark = new Uint32Array(256);
  dark.set(histogram.subarray(0, threshold + 1));
  const inner = otsu(dark);
  if (!inner) return undefined;
  const ink = peakOf(histogram, 0, inner.threshold, threshold);
  const tint = peakOf(histogram, inner.threshold + 1, threshold);
  const paper = peakOf(histogram, threshold + 1, 255);
  if (tint - ink < MIN_CONTRAST || 2 * tint < ink + paper) return undefined;
  let valley = Infinity;
  for (let v = ink; v <= tint; v++) valley = Math.min(valley, around(histogram, v, threshold));
  const height = around(histogram, tint, threshold);
  if (height < around(histogram, ink, threshold) || height < TINT_OVER_VALLEY * valley) return undefined;
  // The ink below the split is a page's print, not a few specks under faint print (a thermal receipt's
  // gray letters are its ink, however they peak). And the tint is one surface, its levels close
  // around its peak: not a ramp of faint print and blur.
  let inked = 0;
  let darkSide = 0;
  let total = 0;
  let tinted = 0;
  for (let v = 0; v < 256; v++) {
    if (v <= inner.threshold) inked += histogram[v]!;
    if (v <= threshold) darkSide += histogram[v]!;
    if (v <= threshold && Math.abs(v - tint) <= TINT_SPREAD) tinted += histogram[v]!;
    total += histogram[v]!;
  }
  const inkEnough = inked >= INK_SHARE * total && inked >= INK_OF_DARK * darkSide;
  return inkEnough && tinted >= 0.5 * (darkSide - inked) ? { threshold: inner.threshold, ink, paper: tint } : undefined;
}
