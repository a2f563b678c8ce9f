import { centerX, centerY, isHorizontalRule, overlap, median } from './geometry.js';
import { isNumeric, tableOf, type GridCell } from './cells.js';
import { textRowOf, type TextRow } from './rows.js';
import { columnIndex, segmentsIn, type Candidate } from './stream-columns.js';
import { hasFigure, headerSpans, withHeaderLines } from './stream-headers.js';
import { cutRows, withTightColumns } from './tight-columns.js';
import type { Box } from '@docsvc/image';
import type { Ruling, Table } from './types.js';

/**
 * Borderless tables: runs of rows cut into two or more segments (Camelot's stream mode, after
 * Nurminen's method behind Tabula): the columns are the x-intervals between the whitespace that
 * persists down the run, the rows are the text rows. Two columns of prose (long segments) are not a
 * table.
 */
export function streamTables(rows: readonly TextRow[], rulings: readonly Ruling[] = []): StreamLayout {
  const out: Array<{ table: Table; rows: TextRow[] }> = [];
  const rules = rulings.filter(isHorizontalRule);
  const found = runsOfRows(rows)
    .flatMap(tablesOfRun)
    .map((c) => withoutProseBeside(c, rows))
    .filter((c): c is Candidate => c !== undefined && !isList(c) && !isLabelsOnly(c));
  // A contents page and a chart's labels line up as a table's rows do: read row by row, but no table.
  const listings = found.filter((c) => isContents(c) || isChartLabels(c));
  const candidates = found.filter((c) => !listings.includes(c)).map(withTightColumns);
  const inTables = new Set(candidates.flatMap((c) => c.rows));
  const tables = candidates.map((c) => withLoneHeaderLines(withHeaderAbove(c, rows, inTables), rows, inTables));
  for (const table of tables.map((c) => withoutNotes(c, rules))) {
    for (const candidate of sideBySide(table)) {
      const rows = withWrappedLabels({ ...candidate, rows: withHeaderLines(candidate, rules) });
      // Rows made of several lines are cut again where columns set close part.
      cutRows(rows, candidate.cuts);
      out.push({ table: gridOf({ ...candidate, rows }), rows: table.rows });
    }
  }
  return { tables: out, listings: listings.map((c) => c.rows) };
}

/** The borderless tables of a page's rows, each with the rows it was made of, and the rows of listings set out as tables are but none (a contents page, a chart's labels). */
export interface StreamLayout {
  tables: Array<{ table: Table; rows: TextRow[] }>;
  listings: TextRow[][];
}

/** How far above a table (in its rows' heights) a header set apart in a box of its own may stand. */
const HEADER_GAP = 4;

/**
 * A table with its header row where the header stands apart above it (a box ruled round the header,
 * as statistical yearbooks draw it, leaves more than a row's gap): the nearest row of several
 * segments above the table, past at most two rows of one segment (a group's label; not a caption,
 * which starts the table), itself no caption and in no other table, its segments each over one
 * column of the table, and over half of them, becomes its first row, the rows between with it.
 */
function withHeaderAbove(candidate: Candidate, page: readonly TextRow[], inTables: ReadonlySet<TextRow>): Candidate {
  const first = page.indexOf(candidate.rows[0]!);
  if (first <= 0) return candidate;
  const caption = (row: TextRow) => CAPTION.test(row.segments[0]?.text ?? '');
  let k = first - 1;
  while (k >= 0 && first - k <= 2 && page[k]!.segments.length < 2 && !caption(page[k]!)) k--;
  const header = page[k];
  if (!header || header.segments.length < 2 || caption(header) || inTables.has(header)) return candidate;
  const below = page[k + 1]!;
  if (below.box.y0 - header.box.y1 > HEADER_GAP * Math.max(header.height, below.height)) return candidate;
  const { columns } = candidate;
  const over = header.segments.map((seg) => columns.flatMap(([c0, c1], j) => (overlap(seg.box.x0, seg.box.x1, c0, c1) > 0 ? [j] : [])));
  if (over.some((js) => js.length !== 1) || new Set(over.map((js) => js[0])).size !== over.length || 2 * over.length <= columns.length) return candidate;
  return { ...candidate, rows: [...page.slice(k, first), ...candidate.rows] };
}

/** A unit printed over a column rather than a header's first line: `(EUR million)`, `Thousands`, `%`. */
const UNIT = /^(?:\(.*\)|\[.*\]|%|per\s?cent|percent|thousands?|millions?|billions?|in\s.+|[$€£]\s?(?:m|bn|million|billion|thousand)s?)$/iu;

/**
 * Column headers set on a common last line (bottom-aligned), the tallest alone on the lines above
 * ("Long-term" over "unemploy-" / "ment rate (%)"): a line of those is one segment, so it starts no
 * run of rows. Up to two such lines directly above a first row of headers (no figure) join the table,
 * each a line's gap from the next, in one of the table's columns past the first, over a header of
 * the line below; no caption, no unit, in no other table.
 */
function withLoneHeaderLines(candidate: Candidate, page: readonly TextRow[], inTables: ReadonlySet<TextRow>): Candidate {
  const first = page.indexOf(candidate.rows[0]!);
  if (first <= 0 || hasFigure(candidate.rows[0]!)) return candidate;
  const { columns } = candidate;
  let k = first;
  while (k > 0 && first - k < 2) {
    const [row, next] = [page[k - 1]!, page[k]!];
    const seg = row.segments[0]!;
    const text = seg.text.trim();
    if (row.segments.length !== 1 || inTables.has(row) || CAPTION.test(text) || UNIT.test(text)) break;
    if (next.box.y0 - row.box.y1 > 0.8 * Math.max(row.height, next.height)) break;
    const [c0, c1] = columnIndex(columns, seg.box.x0, seg.box.x1);
    if (c0 !== c1 || c0 === 0 || seg.box.x0 < columns[c0]![0] - row.charWidth || seg.box.x1 > columns[c0]![1] + row.charWidth) break;
    if (!next.segments.some((n) => overlap(n.box.x0, n.box.x1, seg.box.x0, seg.box.x1) > 0.5 * Math.min(n.box.x1 - n.box.x0, seg.box.x1 - seg.box.x0))) break;
    k--;
  }
  return k === first ? candidate : { ...candidate, rows: [...page.slice(k, first), ...candidate.rows] };
}

/** A list's marks: bullets, dashes, and enumerators (`1.`, `2)`, `a)`, `(iv)`). */
const LIST_MARK = /^(?:[•●▪■□◦‣►▸–—\-*·o✓✔➢→]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])$/iu;

/**
 * A list, not a table: two columns, the first of list marks alone on every row, the second of words
 * (no cell a figure). A bulleted list's marks stand in a column of their own down its items, as a
 * table's would.
 */
function isList(candidate: Candidate): boolean {
  if (candidate.columns.length !== 2) return false;
  const marks = segmentsIn(candidate, 0);
  const items = segmentsIn(candidate, 1);
  return marks.length >= 2 && marks.every((seg) => LIST_MARK.test(seg.text.trim())) && items.every((seg) => !isNumeric(seg.text));
}

/**
 * Two rows of words, the second without a figure: a chart's labels (its axis's years over its
 * legend), a caption beside a heading, not a table. A table of two rows has figures under its header.
 */
function isLabelsOnly(candidate: Candidate): boolean {
  return candidate.rows.length === 2 && !candidate.rows[1]!.segments.some((seg) => isNumeric(seg.text));
}

/** A page number in a contents listing: arabic, or roman for front matter. */
const PAGE_NUMBER = /^(?:\d{1,4}|[ivxlc]{1,7})$/iu;
/** What a contents page may print over its page numbers. */
const PAGE_HEADING = /^(?:pages?|p(?:age)?\.?\s?no\.?|pp?\.|seite|page|p[aá]gina|pagina|sivu|sida|side|blz\.?|str\.?)$/iu;
/** What numbers an entry of a contents listing: `2`, `2.1`, `A.`, `IV`, `Chapter 3`, `Annex B`. */
const ENTRY_NUMBER = /^(?:(?:chapter|section|part|annex|appendix|kapitel|chapitre|cap[ií]tulo|capitolo|anexo|anhang)\s+)?(?:\d{1,2}(?:\.\d{1,2}){0,3}|[a-z]|[ivx]{1,5})[.)]?$/iu;

/**
 * A contents page (or a list of tables or figures), not a table: titles of several words beside page
 * numbers in a last column, four rows or more, nearly every row with one, the arabic ones never going
 * down the page; before the titles at most a column of entry numbers. A statistics report opens with
 * one, and its entries line up in columns as a table's would: counted as a table, every relation of it
 * is one no reader wants (ICDAR 2013's ground truth has none). A table of a figure per label does not
 * read so: its figures are not all small whole numbers in order, or its labels are mostly a word or two.
 */
function isContents(candidate: Candidate): boolean {
  const { rows, columns } = candidate;
  if (columns.length < 2 || columns.length > 3) return false;
  const last = columns.length - 1;
  // "Page" over the page numbers: the listing is the rows below it.
  const head = rows[0]?.segments.at(-1);
  if (head && PAGE_HEADING.test(head.text.trim()) && columnIndex(columns, head.box.x0, head.box.x1)[0] === last) return isContents({ ...candidate, rows: rows.slice(1) });
  const pages = segmentsIn(candidate, last).map((seg) => seg.text.trim());
  if (pages.length < 4 || pages.length < 0.8 * rows.length || !pages.every((t) => PAGE_NUMBER.test(t))) return false;
  const arabic = pages.filter((t) => /^\d+$/.test(t)).map(Number);
  if (arabic.some((n, i) => i > 0 && n < arabic[i - 1]!)) return false;
  // Years in order beside events (a chronology) are a table's figures, not page numbers.
  if (arabic.length > 0 && arabic.every((n) => n >= 1800 && n <= 2100)) return false;
  const titles = segmentsIn(candidate, last - 1).map((seg) => seg.text.trim());
  if (titles.length < 0.8 * pages.length || titles.some(isNumeric)) return false;
  const words = titles.reduce((n, t) => n + t.split(/\s+/u).length, 0);
  if (words < 2.5 * titles.length) return false;
  return last === 1 || segmentsIn(candidate, 0).every((seg) => ENTRY_NUMBER.test(seg.text.trim()));
}

/** Figures stand in a column when this share of them or more line up on one edge, within a row's height. */
const ALIGNED = 0.6;
/** A chart's labels: this share of the rows or more with a figure. */
const CHART_ROWS = 0.75;
/** Figures alone filling no more than this share of their grid's cells are a column chart's values, not a table. */
const SCATTERED = 0.5;

/**
 * A chart's labels, not a table. A column chart's values stand over bars of different heights:
 * figures alone (no word among them) scattered over no more than SCATTERED of their grid's cells. A bar
 * chart's values stand each where its bar ends, beside the categories' labels: on most rows, a column
 * of three figures or more that line up on no edge (neither left, right nor centre: fewer than ALIGNED
 * of them within a row's height of each other), or, where the bars' lengths put them in columns of
 * their own, the rows' one figure each taken together. A table's figures line up on one edge (right
 * for amounts, or left, or centred) whatever their widths, a figure out of line (a note's number) apart.
 */
function isChartLabels(candidate: Candidate): boolean {
  // A column chart's values stand over their bars at their heights: figures alone, scattered over a grid mostly empty.
  const segments = candidate.rows.flatMap((r) => r.segments);
  if (segments.every((seg) => isNumeric(seg.text)) && segments.length <= SCATTERED * candidate.rows.length * candidate.columns.length) return true;
  const height = median(candidate.rows.map((r) => r.height));
  const share = (values: number[]) => Math.max(...values.map((v) => values.filter((w) => Math.abs(w - v) <= height).length)) / values.length;
  const inLine = (figures: Box[]) => figures.length < 3 || Math.max(share(figures.map((b) => b.x0)), share(figures.map((b) => b.x1)), share(figures.map((b) => (b.x0 + b.x1) / 2))) >= ALIGNED;
  // A chart's every bar has its value: rows of words with a few figures among them (a list with a summary run into it) are no chart.
  const byRow = candidate.rows.map((r) => r.segments.filter((seg) => isNumeric(seg.text))).filter((figures) => figures.length > 0);
  if (byRow.length < CHART_ROWS * candidate.rows.length) return false;
  // Bars of very different lengths put their values in columns of their own: a row's one figure is its bar's (the axis's row of ticks apart).
  const single = byRow.filter((figures) => figures.length === 1).map(([seg]) => seg!.box);
  if (single.length >= ALIGNED * candidate.rows.length && !inLine(single)) return true;
  return candidate.columns.some((_, j) => !inLine(segmentsIn(candidate, j).filter((seg) => isNumeric(seg.text)).map((seg) => seg.box)));
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
    const cells = segmentsIn(c, j);
    return cells.length ? cells.filter((seg) => isNumeric(seg.text)).length / cells.length : 0;
  };
  const [left, right] = sides as [Candidate, Candidate];
  const alike = Array.from({ length: half }, (_, j) => [figures(left, j), figures(right, j)]);
  const sameColumns = alike.every(([a, b]) => (a! >= 0.6 && b! >= 0.6) || (a! <= 0.4 && b! <= 0.4)) && alike.some(([a]) => a! >= 0.6);
  // Each side a table, as withColumns asks of any table.
  return sides.every(mostRowsInCells) && sameColumns ? sides : [candidate];
}

/** Words a prose line beside a table has, at the least, on average over its lines. */
const PROSE_WORDS = 4;

/**
 * A table set in one column of a page whose other column is prose (a two-column report): the prose's
 * lines beside the table's rows made its first or last column. That column's cells are lines of
 * several words, and the prose goes on beyond the table's rows, above or below them, in the same
 * place; the table is the rest (or none).
 */
function withoutProseBeside(candidate: Candidate, page: readonly TextRow[]): Candidate | undefined {
  const { rows, columns } = candidate;
  if (columns.length < 3) return candidate;
  const height = median(rows.map((r) => r.height));
  const top = rows[0]!.box.y0;
  const bottom = rows[rows.length - 1]!.box.y1;
  const inTable = new Set(rows);
  const outside = page.filter((r) => !inTable.has(r) && ((r.box.y1 <= top && top - r.box.y1 < 2.5 * height) || (r.box.y0 >= bottom && r.box.y0 - bottom < 2.5 * height)));
  for (const j of [columns.length - 1, 0]) {
    const [c0, c1] = columns[j]!;
    const cells = segmentsIn(candidate, j);
    if (cells.length === 0 || cells.reduce((n, seg) => n + seg.words.length, 0) < PROSE_WORDS * cells.length) continue;
    // Prose in the same place, clear of the table's other columns (a receipt's address centred over its items is not).
    const inner = j === 0 ? columns[1]![0] : columns[j - 1]![1];
    const clear = (seg: { box: { x0: number; x1: number } }) => (j === 0 ? seg.box.x1 < inner : seg.box.x0 > inner);
    const goesOn = outside.some((r) => r.segments.some((seg) => seg.words.length >= PROSE_WORDS - 1 && clear(seg) && overlap(seg.box.x0, seg.box.x1, c0, c1) > 0.5 * (seg.box.x1 - seg.box.x0)));
    if (!goesOn) continue;
    const keep = (w: { box: { x0: number; x1: number } }) => (j === 0 ? w.box.x0 > c1 : w.box.x1 < c0);
    const kept = rows.map((r) => r.words.filter(keep)).filter((words) => words.length > 0).map((words) => textRowOf(words));
    return kept.filter((r) => r.segments.length >= 2).length >= 2 ? withColumns(kept) : undefined;
  }
  return candidate;
}

/**
 * A table closed by a rule across it, less the notes set under that rule in smaller type (`: not
 * available  p provisional`, `- Nil  .. Not available`): one or two rows below the lowest rule across
 * the table, three times as many above it, every one of them in type smaller than the rows above it.
 * A total under a rule, in the table's own type, stays.
 */
function withoutNotes(candidate: Candidate, rules: readonly Ruling[]): Candidate {
  const { rows, columns } = candidate;
  const x0 = columns[0]![0];
  const x1 = columns[columns.length - 1]![1];
  const across = rules.filter((r) => overlap(r.x0, r.x1, x0, x1) >= 0.8 * (x1 - x0) && centerY(r) > rows[0]!.box.y1 && centerY(r) < rows[rows.length - 1]!.box.y0);
  if (across.length === 0) return candidate;
  const lowest = Math.max(...across.map(centerY));
  const above = rows.filter((r) => r.box.y1 <= lowest);
  const below = rows.filter((r) => r.box.y0 >= lowest);
  // Notes are a line or two under a table of several rows (a rule under the header has the table's body below it).
  if (above.length < 3 * below.length || below.length === 0 || below.length > 2 || above.length + below.length !== rows.length) return candidate;
  const type = median(above.map((r) => r.height));
  return below.every((r) => r.height < 0.93 * type) ? { rows: above, columns } : candidate;
}

const CURRENCY = /^[$€£¥₹]$/u;

/** A table's caption: "Table 8.", "Table A-1", "Tableau 3", "Tabelle 2.1", "Cuadro 4" and the like. */
const CAPTION = /^(table|tab\.|tableau|tabelle|tabla|tabella|tabel|tabela|cuadro|quadro|annex|appendix)\s+[a-z]?[-.]?\d[\w.-]*\b/iu;

/** The most rows of another kind run into the top of a table (a summary of figures above it, a page's header). */
const HEAD_ROWS = 8;

/**
 * The tables of a run of rows: the run, or where its rows hold no columns together, the rest of it
 * below a few rows of another layout that ran into its top (a vote's summary above the list of
 * votes), and those rows where they are a table of their own.
 */
function tablesOfRun(rows: TextRow[]): Candidate[] {
  // A table's caption with its unit set right on its line ("Table 8. Revenue ... (EUR million)") is not its first row.
  const run = CAPTION.test(rows[0]?.segments[0]?.text ?? '') ? rows.slice(1) : rows;
  if (run.filter((r) => r.segments.length >= 2).length < 2) return [];
  const found = withColumns(run);
  if (found) return [found];
  // Of the cuts that leave a table below, the one whose rows most often keep each cell in one column
  // (the fewest rows cut off where as many).
  const fit = (c: Candidate) => c.rows.filter((r) => r.segments.every((seg) => new Set(columnIndex(c.columns, seg.box.x0, seg.box.x1)).size === 1)).length / c.rows.length;
  let best: { k: number; rest: Candidate; fit: number } | undefined;
  for (let k = 1; k <= Math.min(HEAD_ROWS, run.length - 2); k++) {
    if (run[k]!.segments.length < 2) continue;
    const rest = withColumns(run.slice(k));
    const restFit = rest ? fit(rest) : -1;
    if (rest && (!best || restFit > best.fit)) best = { k, rest, fit: restFit };
  }
  if (!best) return [];
  const head = run.slice(0, best.k);
  while (head.length && head[head.length - 1]!.segments.length < 2) head.pop();
  const above = head.filter((r) => r.segments.length >= 2).length >= 2 ? withColumns(head) : undefined;
  return above ? [above, best.rest] : [best.rest];
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
    // Near: a gap of at most 2.2 rows' heights, or, in a run of three rows or more, at most twice its
    // rows' pitch (OCR boxes a row of figures to its digits' height alone, so on scans heights make
    // a group's extra space between two rows look wider than it is).
    const pitches = run.slice(1).map((r, i) => r.box.y0 - run[i]!.box.y0).sort((a, b) => a - b);
    const pitch = pitches.length >= 2 ? pitches[pitches.length >> 1]! : undefined;
    const near = prev !== undefined && (row.box.y0 - prev.box.y1 <= 2.2 * Math.max(prev.height, row.height) || (pitch !== undefined && row.box.y0 - prev.box.y0 <= 2.1 * pitch));
    const multi = row.segments.length >= 2;
    // A caption ("Table 2. ...") begins another table.
    if (prev && (!near || CAPTION.test(row.segments[0]?.text ?? ''))) close();
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
  // A heading alone on its line ("NUMBER", "PERCENT" centred over the figures, in a gap between
  // their columns) makes no column, nor do two headers that overlap in a gap ("Both sexes" centred
  // over "Percent", which sets out further left than its figures): a column holds the middle of a
  // cell of a row with others.
  const inRowWithOthers = (c: [number, number]) => run.some((r) => r.segments.length >= 2 && r.segments.some((seg) => centerX(seg.box) >= c[0] && centerX(seg.box) <= c[1]));
  columns.splice(0, columns.length, ...columns.filter(inRowWithOthers));
  // A column of currency signs alone ("$" set at the left of a column of amounts on its first and
  // total rows) is the amounts' column: "$ 842,110" is one cell.
  for (let j = columns.length - 2; j >= 0; j--) {
    const [c0, c1] = columns[j]!;
    const cells = run.flatMap((r) => r.segments.filter((seg) => overlap(seg.box.x0, seg.box.x1, c0, c1) > 0));
    if (cells.length > 0 && cells.every((seg) => CURRENCY.test(seg.text))) columns.splice(j, 2, [c0, columns[j + 1]![1]]);
  }
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

/**
 * The rows with a row label printed over two lines made one row: a line of the first column alone
 * that goes on in lower case from the line above it ("Professional and business" / "services", the
 * figures beside either line). A line of its own in capitals is a heading over the rows under it.
 */
function withWrappedLabels(candidate: Candidate): TextRow[] {
  const columns = candidate.columns;
  const rows = withBottomAlignedCells(candidate);
  const inFirst = (row: TextRow) => row.segments.filter((s) => columnIndex(columns, s.box.x0, s.box.x1)[0] === 0);
  const labelOnly = (row: TextRow) => row.segments.every((s) => columnIndex(columns, s.box.x0, s.box.x1)[1] === 0);
  const firstData = rows.findIndex((r) => r.segments.some((s) => isNumeric(s.text)));
  const out: TextRow[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = out[out.length - 1];
    const label = inFirst(row).map((s) => s.text).join(' ');
    const above = previous ? inFirst(previous).map((s) => s.text).join(' ') : '';
    const labelGoesOn = (/^[\p{Ll}(&]/u.test(label) || brokenOff(above, label)) && previous !== undefined && inFirst(previous).length > 0 && (labelOnly(previous) || labelOnly(row));
    // Below the first row of figures, a line of words alone in the inner columns (nothing in the first
    // or the last, where a table's labels are, left or right) is a cell's second line ("Assisted
    // deposit" / "from branch 12"), not a row.
    // And under words: a figure goes on in no line of words ("PERCENT" centred under a row of figures heads the rows below).
    const wordsAbove = (j: number) => previous !== undefined && previous.segments.some((p) => columnIndex(columns, p.box.x0, p.box.x1)[0] === j && !isNumeric(p.text));
    const inner = row.segments.every((s) => {
      const [first, last] = columnIndex(columns, s.box.x0, s.box.x1);
      return first > 0 && last < columns.length - 1 && !isNumeric(s.text) && wordsAbove(first);
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

/** A line's pitch to the next that is a cell's next line, not the next row: tighter than the rows' by this much. */
const CELL_LINE_PITCH = 0.8;

/**
 * Rows whose cells of several lines are set on their last line (bottom-aligned: a spreadsheet's
 * default): a line of words in one inner column alone, nearer the row under it than the one above (a
 * cell's lines are closer than its rows), with that row's cell in the same column, is that cell's
 * first line; so are the lines of the same cell above it, as near each other ("Employment and social
 * solidarity," / "including working conditions and" / "Progress  non-discrimination  84.7"). Where
 * lines are set at one pitch, nothing is joined here.
 */
function withBottomAlignedCells({ rows, columns }: Candidate): TextRow[] {
  const aloneIn = (row: TextRow): number | undefined => {
    const spans = row.segments.map((s) => columnIndex(columns, s.box.x0, s.box.x1));
    const j = spans[0]?.[0];
    // An inner column's: a line alone in the first or last (the labels' columns, left or right) is a heading over the rows below.
    const inner = j !== undefined && j > 0 && j < columns.length - 1;
    return inner && spans.every(([a, b]) => a === j && b === j) && row.segments.every((s) => !isNumeric(s.text)) ? j : undefined;
  };
  const hasIn = (row: TextRow, j: number) => row.segments.some((s) => columnIndex(columns, s.box.x0, s.box.x1)[0] === j);
  const out: TextRow[] = [];
  let pending: TextRow[] = [];
  for (const [i, row] of rows.entries()) {
    const j = aloneIn(row);
    const previous = rows[i - 1];
    const next = rows[i + 1];
    if (j !== undefined && previous && next && hasIn(next, j)) {
      const pitchNext = centerY(next.box) - centerY(row.box);
      const pitchPrevious = centerY(row.box) - centerY(previous.box);
      const nearNext = pitchNext < 1.6 * Math.max(row.height, next.height);
      // The first line of such a cell, or one after it of the same cell (the pitch between its lines kept).
      const first = pending.length === 0 && pitchNext < CELL_LINE_PITCH * pitchPrevious;
      const goesOn = pending.length > 0 && aloneIn(pending[0]!) === j && pitchNext < 1.2 * pitchPrevious;
      if (nearNext && (first || goesOn)) {
        pending.push(row);
        continue;
      }
    }
    if (pending.length > 0 && aloneIn(pending[0]!) !== undefined && hasIn(row, aloneIn(pending[0]!)!) && row.segments.length >= 2) {
      out.push(textRowOf([...pending.flatMap((r) => r.words), ...row.words].sort((a, b) => a.box.x0 - b.box.x0), true));
    } else out.push(...pending, row);
    pending = [];
  }
  out.push(...pending);
  return out;
}

/** Words a line breaks after in the middle of a phrase. */
const CONNECTIVES = new Set(['and', 'or', 'of', 'than', 'to', 'for', 'with', 'the', 'in', 'by', 'from', 'at', 'on', 'per', 'not', 'including', 'excluding', 'a', 'an', '&']);

/**
 * A label broken off mid-phrase, whatever the next line starts with (`Micro enterprises (fewer than`
 * / `10 persons employed)`): a parenthesis left open, a line ending in a comma, a hyphen or a
 * connective, or the next line closing a parenthesis it did not open.
 */
function brokenOff(label: string, next: string): boolean {
  if (!label || !next) return false;
  const open = (t: string) => (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
  const last = label.split(/\s+/).at(-1)!.toLowerCase();
  return open(label) > 0 || open(next) < 0 || /[,\-‐–]$/u.test(label) || CONNECTIVES.has(last);
}

function gridOf({ rows, columns }: Candidate): Table {
  const grid: GridCell[] = [];
  const taken = new Map<string, GridCell>();
  const firstData = rows.findIndex(hasFigure);
  const header = headerSpans(rows.slice(0, Math.max(0, firstData)), columns);
  const middle = (columns[0]![0] + columns[columns.length - 1]![1]) / 2;
  const width = columns[columns.length - 1]![1] - columns[0]![0];
  // A heading alone on its row, centred over the table ("NUMBER", "PERCENT" over panels of figures), spans the row.
  const panelHeading = (row: TextRow) => row.segments.length === 1 && !isNumeric(row.segments[0]!.text) && Math.abs(centerX(row.segments[0]!.box) - middle) < 0.1 * width && columnIndex(columns, row.box.x0, row.box.x1)[0] > 0;
  rows.forEach((row, i) => {
    const spansRow = panelHeading(row);
    for (const [k, segment] of row.segments.entries()) {
      const [first, last] = spansRow ? [0, columns.length - 1] : (header.get(row)?.[k] ?? columnIndex(columns, segment.box.x0, segment.box.x1));
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
