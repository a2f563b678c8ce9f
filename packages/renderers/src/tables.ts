import type { Table } from '@docsvc/schemas';

/** A table with the page it is on. */
export interface PageTable {
  page: number;
  table: Table;
}

/**
 * A format written from the document's tables, whole (the tables of every page read, in page
 * order): spreadsheets. One file per format.
 */
export interface TablesRenderer {
  tables(tables: readonly PageTable[]): Promise<Uint8Array>;
}

/** A table's texts as rows; a spanning cell's text at its top-left position, the positions it covers null. */
export function tableRows(table: Table): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = Array.from({ length: table.rowCount }, () => Array.from({ length: table.columnCount }, () => ''));
  for (const cell of table.cells) {
    for (let i = 0; i < cell.rowSpan; i++) for (let j = 0; j < cell.columnSpan; j++) rows[cell.row + i]![cell.column + j] = null;
    rows[cell.row]![cell.column] = cell.text;
  }
  return rows;
}

/**
 * The number a cell plainly holds, or undefined: digits with an optional sign, thousands separated
 * by commas in groups of three, a decimal point. Anything else stays text: "0042" (an identifier),
 * "1.393,4" (which way is the decimal?), "(35.8)", "12%", dates.
 */
export function plainNumber(text: string): number | undefined {
  const t = text.trim().replace(/^−/, '-');
  if (!/^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(t)) return undefined;
  if (/^[-+]?0\d/.test(t)) return undefined;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}
