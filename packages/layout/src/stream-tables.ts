import { overlap, median } from './geometry.js';
import { isNumeric, tableOf, type GridCell } from './cells.js';
import { textRowOf, type TextRow } from './rows.js';
import type { Table } from './types.js';

/** Rows of a table candidate, with the x-intervals of its columns. */
interface Candidate {
  rows: TextRow[];
  columns: Array<[number, number]>;
}

/**
 * Borderless tables: runs of rows cut into two or more segments (Camelot's stream mode, after
 * Nurminen's method behind Tabula): the columns are the x-intervals between the whitespace that
 * persists down the run, the rows are the text rows. Two columns of prose (long segments) are not a
 * table.
 */
export function streamTables(rows: readonly TextRow[]): Array<{ table: Table; rows: TextRow[] }> {
  const out: Array<{ table: Table; rows: TextRow[] }> = [];
  for (const run of runsOfRows(rows)) {
    const found = withColumns(run);
    if (!found) continue;
    for (const candidate of sideBySide(found)) {
      const rows = withWrappedLabels({ ...candidate, rows: withHeaderLines(candidate) });
      out.push({ table: gridOf({ ...candidate, rows }), rows: found.rows });
    }
  }
  return out;
}

/**
 * Two tables set side by side (a long list continued in a second block of the same columns): where
 * the widest gap between columns is three times any other and at least four characters wide, the
 * columns on each side of it are as many (two or more) and alike (figures under figures, words under
 * words, figures among them), each side is a table of its own, read left then right. A table's label
 * column a wide gap from its figures has figures on one side only.
 */
function sideBySide(candidate: Candidate): Candidate[] {
  const { rows, columns } = candidate;
  if (columns.length < 4 || columns.length % 2 !== 0) return [candidate];
  const gaps = columns.slice(1).map(([c0], j) => c0 - columns[j]![1]);
  const half = columns.length / 2;
  const middle = gaps[half - 1]!;
  const others = gaps.filter((_, j) => j !== half - 1);
  const charWidth = median(rows.map((r) => r.charWidth));
  if (middle < 4 * charWidth || others.some((g) => 3 * g > middle)) return [candidate];
  const split = (columns[half - 1]![1] + columns[half]![0]) / 2;
  const sides = [columns.slice(0, half), columns.slice(half)].map((cols, side) => {
    const keep = (x: number) => (side === 0 ? x < split : x >= split);
    const sideRows = rows.map((r) => r.words.filter((w) => keep((w.box.x0 + w.box.x1) / 2))).filter((words) => words.length > 0).map((words) => textRowOf(words));
    return { rows: sideRows, columns: cols };
  });
  // The same columns again: figures under figures, words under words, column by column, and figures
  // among them (a list of words set in two blocks is left as one table).
  const figures = (c: Candidate, j: number) => {
    const cells = c.rows.flatMap((r) => r.segments.filter((seg) => columnIndex(c.columns, seg.box.x0, seg.box.x1)[0] === j));
    return cells.length ? cells.filter((seg) => isNumeric(seg.text)).length / cells.length : 0;
  };
  const [left, right] = sides as [Candidate, Candidate];
  const alike = Array.from({ length: half }, (_, j) => [figures(left, j), figures(right, j)]);
  const sameColumns = alike.every(([a, b]) => (a! >= 0.6 && b! >= 0.6) || (a! <= 0.4 && b! <= 0.4)) && alike.some(([a]) => a! >= 0.6);
  // Each side a table, as withColumns asks of any table.
  return sides.every(mostRowsInCells) && sameColumns ? sides : [candidate];
}

/** Runs of nearby rows that start and end with a row of several segments; single-segment rows inside (at most two together). */
function runsOfRows(rows: readonly TextRow[]): TextRow[][] {
  const runs: TextRow[][] = [];
  let run: TextRow[] = [];
  let singles = 0;
  const close = () => {
    while (run.length && run[run.length - 1]!.segments.length < 2) run.pop();
    if (run.filter((r) => r.segments.length >= 2).length >= 2) runs.push(run);
    run = [];
    singles = 0;
  };
  for (const row of rows) {
    const prev = run[run.length - 1];
    const near = prev !== undefined && row.box.y0 - prev.box.y1 <= 2.2 * Math.max(prev.height, row.height);
    const multi = row.segments.length >= 2;
    if (prev && !near) close();
    if (run.length === 0) {
      if (multi) run.push(row);
      continue;
    }
    if (multi) {
      run.push(row);
      singles = 0;
    } else if (singles < 2) {
      run.push(row);
      singles++;
    } else {
      close();
    }
  }
  close();
  return runs;
}

/** The run's columns from the whitespace down it; undefined when it is no table. */
function withColumns(run: TextRow[]): Candidate | undefined {
  const x0 = Math.floor(Math.min(...run.map((r) => r.box.x0)));
  const x1 = Math.ceil(Math.max(...run.map((r) => r.box.x1)));
  const coverage = new Uint16Array(x1 - x0 + 1);
  for (const row of run) for (const s of row.segments) for (let x = Math.floor(s.box.x0); x < Math.ceil(s.box.x1); x++) coverage[x - x0]! += 1;
  // A title or a cell spanning columns may cross one gap in a longer run.
  const allowed = run.length >= 6 ? 1 : 0;
  const minGap = Math.max(2, median(run.map((r) => r.charWidth)));
  const columns: Array<[number, number]> = [];
  let start = -1;
  let gapRun = 0;
  for (let i = 0; i < coverage.length; i++) {
    if (coverage[i]! > allowed) {
      if (start < 0) start = i;
      else if (gapRun >= minGap) {
        columns.push([x0 + start, x0 + i - gapRun]);
        start = i;
      }
      gapRun = 0;
    } else if (start >= 0) gapRun++;
  }
  if (start >= 0) columns.push([x0 + start, x0 + coverage.length - gapRun]);
  if (columns.length < 2) return undefined;
  // Words a cell: a row's words in one column (not its segments, which the wide spaces of justified
  // prose cut short). Two columns of prose hold lines of many words; a table's cells, a few.
  const cells = run.reduce((n, r) => n + new Set(r.words.map((w) => columnIndex(columns, w.box.x0, w.box.x1)[0])).size, 0);
  const wordsPerCell = run.reduce((n, r) => n + r.words.length, 0) / Math.max(1, cells);
  if (columns.length === 2 && wordsPerCell > 4.5) return undefined; // two columns of prose
  if (wordsPerCell > 8) return undefined;
  return mostRowsInCells({ rows: run, columns }) ? { rows: run, columns } : undefined;
}

/** Whether most rows (two at least) have words in more than one column: else it is text with an aside, not a table. */
function mostRowsInCells({ rows, columns }: Candidate): boolean {
  const inCells = rows.filter((r) => new Set(r.segments.map((s) => columnIndex(columns, s.box.x0, s.box.x1)[0])).size >= 2).length;
  return inCells >= Math.max(2, rows.length * 0.5);
}

/** The most lines a column header is printed over ("Total" / "employed" / "(thousands)"). */
const HEADER_LINES = 3;

/**
 * The rows with a column header printed over several lines made one row: above the first row with a
 * figure, a line whose every cell stands under a cell of the line above of the same columns, or under
 * nothing, goes on from it ("Percent" / "change"). A header spanning columns over the headers of each
 * ("HARVEST" over "11/12" and "12/13") is a row of its own. A table with no figures keeps its rows.
 */
function withHeaderLines({ rows, columns }: Candidate): TextRow[] {
  const spans = (row: TextRow) => row.segments.map((s) => headerColumns(columns, s.box.x0, s.box.x1));
  const firstData = rows.findIndex(hasFigure);
  if (firstData <= 1 || firstData > HEADER_LINES + 1) return rows;
  const out: TextRow[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = out[out.length - 1];
    const above = previous ? spans(previous) : [];
    const goesOn =
      i < firstData &&
      previous !== undefined &&
      // A line of the first column alone is a heading row, not a header's second line.
      spans(row).some(([, last]) => last > 0) &&
      row.box.y0 - previous.box.y1 < Math.max(row.height, previous.height) &&
      spans(row).every(([first, last]) => above.every(([a, b]) => b < first || a > last || (a === first && b === last)));
    if (goesOn) {
      out[out.length - 1] = textRowOf([...previous.words, ...row.words].sort((a, b) => a.box.x0 - b.box.x0), true);
      continue;
    }
    out.push(row);
  }
  return out;
}

/**
 * The rows with a row label printed over two lines made one row: a line of the first column alone
 * that goes on in lower case from the line above it ("Professional and business" / "services", the
 * figures beside either line). A line of its own in capitals is a heading over the rows under it.
 */
function withWrappedLabels({ rows, columns }: Candidate): TextRow[] {
  const inFirst = (row: TextRow) => row.segments.filter((s) => columnIndex(columns, s.box.x0, s.box.x1)[0] === 0);
  const labelOnly = (row: TextRow) => row.segments.every((s) => columnIndex(columns, s.box.x0, s.box.x1)[1] === 0);
  const firstData = rows.findIndex((r) => r.segments.some((s) => isNumeric(s.text)));
  const out: TextRow[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = out[out.length - 1];
    const label = inFirst(row).map((s) => s.text).join(' ');
    const labelGoesOn = /^[\p{Ll}(&]/u.test(label) && previous !== undefined && inFirst(previous).length > 0 && (labelOnly(previous) || labelOnly(row));
    // Below the first row of figures, a line of words alone in the inner columns (nothing in the first
    // or the last, where a table's labels are, left or right) is a cell's second line ("Assisted
    // deposit" / "from branch 12"), not a row.
    const inner = row.segments.every((s) => {
      const [first, last] = columnIndex(columns, s.box.x0, s.box.x1);
      return first > 0 && last < columns.length - 1 && !isNumeric(s.text);
    });
    const cellGoesOn = firstData >= 0 && i > firstData && inner && previous !== undefined && inFirst(previous).length > 0;
    if ((labelGoesOn || cellGoesOn) && row.box.y0 - previous!.box.y1 < Math.max(row.height, previous!.height)) {
      out[out.length - 1] = textRowOf([...previous!.words, ...row.words].sort((a, b) => a.box.x0 - b.box.x0), true);
      continue;
    }
    out.push(row);
  }
  return out;
}

/** A year alone ("2011", "2012*") heads a column of figures ("2011" / "Actual"); it is not a row's figure. */
const isYear = (text: string) => /^(19|20)\d\d[*\p{No}]?$/u.test(text.trim());
/** A row with a figure (a year over a column is a header's). */
const hasFigure = (row: TextRow) => row.segments.some((s) => isNumeric(s.text) && !isYear(s.text));

/**
 * The columns of a header: a header centred over two or more columns ("Both sexes" over "Number" and
 * "Percent") reaches out of the column it overlaps into the gap beside it, a tenth of the gap or
 * more; it spans the columns it is centred over. A header within its column, or centred on it, is
 * that column's.
 */
function headerColumns(columns: Array<[number, number]>, x0: number, x1: number): [number, number] {
  let [first, last] = columnIndex(columns, x0, x1);
  const centre = (x0 + x1) / 2;
  const off = (a: number, b: number) => Math.abs((columns[a]![0] + columns[b]![1]) / 2 - centre);
  for (;;) {
    const left = first > 0 && x0 < columns[first]![0] - 0.1 * (columns[first]![0] - columns[first - 1]![1]) ? off(first - 1, last) : Infinity;
    const right = last + 1 < columns.length && x1 > columns[last]![1] + 0.1 * (columns[last + 1]![0] - columns[last]![1]) ? off(first, last + 1) : Infinity;
    if (Math.min(left, right) >= off(first, last)) return [first, last];
    if (left <= right) first--;
    else last++;
  }
}

/** First and last column a span of x overlaps. */
function columnIndex(columns: Array<[number, number]>, x0: number, x1: number): [number, number] {
  let first = -1;
  let last = -1;
  columns.forEach(([c0, c1], j) => {
    if (overlap(x0, x1, c0, c1) > 0) {
      if (first < 0) first = j;
      last = j;
    }
  });
  if (first < 0) {
    // In a gap: the nearest column.
    const cx = (x0 + x1) / 2;
    let best = 0;
    columns.forEach(([c0, c1], j) => {
      if (Math.abs((c0 + c1) / 2 - cx) < Math.abs((columns[best]![0] + columns[best]![1]) / 2 - cx)) best = j;
    });
    return [best, best];
  }
  return [first, last];
}

function gridOf({ rows, columns }: Candidate): Table {
  const grid: GridCell[] = [];
  const taken = new Map<string, GridCell>();
  const firstData = rows.findIndex(hasFigure);
  rows.forEach((row, i) => {
    for (const segment of row.segments) {
      const [first, last] = (i < firstData ? headerColumns : columnIndex)(columns, segment.box.x0, segment.box.x1);
      const existing = taken.get(`${i}:${first}`);
      if (existing) {
        existing.words.push(...segment.words);
        existing.box = { x0: Math.min(existing.box.x0, segment.box.x0), y0: Math.min(existing.box.y0, segment.box.y0), x1: Math.max(existing.box.x1, segment.box.x1), y1: Math.max(existing.box.y1, segment.box.y1) };
        continue;
      }
      const cell: GridCell = { row: i, column: first, rowSpan: 1, columnSpan: last - first + 1, words: [...segment.words], box: { ...segment.box } };
      grid.push(cell);
      for (let j = first; j <= last; j++) taken.set(`${i}:${j}`, cell);
    }
    columns.forEach(([c0, c1], j) => {
      if (taken.has(`${i}:${j}`)) return;
      const cell: GridCell = { row: i, column: j, rowSpan: 1, columnSpan: 1, words: [], box: { x0: c0, y0: row.box.y0, x1: c1, y1: row.box.y1 } };
      grid.push(cell);
      taken.set(`${i}:${j}`, cell);
    });
  });
  return tableOf(grid, rows.length, columns.length, false);
}
