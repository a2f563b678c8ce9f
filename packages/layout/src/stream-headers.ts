import { centerY, overlap } from './geometry.js';
import { isNumeric } from './cells.js';
import { textRowOf, type TextRow } from './rows.js';
import { columnIndex, type Candidate } from './stream-columns.js';
import type { Ruling } from './types.js';

/** The most lines a column header is printed over ("Total" / "employed" / "(thousands)"). */
const HEADER_LINES = 3;

/**
 * The rows with a column header printed over several lines made one row: above the first row with a
 * figure, a line whose every cell stands under a cell of the line above of the same columns, or under
 * nothing, goes on from it ("Percent" / "change"). A header spanning columns over the headers of each
 * ("HARVEST" over "11/12" and "12/13") is a row of its own. A table with no figures keeps its rows.
 */
export function withHeaderLines({ rows, columns }: Candidate, rules: readonly Ruling[]): TextRow[] {
  const firstData = rows.findIndex(hasFigure);
  if (firstData <= 1 || firstData > HEADER_LINES + 1) return rows;
  const spansOf = headerSpans(rows.slice(0, firstData), columns);
  const spans = (row: TextRow) => spansOf.get(row) ?? [];
  // A rule drawn between two lines (under a header, under a spanning header) parts them.
  const ruledApart = (a: TextRow, b: TextRow) => rules.some((r) => centerY(r) > a.box.y1 - 1 && centerY(r) < b.box.y0 + 1 && overlap(r.x0, r.x1, b.box.x0, b.box.x1) > 0);
  const out: TextRow[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = out[out.length - 1];
    const above = previous ? (spansOf.get(previous) ?? headerSpans([previous, row], columns).get(previous)!) : [];
    const goesOn =
      i < firstData &&
      previous !== undefined &&
      // A line of the first column alone is a heading row, not a header's second line.
      spans(row).some(([, last]) => last > 0) &&
      row.box.y0 - previous.box.y1 < Math.max(row.height, previous.height) &&
      !ruledApart(rows[i - 1]!, row) &&
      spans(row).every(([first, last]) => above.every(([a, b]) => b < first || a > last || (a === first && b === last)));
    if (goesOn) {
      out[out.length - 1] = textRowOf([...previous.words, ...row.words].sort((a, b) => a.box.x0 - b.box.x0), true);
      continue;
    }
    out.push(row);
  }
  return out;
}

/** A year alone ("2011") heads a column of figures ("2011" / "Actual"); it is not a row's figure. */
const isYear = (text: string) => /^(19|20)\d\d$/.test(text.trim());
/**
 * A row with a figure. Years alone head columns ("2011 | 2012 | 2013", a year over a word); one year
 * beside a label ("Founded | 1998") is a row's figure.
 */
export const hasFigure = (row: TextRow) => {
  const numeric = row.segments.filter((s) => isNumeric(s.text));
  return numeric.some((s) => !isYear(s.text)) || (numeric.length === 1 && row.segments.length > 1);
};

/**
 * The columns of each segment of a table's header lines, the lowest line first: a header centred over
 * the headers of the line below it ("Both sexes" over "Number" and "Percent", "Exports" over "2010"
 * and "2011") spans their columns; a header within its column, or centred on it, is that column's.
 */
export function headerSpans(lines: readonly TextRow[], columns: Array<[number, number]>): Map<TextRow, Array<[number, number]>> {
  const out = new Map<TextRow, Array<[number, number]>>();
  let below: Array<[number, number]> = columns.map((_, j) => [j, j]);
  for (let i = lines.length - 1; i >= 0; i--) {
    const spans = lines[i]!.segments.map((seg) => headerColumns(columns, below, seg.box.x0, seg.box.x1, lines[i]!.charWidth / 2));
    out.set(lines[i]!, spans);
    // Columns no header of this line stands over keep the line below's units.
    below = [...spans, ...below.filter(([a, b]) => spans.every(([f, l]) => b < f || a > l))].sort((p, q) => p[0] - q[0]);
  }
  return out;
}

/**
 * A header's columns: of the columns it overlaps, and of the fewest units below it (their headers'
 * columns) whose extent holds it (within `slack`, half a character), those whose middle is nearer its own.
 */
function headerColumns(columns: Array<[number, number]>, units: ReadonlyArray<[number, number]>, x0: number, x1: number, slack: number): [number, number] {
  const overlapped = columnIndex(columns, x0, x1);
  const centre = (x0 + x1) / 2;
  const off = ([a, b]: [number, number]) => Math.abs((columns[a]![0] + columns[b]![1]) / 2 - centre);
  const u = units.findLastIndex(([a]) => columns[a]![0] - slack <= x0);
  const v = u < 0 ? -1 : units.findIndex(([, b], k) => k >= u && columns[b]![1] + slack >= x1);
  const held: [number, number] | undefined = v < 0 ? undefined : [units[u]![0], units[v]![1]];
  return held && held[1] > held[0] && off(held) < off(overlapped) ? held : overlapped;
}

