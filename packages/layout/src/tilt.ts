import type { Box } from '@docsvc/image';
import { textRows, type TextRow } from './rows.js';
import type { LayoutPage, LayoutWord, PageStructure, Ruling } from './types.js';

/**
 * A tilt smaller than this (about a third of a degree) moves a row's far end by less than a pixel in
 * 170, which rows take in their stride; and a square page's few word pairs can measure a quarter of
 * a degree: left as it is.
 */
const MIN_TILT = 0.006;
/** Tilts beyond this (about 5 degrees) are not a sheet askew on the glass: the page is read as it is. */
const MAX_TILT = 0.09;
/** Word pairs measured at least, for the tilt to be trusted. */
const MIN_PAIRS = 8;
/** The next word on a line is at most this many word heights on (a table's next cell, across a column's gap). */
const REACH = 10;

/**
 * The slope (dy/dx, y down) of a page's lines of words: the median over each word and the nearest
 * word to its right on its line (overlapping it by half its height or more, within REACH of its
 * heights) of the slope between their middles, pairs of words of like height only (a word with
 * descenders sits lower than one without). 0 where too few pairs say.
 */
export function wordsTilt(words: readonly LayoutWord[]): number {
  const byLeft = [...words].sort((a, b) => a.box.x0 - b.box.x0);
  const slopes: number[] = [];
  for (const [i, w] of byLeft.entries()) {
    const h = w.box.y1 - w.box.y0;
    if (h <= 0) continue;
    let best: LayoutWord | undefined;
    for (let j = i + 1; j < byLeft.length; j++) {
      const v = byLeft[j]!;
      if (v.box.x0 - w.box.x1 > REACH * h) break;
      if (v.box.x0 < w.box.x1) continue;
      const vh = v.box.y1 - v.box.y0;
      if (Math.abs(vh - h) > 0.2 * Math.max(vh, h)) continue;
      const overlap = Math.min(w.box.y1, v.box.y1) - Math.max(w.box.y0, v.box.y0);
      if (overlap < 0.5 * Math.min(h, vh)) continue;
      best = v;
      break;
    }
    if (!best) continue;
    const dx = (best.box.x0 + best.box.x1 - w.box.x0 - w.box.x1) / 2;
    // Middles nearer than two word heights say little of a slope: a pixel off is a degree.
    if (dx >= 2 * h) slopes.push((best.box.y0 + best.box.y1 - w.box.y0 - w.box.y1) / 2 / dx);
  }
  if (slopes.length < MIN_PAIRS) return 0;
  return slopes.sort((a, b) => a - b)[slopes.length >> 1]!;
}

/**
 * The words' rows (textRows) followed along the tilt of their lines (wordsTilt) where they run
 * askew: a receipt turned four degrees has a row's far end 40 px lower at 200 DPI than its label,
 * and its total came out a row of its own. The words keep their boxes.
 */
export function rowsAlongTilt(words: readonly LayoutWord[]): TextRow[] {
  const slope = wordsTilt(words);
  return Math.abs(slope) < MIN_TILT || Math.abs(slope) > MAX_TILT ? textRows(words) : textRows(words, { slope });
}

/**
 * `structureOf` run on the page turned level when its words run askew (a sheet a little crooked on
 * the scanner's glass: at 0.7 degrees a row's right end is ten pixels lower at 300 DPI, and a
 * figure comes out a row of its own), its boxes turned back into the page's pixels. Words and
 * rules keep their size, their middles turned about the page's; a box turned back is the box of
 * its turned corners.
 */
export function levelled(page: LayoutPage, structureOf: (page: LayoutPage) => PageStructure): PageStructure {
  const slope = wordsTilt(page.words);
  if (Math.abs(slope) < MIN_TILT || Math.abs(slope) > MAX_TILT) return structureOf(page);
  const angle = Math.atan(slope);
  const cx = page.width / 2;
  const cy = page.height / 2;
  const turn = (x: number, y: number, a: number): [number, number] => [cx + (x - cx) * Math.cos(a) + (y - cy) * Math.sin(a), cy - (x - cx) * Math.sin(a) + (y - cy) * Math.cos(a)];
  const moved = (b: Box, w: number, h: number): Box => {
    const [x, y] = turn((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, angle);
    return { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
  };
  const levelRuling = (r: Ruling): Ruling => {
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    // A rule askew spans the drift along it across: what is left is its thickness.
    return w >= h ? moved(r, w, Math.max(1, h - Math.abs(slope) * w)) : moved(r, Math.max(1, w - Math.abs(slope) * h), h);
  };
  const words = page.words.map((w) => ({ ...w, box: moved(w.box, w.box.x1 - w.box.x0, w.box.y1 - w.box.y0) }));
  const structure = structureOf({ ...page, words, ...(page.rulings ? { rulings: page.rulings.map(levelRuling) } : {}) });
  const back = (b: Box): Box => {
    const corners = [turn(b.x0, b.y0, -angle), turn(b.x1, b.y0, -angle), turn(b.x0, b.y1, -angle), turn(b.x1, b.y1, -angle)];
    return {
      x0: Math.max(0, Math.min(...corners.map((c) => c[0]))),
      y0: Math.max(0, Math.min(...corners.map((c) => c[1]))),
      x1: Math.min(page.width, Math.max(...corners.map((c) => c[0]))),
      y1: Math.min(page.height, Math.max(...corners.map((c) => c[1]))),
    };
  };
  return {
    tables: structure.tables.map((t) => ({ ...t, box: back(t.box), cells: t.cells.map((c) => ({ ...c, box: back(c.box) })) })),
    keyValuePairs: structure.keyValuePairs.map((kv) => ({
      ...kv,
      key: { ...kv.key, box: back(kv.key.box) },
      value: kv.value ? { ...kv.value, box: back(kv.value.box) } : null,
    })),
  };
}
