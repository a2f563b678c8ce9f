import type { Box } from '@docsvc/image';
import { heightOf, unionOf } from './geometry.js';
import type { CellKind, LayoutWord, Table, TableCell } from './types.js';
import { inLineOrder } from './line-order.js';
import { joinWords } from '@docsvc/schemas';

/** A number as printed in a table: amounts, percentages, signs, thousands separators, parentheses, dates. */
const NUMERIC = /^[-+−–(]?[$€£¥%]?\s?\d[\d\s.,'/:]*%?\)?[-+]?$|^[-–—]$/u;
export const isNumeric = (text: string): boolean => NUMERIC.test(text.replace(/\s+/g, ''));

/** The text of words in reading order: lines top to bottom (words on one band), joined by "\n". */
export function cellText(words: readonly LayoutWord[]): string {
  const lines: LayoutWord[][] = [];
  for (const word of [...words].sort((a, b) => a.box.y0 - b.box.y0)) {
    const cy = (word.box.y0 + word.box.y1) / 2;
    const line = lines.find((l) => {
      const band = unionOf(l.map((w) => w.box));
      return cy >= band.y0 && cy <= band.y1 && heightOf(word.box) < 2 * heightOf(band);
    });
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines.map((l) => joinWords(withoutLeaders(inLineOrder(l).map((w) => w.text)))).join('\n');
}

/** Dots that lead the eye from a row's label to its figures ("Mining ......", ". . . ."), not text. */
const LEADER = /^[.·…‥_]+$/u;
const GLUED_LEADER = /(?<=[\p{L}\p{N})])[.·…‥_]{4,}$/u;

/**
 * A line's words without the dot leaders after its text (statistical tables lead a row's label to its
 * figures so): a run of dots at the line's end, as words or run into the last word. A cell of dots
 * alone ("..", "…": not available) keeps them.
 */
function withoutLeaders(texts: string[]): string[] {
  let end = texts.length;
  while (end > 0 && LEADER.test(texts[end - 1]!)) end--;
  if (end === 0) return texts;
  const kept = texts.slice(end).join('').length >= 3 ? texts.slice(0, end) : texts;
  return kept.map((t, i) => (i === kept.length - 1 ? t.replace(GLUED_LEADER, '') : t));
}

/** A grid position filled by `words` (or empty), spanning `rowSpan` x `columnSpan` positions. */
export interface GridCell {
  row: number;
  column: number;
  rowSpan: number;
  columnSpan: number;
  words: LayoutWord[];
  box: Box;
}

/**
 * A table from its grid cells: texts, confidences, and which cells are headers. The first row is a
 * column header when some column below it is mostly numbers while that row is not; the first column
 * holds row headers when it is words beside columns of numbers.
 */
export function tableOf(grid: GridCell[], rowCount: number, columnCount: number, ruled: boolean): Table {
  const filled = grid.map((c) => ({ ...c, text: cellText(c.words) }));
  const numericShare = (cells: typeof filled) => {
    const texts = cells.filter((c) => c.text !== '');
    return texts.length ? texts.filter((c) => isNumeric(c.text)).length / texts.length : 0;
  };
  const inColumn = (j: number, fromRow: number) => filled.filter((c) => c.column === j && c.row >= fromRow);
  const firstRow = filled.filter((c) => c.row === 0);
  const numericColumns = Array.from({ length: columnCount }, (_, j) => j).filter((j) => inColumn(j, 1).filter((c) => c.text).length >= 2 && numericShare(inColumn(j, 1)) >= 0.6);
  const headerRow = rowCount >= 3 && numericColumns.length > 0 && numericShare(firstRow) < 0.5;
  const firstColumn = filled.filter((c) => c.column === 0 && c.row >= (headerRow ? 1 : 0));
  const rowHeaders = columnCount >= 2 && numericColumns.some((j) => j > 0) && !numericColumns.includes(0) && numericShare(firstColumn) < 0.3;
  const cells: TableCell[] = filled.map((c) => {
    const kind: CellKind = headerRow && c.row === 0 ? 'column_header' : rowHeaders && c.column === 0 && c.text !== '' ? 'row_header' : 'content';
    return {
      row: c.row,
      column: c.column,
      rowSpan: c.rowSpan,
      columnSpan: c.columnSpan,
      kind,
      text: c.text,
      box: c.box,
      confidence: c.words.length ? Math.min(...c.words.map((w) => w.confidence)) : 1,
    };
  });
  cells.sort((a, b) => a.row - b.row || a.column - b.column);
  return { box: unionOf(grid.map((c) => c.box)), rowCount, columnCount, cells, ruled };
}
