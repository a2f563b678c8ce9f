import type { Box } from '@docsvc/image';
import { centerX, centerY, heightOf, isHorizontalRule, overlap, widthOf } from './geometry.js';
import { tableOf, type GridCell } from './cells.js';
import { rowsOfTheirOwn } from './ruled-bands.js';
import { textRows } from './rows.js';
import type { LayoutWord, Ruling, Table } from './types.js';

/** Positions closer than this (page pixels) are one line: a ruling drawn twice, borders of adjacent cells. */
export const rulingTolerance = (page: { width: number; height: number }): number => Math.max(3, 0.004 * Math.max(page.width, page.height));

/** Values within `tol` of each other merged into their mean, ascending. */
function clusterPositions(values: number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last && v - last[last.length - 1]! <= tol) last.push(v);
    else out.push([v]);
  }
  return out.map((c) => c.reduce((s, v) => s + v, 0) / c.length);
}

/** Groups of rulings that touch one another, within `tol` (each group one drawn table, or a lone rule). */
export function touchingGroups(rulings: readonly Ruling[], tol: number): Ruling[][] {
  const touches = (a: Box, b: Box) => a.x0 - tol <= b.x1 && b.x0 - tol <= a.x1 && a.y0 - tol <= b.y1 && b.y0 - tol <= a.y1;
  const parent = rulings.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < rulings.length; i++) for (let j = i + 1; j < rulings.length; j++) if (touches(rulings[i]!, rulings[j]!)) parent[find(i)] = find(j);
  const groups = new Map<number, Ruling[]>();
  rulings.forEach((r, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), r]));
  return [...groups.values()];
}

/**
 * Bordered tables: the grid that the page's ruling lines draw (Camelot's lattice mode). Rows and
 * columns are the spaces between the lines; where a line between two grid positions is missing
 * they are one cell spanning both. Words belong to the cell that holds their centre.
 */
export function ruledTables(page: { width: number; height: number; rulings?: Ruling[] }, words: readonly LayoutWord[]): Array<{ table: Table; words: Set<LayoutWord> }> {
  const tol = rulingTolerance(page);
  const lines = (page.rulings ?? []).filter((r) => isHorizontalRule(r) || heightOf(r) >= 3 * widthOf(r));
  const out: Array<{ table: Table; words: Set<LayoutWord> }> = [];
  for (const group of touchingGroups(lines, tol)) {
    const horizontal = group.filter((r) => widthOf(r) >= heightOf(r));
    const vertical = group.filter((r) => heightOf(r) > widthOf(r));
    // A table drawn without its outer frame ("no bounding frame": rules between rows run past the
    // outermost column line, column lines run past the first or last rule) ends where its lines do.
    const ys = clusterPositions([...horizontal.map(centerY), ...openEnds(vertical.map((r) => [r.y0, r.y1]), horizontal.map(centerY), tol)], tol);
    const xs = clusterPositions([...vertical.map(centerX), ...openEnds(horizontal.map((r) => [r.x0, r.x1]), vertical.map(centerX), tol)], tol);
    if (ys.length < 2 || xs.length < 2) continue;
    const between = rowsBetweenRules(xs, ys, vertical, words, tol);
    const table = trimmedGrid(xs, clusterPositions([...ys, ...between], tol), [...horizontal, ...between.map((y) => ({ x0: xs[0]!, y0: y, x1: xs[xs.length - 1]!, y1: y }))], vertical, words, tol);
    if (table) out.push(table);
  }
  return out;
}

/**
 * Rows that no rule parts: a table whose lines draw its columns and frame but rule only under the
 * header (the style of statistical yearbooks) holds its rows between two rules, each a text row of
 * its own (rowsOfTheirOwn). The positions between them, where a column line crosses the band; a
 * row label going on in lower case on the next line stays with its row.
 */
function rowsBetweenRules(xs: number[], ys: number[], vertical: Ruling[], words: readonly LayoutWord[], tol: number): number[] {
  const out: number[] = [];
  const x0 = xs[0]!;
  const x1 = xs[xs.length - 1]!;
  for (let k = 0; k + 1 < ys.length; k++) {
    const [top, bottom] = [ys[k]!, ys[k + 1]!];
    const columnLines = vertical.filter((r) => centerX(r) > x0 + tol && centerX(r) < x1 - tol && overlap(r.y0, r.y1, top, bottom) >= 0.7 * (bottom - top)).map(centerX);
    if (columnLines.length === 0) continue;
    const rows = textRows(words.filter((w) => centerX(w.box) > x0 && centerX(w.box) < x1 && centerY(w.box) > top && centerY(w.box) < bottom));
    if (!rowsOfTheirOwn(rows)) continue;
    // Each row's cells between the lines: columns the lines do not draw (figures side by side
    // between two lines) are read by the borderless finder.
    const between = (x: number) => columnLines.filter((c) => c < x).length;
    const unruled = rows.filter((row) => new Set(row.segments.map((seg) => between(centerX(seg.box)))).size < row.segments.length).length;
    if (unruled > 0.2 * rows.length) continue;
    for (let i = 1; i < rows.length; i++) {
      const row = rows[i]!;
      if (row.segments.length === 1 && /^\p{Ll}/u.test(row.segments[0]!.text)) continue;
      out.push((rows[i - 1]!.box.y1 + row.box.y0) / 2);
    }
  }
  return out;
}

/**
 * Where lines along one axis (their spans, `[start, end]`) reach past the outermost lines across
 * them (`across`, their positions): the least start and the greatest end, each where it is beyond
 * those lines by more than `tol`. A frame drawn there is not: the table's edge is where its lines end.
 */
function openEnds(spans: ReadonlyArray<readonly [number, number]>, across: readonly number[], tol: number): number[] {
  if (spans.length === 0 || across.length < 2) return [];
  const start = Math.min(...spans.map((s) => s[0]));
  const end = Math.max(...spans.map((s) => s[1]));
  return [...(start < Math.min(...across) - tol ? [start] : []), ...(end > Math.max(...across) + tol ? [end] : [])];
}

/**
 * The grid of the lines, less the rows at its top or bottom that are boxes around text laid out in
 * columns of its own (a summary boxed above a table, whose frame touches the table's): they are read
 * as borderless text. A grid with such a box in its middle is no grid.
 */
function trimmedGrid(xs: number[], ys: number[], horizontal: Ruling[], vertical: Ruling[], words: readonly LayoutWord[], tol: number): { table: Table; words: Set<LayoutWord> } | undefined {
  const first = gridFromLines(xs, ys, horizontal, vertical, words, tol);
  if (!first || first.badRows.size === 0) return first && { table: first.table, words: first.words };
  const rows = ys.length - 1;
  let top = 0;
  while (top < rows && first.badRows.has(top)) top++;
  let bottom = rows - 1;
  while (bottom >= top && first.badRows.has(bottom)) bottom--;
  for (let i = top; i <= bottom; i++) if (first.badRows.has(i)) return undefined;
  if (bottom < top) return undefined;
  const keptYs = ys.slice(top, bottom + 2);
  // Column lines that only the cut-off rows had.
  const keptXs = xs.filter((x) => vertical.some((r) => Math.abs(centerX(r) - x) <= tol && overlap(r.y0, r.y1, keptYs[0]!, keptYs[keptYs.length - 1]!) > 0));
  if (keptXs.length < 2) return undefined;
  const trimmed = gridFromLines(keptXs, keptYs, horizontal, vertical, words, tol);
  return trimmed && trimmed.badRows.size === 0 ? { table: trimmed.table, words: trimmed.words } : undefined;
}

function gridFromLines(xs: number[], ys: number[], horizontal: Ruling[], vertical: Ruling[], words: readonly LayoutWord[], tol: number): { table: Table; words: Set<LayoutWord>; badRows: Set<number> } | undefined {
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  // Is there a line along x = xs[j] from ys[i] to ys[i+1] (most of it)? Along y = ys[i] from xs[j] to xs[j+1]?
  const verticalAt = (j: number, i: number) => vertical.some((r) => Math.abs(centerX(r) - xs[j]!) <= tol && overlap(r.y0, r.y1, ys[i]!, ys[i + 1]!) >= 0.7 * (ys[i + 1]! - ys[i]!));
  const horizontalAt = (i: number, j: number) => horizontal.some((r) => Math.abs(centerY(r) - ys[i]!) <= tol && overlap(r.x0, r.x1, xs[j]!, xs[j + 1]!) >= 0.7 * (xs[j + 1]! - xs[j]!));
  // Grid positions joined where the line between them is missing.
  const parent = Array.from({ length: rows * cols }, (_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k]!)));
  const join = (a: number, b: number) => (parent[find(a)] = find(b));
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (j + 1 < cols && !verticalAt(j + 1, i)) join(i * cols + j, i * cols + j + 1);
      if (i + 1 < rows && !horizontalAt(i + 1, j)) join(i * cols + j, (i + 1) * cols + j);
    }
  }
  const groups = new Map<number, Array<[number, number]>>();
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) groups.set(find(i * cols + j), [...(groups.get(find(i * cols + j)) ?? []), [i, j]]);
  if (groups.size < 2) return undefined; // one box around the page or a paragraph: no table
  const grid: GridCell[] = [];
  const inside = new Set<LayoutWord>();
  const bounds = { x0: xs[0]!, y0: ys[0]!, x1: xs[cols]!, y1: ys[rows]! };
  const cellOf = new Map<string, GridCell>();
  for (const positions of groups.values()) {
    const i0 = Math.min(...positions.map((p) => p[0]));
    const i1 = Math.max(...positions.map((p) => p[0]));
    const j0 = Math.min(...positions.map((p) => p[1]));
    const j1 = Math.max(...positions.map((p) => p[1]));
    const cell: GridCell = { row: i0, column: j0, rowSpan: i1 - i0 + 1, columnSpan: j1 - j0 + 1, words: [], box: { x0: xs[j0]!, y0: ys[i0]!, x1: xs[j1 + 1]!, y1: ys[i1 + 1]! } };
    grid.push(cell);
    for (const [i, j] of positions) cellOf.set(`${i}:${j}`, cell);
  }
  for (const word of words) {
    const cx = centerX(word.box);
    const cy = centerY(word.box);
    if (cx < bounds.x0 || cx > bounds.x1 || cy < bounds.y0 || cy > bounds.y1) continue;
    const j = xs.findIndex((x, k) => k < cols && cx >= x && cx <= xs[k + 1]!);
    const i = ys.findIndex((y, k) => k < rows && cy >= y && cy <= ys[k + 1]!);
    const cell = cellOf.get(`${i}:${j}`);
    if (!cell) continue;
    cell.words.push(word);
    inside.add(word);
  }
  // A frame or a header rule around columns that are not ruled: the columns are in the whitespace
  // inside a cell, so the lines are not the table's grid there (the borderless finder reads it).
  const badRows = new Set<number>();
  for (const cell of grid) {
    if (textRows(cell.words).filter((row) => row.segments.length >= 2).length < 2) continue;
    for (let i = cell.row; i < cell.row + cell.rowSpan; i++) badRows.add(i);
  }
  return { table: tableOf(grid, rows, cols, true), words: inside, badRows };
}
