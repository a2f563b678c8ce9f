import { inkThreshold, type GrayImage } from '@docsvc/image';
import type { EngineLine, EnginePage } from './types.js';

/**
 * A column of short values, one a row with paper between (single-digit section or page numbers, a
 * table's column of one-digit counts), that tesseract's page layout took for one line of vertical
 * text and read sideways: `3` `4` `5` `6` `7` down a contents page came back as the line `N ODO oO fF
 * W` (the digits turned a quarter and read bottom to top). Such a line is far taller than wide and
 * its ink stops for a word's height or more between values; a line really set vertically (a turned
 * column header) has no such gaps between its words.
 */

/** A line this many word heights tall, or more, and this many times as tall as it is wide may be a column. */
const TALL = 2.5;
const TALLER_THAN_WIDE = 2;
/** A stretch of paper this many word heights long, across the line, parts two of its values. */
const GAP = 0.8;

/** The lines of `page` that are such columns, read sideways (none where the page has no horizontal text). */
export function sidewaysColumns(gray: GrayImage, page: EnginePage, wordHeight: number): Set<EngineLine> {
  const found = new Set<EngineLine>();
  if (wordHeight < 4) return found;
  for (const block of page.blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const { x0, y0, x1, y1 } = line.bbox;
        const height = y1 - y0;
        if (height < TALL * wordHeight || height < TALLER_THAN_WIDE * (x1 - x0)) continue;
        if (partedByPaper(gray, line.bbox, GAP * wordHeight)) found.add(line);
      }
    }
  }
  return found;
}

/** Whether the ink inside `box` stops, between ink above and below, for `gap` rows or more. */
function partedByPaper(gray: GrayImage, box: EngineLine['bbox'], gap: number): boolean {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(gray.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(gray.height, Math.ceil(box.y1));
  if (x1 <= x0 || y1 <= y0) return false;
  const histogram = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let i = y * gray.width + x0, end = y * gray.width + x1; i < end; i++) histogram[gray.data[i]!]! += 1;
  const threshold = inkThreshold(histogram);
  if (threshold === undefined) return false;
  let seenInk = false;
  let blank = 0;
  for (let y = y0; y < y1; y++) {
    let inked = false;
    for (let i = y * gray.width + x0, end = y * gray.width + x1; i < end && !inked; i++) inked = gray.data[i]! <= threshold;
    if (!inked) {
      blank++;
      continue;
    }
    if (seenInk && blank >= gap) return true;
    seenInk = true;
    blank = 0;
  }
  return false;
}

/** `page` without `lines` (and without the paragraphs and blocks left empty). */
export function withoutLines(page: EnginePage, lines: ReadonlySet<EngineLine>): EnginePage {
  if (lines.size === 0) return page;
  const blocks = page.blocks
    .map((b) => ({ ...b, paragraphs: b.paragraphs.map((p) => ({ ...p, lines: p.lines.filter((l) => !lines.has(l)) })).filter((p) => p.lines.length > 0) }))
    .filter((b) => b.paragraphs.length > 0);
  return { ...page, blocks };
}
