import { isNumeric } from './cells.js';
import { centerX, median } from './geometry.js';
import { segmentOf, type TextRow } from './rows.js';
import type { Candidate } from './stream-columns.js';
import type { LayoutWord } from './types.js';

/** The share of a column's rows that must have words on both sides of a cut through it. */
const BOTH_SIDES = 0.6;
/** How far a column of right-aligned figures' right edges may stray, in characters. */
const ALIGNED_WITHIN = 0.5;

/**
 * Two columns set closer than a word space (a spreadsheet's column of right-aligned figures against
 * the next column's left-aligned text: `450.2 EACEA`, cell padding alone between them) read as one
 * column, each row's figure and text one segment. Where, down a column, most rows part at one x into
 * a figure ending on a common right edge and words (not figures: "33 260" is one figure) after it, and no row below the header has a word
 * across that x, the column is two: the table's columns are cut there, and so are the segments of its
 * rows (in place: they are the table's rows).
 */
export function withTightColumns(candidate: Candidate): Candidate {
  const { rows } = candidate;
  const charWidth = median(rows.map((r) => r.charWidth));
  const cuts: number[] = [];
  const columns: Array<[number, number]> = [];
  for (const [c0, c1] of candidate.columns) {
    const lines = rows.map((r) => r.words.filter((w) => centerX(w.box) >= c0 && centerX(w.box) <= c1));
    const cut = cutThrough(lines, charWidth);
    if (cut === undefined) {
      columns.push([c0, c1]);
      continue;
    }
    const leftEnd = Math.max(...lines.flatMap((ws) => ws.filter((w) => w.box.x1 <= cut).map((w) => w.box.x1)));
    columns.push([c0, leftEnd], [cut, c1]);
    cuts.push(cut);
  }
  if (cuts.length === 0) return candidate;
  cutRows(rows, cuts);
  return { ...candidate, columns, cuts };
}

/** Rows' segments parted at the cuts (in place): a table's rows, or rows made of its lines. */
export function cutRows(rows: readonly TextRow[], cuts: readonly number[] | undefined): void {
  if (!cuts?.length) return;
  for (const row of rows) row.segments = row.segments.flatMap((s) => cutSegment(s.words, cuts));
}

/** Where a column's lines part into right-aligned figures and what follows them, if they do. */
function cutThrough(lines: LayoutWord[][], charWidth: number): number | undefined {
  const withWords = lines.filter((ws) => ws.length > 0).length;
  // Each place a line parts after a figure: the next word's left edge.
  const places = new Set<number>();
  for (const ws of lines) for (let k = 1; k < ws.length; k++) if (isNumeric(ws[k - 1]!.text) && ws[k]!.box.x0 > ws[k - 1]!.box.x1) places.add(ws[k]!.box.x0);
  let best: { x: number; both: number } | undefined;
  for (const x of places) {
    const both: number[] = [];
    const across: number[] = [];
    lines.forEach((ws, i) => {
      if (ws.some((w) => w.box.x0 < x && w.box.x1 > x)) across.push(i);
      else if (ws.some((w) => w.box.x1 <= x) && ws.some((w) => w.box.x0 >= x)) both.push(i);
    });
    if (both.length < 3 || both.length < BOTH_SIDES * withWords) continue;
    // A header above may cross it ("Funding" over its figures); no line among the parted ones does.
    if (across.some((i) => i > both[0]!)) continue;
    const lefts = both.map((i) => lines[i]!.filter((w) => w.box.x1 <= x).at(-1)!);
    if (lefts.filter((w) => isNumeric(w.text)).length < 0.8 * lefts.length) continue;
    // Words after them, not figures: a figure after a figure is a group of its digits ("33 260").
    const afters = both.map((i) => lines[i]!.find((w) => w.box.x0 >= x)!);
    if (afters.filter((w) => !isNumeric(w.text)).length < 0.8 * afters.length) continue;
    const rights = lefts.map((w) => w.box.x1);
    if (Math.max(...rights) - Math.min(...rights) > ALIGNED_WITHIN * charWidth) continue;
    if (!best || both.length > best.both) best = { x, both: both.length };
  }
  // Just left of the right side's nearest word (the place with the most lines parted is the nearest: one further right has a word across it).
  return best === undefined ? undefined : best.x - 0.5;
}

/** A segment's words parted at each cut that falls between two of them. */
function cutSegment(words: readonly LayoutWord[], cuts: readonly number[]) {
  const parts: LayoutWord[][] = [[]];
  for (const [k, word] of words.entries()) {
    const previous = words[k - 1];
    if (previous && cuts.some((x) => previous.box.x1 <= x && word.box.x0 >= x)) parts.push([]);
    parts[parts.length - 1]!.push(word);
  }
  return parts.map(segmentOf);
}
