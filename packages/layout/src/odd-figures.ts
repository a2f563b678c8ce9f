import type { Box } from '@docsvc/image';
import type { Table, TableCell } from './types.js';

/** A figure as a column prints it: a sign (or parentheses), a currency sign, the whole part grouped by commas or not, its decimals. */
const FIGURE = /^([-−–(]?)(?:[$€£¥]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(%?)\)?$/u;
/** Marks for a figure not shown (nil, not available, suppressed, confidential): a column's own, not misreadings. */
const NIL_MARK = /^(?:\.\.|\.\.\.|[-–—:x*]|F|X|n\/?a|N\/?A|\(X\)|\(NA\)|\(D\)|\(Z\))$/u;

/** How a column prints its figures: their decimals, whether thousands are grouped, a percent sign. */
interface Form {
  decimals: number;
  grouped: boolean;
  percent: boolean;
}

const formOf = (text: string): (Form & { whole: string }) | undefined => {
  const m = FIGURE.exec(text.trim());
  return m ? { decimals: m[3]?.length ?? 0, grouped: m[2]!.includes(','), percent: m[4] === '%', whole: m[2]!.replace(/,/g, '') } : undefined;
};

/** A column's figures this share of its cells or more alike in form make the form the column's. */
const ALIKE = 0.7;
/** The fewest figures alike that make a column's form. */
const MIN_ALIKE = 4;

/**
 * Cells of a table's columns of figures that do not read as their column prints: a column whose
 * figures mostly share a form (`-1.2`, `2.1`, `0.4`: one decimal; `12,549`: thousands grouped) with a
 * cell that is none (`“1.2`, `AZ`, `L7`), or another (`21`, `7` among one-decimal figures; `18176`
 * among grouped thousands). tesseract's page layout reads a column of short figures block by block and
 * drops or mistakes their signs and points; such a cell is worth reading again, and what it reads
 * then is taken only if it `fits` the column. Each with the box to read: the column's width (a figure
 * read short, `7` for `1.7`, boxes less than the figure) over the cell's own height.
 */
export function oddFigures(table: Table): Array<{ box: Box; fits: (text: string) => boolean }> {
  const columns = Array.from({ length: table.columnCount }, (_, column) => columnForm(table, column)).filter((c) => c !== undefined);
  // Above the table's first row with a figure as its column prints it are its headers (`2010`, `EUR m`,
  // `%`, a second header row the layout took for content): none is a figure misread.
  const top = Math.min(...columns.flatMap(({ cells, fits }) => cells.filter((c) => fits(c.text)).map((c) => c.row)));
  const out: Array<{ box: Box; fits: (text: string) => boolean }> = [];
  for (const { cells: all, fits } of columns) {
    const cells = all.filter((c) => c.row >= top);
    const fitting = cells.filter((c) => fits(c.text));
    if (fitting.length < MIN_ALIKE || fitting.length < ALIKE * cells.length) continue;
    const x0 = Math.min(...fitting.map((c) => c.box.x0));
    const x1 = Math.max(...fitting.map((c) => c.box.x1));
    for (const cell of cells) {
      if (fits(cell.text)) continue;
      out.push({ box: { x0: Math.min(x0, cell.box.x0), y0: cell.box.y0, x1: Math.max(x1, cell.box.x1), y1: cell.box.y1 }, fits });
    }
  }
  return out;
}

/** A column's cells that may hold figures and the form most of them are printed in; none where no cell reads as a figure. */
function columnForm(table: Table, column: number): { cells: TableCell[]; fits: (text: string) => boolean } | undefined {
  // A column's own marks for figures not shown count neither way.
  const cells = table.cells.filter((c) => c.column === column && c.columnSpan === 1 && c.kind === 'content' && c.text.trim() !== '' && !c.text.includes('\n') && !NIL_MARK.test(c.text.trim()));
  const decimals = mostCommon(cells.flatMap((c) => formOf(c.text)?.decimals ?? []));
  if (decimals === undefined) return undefined;
  const alike = cells.map((c) => formOf(c.text)).filter((f) => f?.decimals === decimals);
  // Thousands grouped where the column groups them (most of its figures of four digits or more).
  const long = alike.filter((f) => f!.whole.length >= 4);
  const grouped = long.length > 0 && long.filter((f) => f!.grouped).length * 2 > long.length;
  const percent = alike.filter((f) => f!.percent).length * 2 > alike.length;
  const fits = (text: string): boolean => {
    const f = formOf(text);
    return f !== undefined && f.decimals === decimals && f.percent === percent && (f.whole.length < 4 || f.grouped === grouped);
  };
  return { cells, fits };
}

function mostCommon(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)!) best = v;
  return best;
}

