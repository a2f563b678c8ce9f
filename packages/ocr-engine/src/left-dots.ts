import type { Box, GrayImage } from '@docsvc/image';
import type { EngineWord } from './types.js';

/** A dot's ink is at most this share of a word's height across, and at least this (not a stray pixel). */
const DOT_MAX = 0.25;
const DOT_MIN = 0.05;
/** Dots of one mark are alike: their areas within this ratio, their feet level within this share of a word height. */
const DOT_AREA_RATIO = 2.5;
const DOT_LEVEL = 0.08;
/** The gap between two dots is at most this many dot widths (a period's advance is about three). */
const DOT_GAP_MAX = 3;
/** The words of the line beside the dots that say where its baseline is. */
const NEAREST = 3;
/** The least share of its box a dot's ink fills. */
const DOT_FILL = 0.5;

/**
 * The dots of a mark (`..` or `...`) standing at `place` (a box of the page found by unreadInk), as
 * a word, or undefined where what stands there is not two or three dots alike, evenly spaced, on the
 * baseline of a line of words read beside them. Read from their shape: tesseract drops such a mark as
 * noise, and reads none of a stack of them either. `words`: the boxes of the words read on the page,
 * `height` their median height.
 */
export function dotsAt(gray: GrayImage, place: Box, threshold: number, words: readonly Box[], height: number): EngineWord | undefined {
  const blobs = inkComponents(gray, place, threshold);
  if (!blobs || blobs.length < 2 || blobs.length > 3) return undefined;
  blobs.sort((a, b) => a.x0 - b.x0);
  for (const b of blobs) {
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    if (Math.max(w, h) > DOT_MAX * height || Math.min(w, h) < Math.max(2, DOT_MIN * height) || w > 2 * h || h > 2 * w) return undefined;
    // A printed dot is round and solid (it fills about four fifths of its box); a speck of dirt is ragged.
    if (b.pixels < DOT_FILL * w * h) return undefined;
  }
  const areas = blobs.map((b) => b.pixels);
  if (Math.max(...areas) > DOT_AREA_RATIO * Math.min(...areas)) return undefined;
  if (Math.max(...blobs.map((b) => b.y1)) - Math.min(...blobs.map((b) => b.y1)) > Math.max(1, DOT_LEVEL * height)) return undefined;
  const width = blobs.reduce((s, b) => s + b.x1 - b.x0, 0) / blobs.length;
  const gaps = blobs.slice(1).map((b, i) => b.x0 - blobs[i]!.x1);
  if (gaps.some((g) => g < 1 || g > DOT_GAP_MAX * width)) return undefined;
  if (gaps.length === 2 && Math.abs(gaps[0]! - gaps[1]!) > 0.5 * Math.max(...gaps)) return undefined;
  const box = { x0: blobs[0]!.x0, y0: Math.min(...blobs.map((b) => b.y0)), x1: blobs.at(-1)!.x1, y1: Math.max(...blobs.map((b) => b.y1)) };
  // On a line of words: in the lower part of the words beside them, their feet on its baseline.
  // The line's words nearest the dots: on a page a little askew, the far ones stand higher or lower.
  const middle = (box.y0 + box.y1) / 2;
  const distance = (w: Box) => Math.max(0, w.x0 - box.x1, box.x0 - w.x1);
  const line = words
    .filter((w) => w.y0 <= middle && w.y1 >= middle)
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, NEAREST);
  if (line.length === 0) return undefined;
  // The baseline is the highest foot of the line's words (the others hang a descender or a comma's
  // tail below it); its top the highest head.
  const baseline = Math.min(...line.map((w) => w.y1));
  const top = Math.min(...line.map((w) => w.y0));
  const lineHeight = baseline - top;
  if (lineHeight <= 0 || box.y0 < top + 0.55 * lineHeight || Math.abs(box.y1 - baseline) > 0.2 * lineHeight) return undefined;
  return { text: '.'.repeat(blobs.length), confidence: 0.9, bbox: box };
}

interface Blob extends Box {
  pixels: number;
}

/**
 * The 8-connected pieces of ink (pixels at or below `threshold`) inside `box`, boxes end-exclusive;
 * undefined where a piece touches the box's edge (ink goes on beyond it: not a mark standing alone).
 */
function inkComponents(gray: GrayImage, box: Box, threshold: number): Blob[] | undefined {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(gray.width, Math.ceil(box.x1));
  const y1 = Math.min(gray.height, Math.ceil(box.y1));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return [];
  const seen = new Uint8Array(w * h);
  const dark = (x: number, y: number) => gray.data[(y0 + y) * gray.width + x0 + x]! <= threshold;
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || !dark(start % w, Math.floor(start / w))) continue;
    seen[start] = 1;
    stack.push(start);
    const blob: Blob = { x0: w, y0: h, x1: 0, y1: 0, pixels: 0 };
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) return undefined;
      blob.pixels++;
      blob.x0 = Math.min(blob.x0, x);
      blob.y0 = Math.min(blob.y0, y);
      blob.x1 = Math.max(blob.x1, x + 1);
      blob.y1 = Math.max(blob.y1, y + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = (y + dy) * w + x + dx;
          if (!seen[j] && dark(x + dx, y + dy)) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
    }
    blobs.push({ x0: blob.x0 + x0, y0: blob.y0 + y0, x1: blob.x1 + x0, y1: blob.y1 + y0, pixels: blob.pixels });
  }
  return blobs;
}
