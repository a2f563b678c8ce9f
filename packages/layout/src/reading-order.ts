import type { Box } from '@docsvc/image';
import { heightOf, median, overlap, unionOf } from './geometry.js';
import { textRows } from './rows.js';
import { streamTables } from './stream-tables.js';
import type { LayoutWord } from './types.js';
import { inLineOrder } from './line-order.js';

/** A line as its source gave it (an OCR engine's line, a row of a PDF's text layer), with the source's block. */
export interface SourceLine {
  words: readonly LayoutWord[];
  /** The source's block (or any grouping it made): lines of one group that end up together stay one block. */
  group: number;
}

/** A line in reading order: its words left to right, and the source lines they came from (indexes, left to right). */
export interface OrderedLine {
  words: LayoutWord[];
  sources: number[];
  box: Box;
}

/** Lines of one block, top to bottom. */
export interface OrderedBlock {
  lines: OrderedLine[];
}

/** Pieces of text that stand apart: a line's words up to a gap wider than a gutter. */
interface Unit {
  words: LayoutWord[];
  /** Each word's source line. */
  from: number[];
  box: Box;
  /** Median word height: the unit's text size. */
  h: number;
}

/** Above this many units the pairwise ordering (cubic) is not tried: the lines stay in top-to-bottom order. */
const MAX_UNITS = 500;

/**
 * Wider than a space (a quarter to a third of an em), narrower than a column gutter (an em and more):
 * 1.2 word heights, a word's box being about three quarters of an em tall. Justified prose stretches
 * its spaces past this: a gap is a gutter only when it is also much wider than the line's other gaps.
 */
const gutter = (h: number) => 1.2 * h;

/** The median gap between a line's words, left to right (0 for one word). */
const medianGap = (words: readonly LayoutWord[]): number => median(words.slice(1).map((w, i) => w.box.x0 - words[i]!.box.x1));

const unitOf = (words: LayoutWord[], from: number[]): Unit => ({
  words,
  from,
  box: unionOf(words.map((w) => w.box)),
  h: median(words.map((w) => heightOf(w.box))),
});
const merge = (units: Unit[]): Unit => {
  const pairs = units.flatMap((u) => u.words.map((w, i) => [w, u.from[i]!] as const)).sort((p, q) => p[0].box.x0 - q[0].box.x0);
  return unitOf(
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  );
};

/** Two units share a row: they overlap across by at least half the smaller one's height. */
const sameRow = (a: Unit, b: Unit) => overlap(a.box.y0, a.box.y1, b.box.y0, b.box.y1) >= 0.5 * Math.min(heightOf(a.box), heightOf(b.box));
const xOverlaps = (a: Unit, b: Unit) => overlap(a.box.x0, a.box.x1, b.box.x0, b.box.x1) > 0;
const yOverlaps = (a: Unit, b: Unit, slack = 0) => overlap(a.box.y0 - slack, a.box.y1 + slack, b.box.y0, b.box.y1) > 0;
const cy = (u: Unit) => (u.box.y0 + u.box.y1) / 2;

/**
 * The page's lines in reading order, grouped into blocks: columns read one after the other, a title
 * or a rule across them read where it stands, a table read row by row, and a line that the source
 * cut into pieces (an engine that took the spaces of justified prose for columns) read whole.
 *
 * Lines are cut at gutters into units; units of one row that a gutter does not part are joined; the
 * rows of a borderless table are joined across its columns; then the units are ordered by Breuel's
 * rules (High Performance Document Layout Analysis, 2003): a unit comes before another below it that
 * it overlaps across, and before one to its right when nothing spanning both lies between them and
 * its column runs beside that one (not a lone line beside a heading). Units in a row that end up
 * one after the other are one line again.
 */
export function readingOrder(lines: readonly SourceLine[]): OrderedBlock[] {
  const units = joinTableRows(joinAcrossRow(cutAtGutters(lines)));
  const ordered = units.length > MAX_UNITS ? [...units].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0) : order(units);
  return blocksOf(linesOf(ordered), lines);
}

function cutAtGutters(lines: readonly SourceLine[]): Unit[] {
  const units: Unit[] = [];
  lines.forEach((line, index) => {
    const words = line.words.filter((w) => w.text.trim() !== '').sort((a, b) => a.box.x0 - b.box.x0);
    if (words.length === 0) return;
    // A gutter: wider than a space can be, and three times the line's usual gap (justified prose widens them all).
    const gap = Math.max(gutter(median(words.map((w) => heightOf(w.box)))), 3 * medianGap(words));
    let piece: LayoutWord[] = [];
    for (const word of words) {
      const last = piece[piece.length - 1];
      if (last && word.box.x0 - last.box.x1 > gap) {
        units.push(unitOf(piece, piece.map(() => index)));
        piece = [];
      }
      piece.push(word);
    }
    units.push(unitOf(piece, piece.map(() => index)));
  });
  return units;
}

/**
 * Units of one row parted by no more than a space of theirs are one unit: pieces of a line the source
 * cut at spaces (an engine that took justified prose for columns).
 */
function joinAcrossRow(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  const joins = (u: Unit, unit: Unit) => {
    const gap = unit.box.x0 - u.box.x1;
    return gap > -0.5 * unit.h && gap <= Math.max(gutter(Math.max(u.h, unit.h)), 1.3 * Math.max(medianGap(u.words), medianGap(unit.words)));
  };
  for (const unit of [...units].sort((a, b) => a.box.x0 - b.box.x0)) {
    const left = out.findIndex((u) => sameRow(u, unit) && joins(u, unit));
    if (left >= 0) out[left] = merge([out[left]!, unit]);
    else out.push(unit);
  }
  return out;
}

/** The units of each row of a borderless table (or of a listing set out as one: a contents page) are one unit: a table is read row by row, not column by column. */
function joinTableRows(units: Unit[]): Unit[] {
  const { tables, listings } = streamTables(textRows(units.flatMap((u) => u.words)));
  const rowGroups = [...tables.map((t) => t.rows), ...listings];
  if (rowGroups.length === 0) return units;
  const rowOf = new Map<LayoutWord, number>();
  let n = 0;
  for (const rows of rowGroups) {
    for (const row of rows) {
      for (const w of row.words) rowOf.set(w, n);
      n++;
    }
  }
  const byRow = new Map<number, Unit[]>();
  const rest: Unit[] = [];
  for (const unit of units) {
    const rows = unit.words.map((w) => rowOf.get(w));
    const row = rows[0];
    if (row !== undefined && rows.every((r) => r === row)) byRow.set(row, [...(byRow.get(row) ?? []), unit]);
    else rest.push(unit);
  }
  return [...rest, ...[...byRow.values()].map((group) => (group.length === 1 ? group[0]! : merge(group)))];
}

/** Breuel's partial order, then its units taken top first among those whose predecessors are all taken. */
function order(units: Unit[]): Unit[] {
  const n = units.length;
  const before: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j) before[i]![j] = precedes(units, i, j);
    }
  }
  const indegree = units.map((_, j) => before.reduce((s, row) => s + (row[j] ? 1 : 0), 0));
  const taken = new Array<boolean>(n).fill(false);
  const out: Unit[] = [];
  const topFirst = (a: number, b: number) => units[a]!.box.y0 - units[b]!.box.y0 || units[a]!.box.x0 - units[b]!.box.x0;
  for (let k = 0; k < n; k++) {
    const free = [...units.keys()].filter((i) => !taken[i] && indegree[i] === 0);
    // A cycle (rules that disagree on a crowded page): the topmost of what is left breaks it.
    const next = (free.length > 0 ? free : [...units.keys()].filter((i) => !taken[i])).sort(topFirst)[0]!;
    taken[next] = true;
    out.push(units[next]!);
    for (let j = 0; j < n; j++) if (before[next]![j]) indegree[j]!--;
  }
  return out;
}

function precedes(units: Unit[], i: number, j: number): boolean {
  const a = units[i]!;
  const b = units[j]!;
  if (xOverlaps(a, b)) return sameRow(a, b) ? a.box.x0 < b.box.x0 : cy(a) < cy(b);
  if (a.box.x1 > b.box.x0) return false;
  // a is left of b. Something spanning both between them (a title, a rule of text) parts them.
  const [top, bottom] = cy(a) < cy(b) ? [a, b] : [b, a];
  for (const c of units) {
    if (c === a || c === b) continue;
    if (cy(c) > cy(top) && cy(c) < cy(bottom) && xOverlaps(c, a) && xOverlaps(c, b)) return false;
  }
  if (yOverlaps(a, b)) return true;
  // a's column runs beside b: read a's column first. (A line alone at the right, as a letter's date
  // above the addressee, is read where it stands.)
  const slack = 0.25 * Math.max(a.h, b.h);
  return units.some((c) => c !== a && c !== b && xOverlaps(c, a) && c.box.x1 <= b.box.x0 && yOverlaps(b, c, slack));
}

/** Ordered units into lines: a unit that follows one of its row, to its right, continues that line. */
function linesOf(units: Unit[]): OrderedLine[] {
  const out: Array<{ units: Unit[] }> = [];
  for (const unit of units) {
    const line = out[out.length - 1];
    const last = line?.units[line.units.length - 1];
    if (line && last && sameRow(last, unit) && unit.box.x0 >= last.box.x1 - 0.5 * unit.h) line.units.push(unit);
    else out.push({ units: [unit] });
  }
  return out.map(({ units: parts }) => {
    const words = parts.flatMap((u) => u.words);
    // Sources in the order of their first word in the line: the first is the line's own.
    const sources = [...new Set(parts.flatMap((u) => u.from))];
    return { words: inLineOrder(words), sources, box: unionOf(words.map((w) => w.box)) };
  });
}

/**
 * Lines into blocks: a block goes on while the lines come from the source's same group (the group of
 * a line's leftmost source), follow one another down the page without a jump back up or across, and
 * no gap wider than two lines parts them.
 */
function blocksOf(lines: OrderedLine[], sources: readonly SourceLine[]): OrderedBlock[] {
  const blocks: OrderedBlock[] = [];
  let previous: OrderedLine | undefined;
  for (const line of lines) {
    const h = heightOf(line.box);
    const group = sources[line.sources[0]!]!.group;
    const continues =
      previous !== undefined &&
      sources[previous.sources[0]!]!.group === group &&
      line.box.y0 >= previous.box.y0 &&
      line.box.y0 - previous.box.y1 <= 2 * Math.max(h, heightOf(previous.box)) &&
      overlap(line.box.x0, line.box.x1, previous.box.x0, previous.box.x1) > 0;
    if (continues) blocks[blocks.length - 1]!.lines.push(line);
    else blocks.push({ lines: [line] });
    previous = line;
  }
  return blocks;
}
