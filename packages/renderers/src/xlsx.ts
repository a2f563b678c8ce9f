import writeExcelFile from 'write-excel-file/universal';
import { plainNumber, tableRows, type TablesRenderer } from './tables.js';

type SheetCell = { value: string | number; type?: typeof String | typeof Number; columnSpan?: number; rowSpan?: number; fontWeight?: 'bold' } | null;

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel's rules). */
const sheetName = (page: number, n: number) => `Page ${page} table ${n}`;

/**
 * Excel (xlsx): one sheet per table, named by its page and its place on the page ("Page 3 table 2").
 * A cell that is plainly a number (plainNumber) is a number, anything else text; spanning cells are
 * merged; header cells bold. No tables: one sheet saying so.
 */
export const xlsxRenderer: TablesRenderer = {
  async tables(tables) {
    const onPage = new Map<number, number>();
    const sheets = tables.map(({ page, table }) => {
      const n = (onPage.get(page) ?? 0) + 1;
      onPage.set(page, n);
      const kinds = new Map(table.cells.map((c) => [`${c.row}:${c.column}`, c]));
      const data: SheetCell[][] = tableRows(table).map((row, i) =>
        row.map((text, j): SheetCell => {
          if (text === null) return null;
          const cell = kinds.get(`${i}:${j}`);
          const number = plainNumber(text);
          return {
            ...(number !== undefined ? { value: number, type: Number } : { value: text, type: String }),
            ...(cell && cell.columnSpan > 1 ? { columnSpan: cell.columnSpan } : {}),
            ...(cell && cell.rowSpan > 1 ? { rowSpan: cell.rowSpan } : {}),
            ...(cell && cell.kind !== 'content' ? { fontWeight: 'bold' as const } : {}),
          };
        }),
      );
      return { data, sheet: sheetName(page, n) };
    });
    const workbook = sheets.length ? sheets : [{ data: [[{ value: 'No tables were found in the pages read.', type: String }]] as SheetCell[][], sheet: 'No tables' }];
    const blob = await writeExcelFile(workbook as Parameters<typeof writeExcelFile>[0]).toBlob();
    return new Uint8Array(await blob.arrayBuffer());
  },
};
