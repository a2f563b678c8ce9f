import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { OcrPageResult, Table, TableCell } from '@docsvc/schemas';
import { plainNumber, render } from './index.js';

const box = { x0: 0, y0: 0, x1: 10, y1: 10 };
const cell = (row: number, column: number, text: string, more: Partial<TableCell> = {}): TableCell => ({ row, column, rowSpan: 1, columnSpan: 1, kind: 'content', text, box, confidence: 1, ...more });
/** Region | Sales (spanning two columns) / "" | 2023 | 2024 / North | 1,200.50 | 0042 / "Note, with ""quotes""\nand a line" | -7 | 1.393,4 */
const sales: Table = {
  box,
  rowCount: 4,
  columnCount: 3,
  ruled: true,
  cells: [
    cell(0, 0, 'Region', { kind: 'column_header', rowSpan: 2 }),
    cell(0, 1, 'Sales', { kind: 'column_header', columnSpan: 2 }),
    cell(1, 1, '2023'),
    cell(1, 2, '2024'),
    cell(2, 0, 'North', { kind: 'row_header' }),
    cell(2, 1, '1,200.50'),
    cell(2, 2, '0042'),
    cell(3, 0, 'Note, with "quotes"\nand a line'),
    cell(3, 1, '-7'),
    cell(3, 2, '1.393,4'),
  ],
};
const small: Table = { box, rowCount: 1, columnCount: 2, ruled: false, cells: [cell(0, 0, 'Total'), cell(0, 1, '12')] };
const page = (n: number, tables: Table[]): OcrPageResult => ({ page: n, source: 'text_layer', width: 100, height: 100, engineMs: 0, sections: [], tables });
const pages = [page(1, [sales]), page(2, []), page(3, [small, small])];

async function bytesOf(format: 'csv' | 'xlsx', from: OcrPageResult[] = pages): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of render(format, { sourceName: 'report.pdf' }, from, from.length)) chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
  return Buffer.concat(chunks);
}

describe('tables as CSV', () => {
  it('writes every table in page order, an empty line between tables, spans at their top-left, fields quoted as RFC 4180 says', async () => {
    const text = new TextDecoder().decode(await bytesOf('csv'));
    expect(text.split('\r\n').slice(0, 6)).toEqual(['Region,Sales,', ',2023,2024', 'North,"1,200.50",0042', '"Note, with ""quotes""\nand a line",-7,"1.393,4"', '', 'Total,12']);
    const records = parse(text, { relax_column_count: true }) as string[][];
    expect(records).toEqual([
      ['Region', 'Sales', ''],
      ['', '2023', '2024'],
      ['North', '1,200.50', '0042'],
      ['Note, with "quotes"\nand a line', '-7', '1.393,4'],
      [''],
      ['Total', '12'],
      [''],
      ['Total', '12'],
    ]);
  });

  it('is empty when no page has a table', async () => {
    expect((await bytesOf('csv', [page(1, [])])).length).toBe(0);
  });
});

describe('tables as Excel', () => {
  it('writes a sheet per table named by page and place, plain numbers as numbers, spans merged', async () => {
    const book = XLSX.read(await bytesOf('xlsx'), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Page 1 table 1', 'Page 3 table 1', 'Page 3 table 2']);
    const sheet = book.Sheets['Page 1 table 1']!;
    expect(sheet['A1']).toMatchObject({ t: 's', v: 'Region' });
    expect(sheet['B1']).toMatchObject({ t: 's', v: 'Sales' });
    expect(sheet['B3']).toMatchObject({ t: 'n', v: 1200.5 });
    expect(sheet['C3']).toMatchObject({ t: 's', v: '0042' });
    expect(sheet['B4']).toMatchObject({ t: 'n', v: -7 });
    expect(sheet['C4']).toMatchObject({ t: 's', v: '1.393,4' });
    expect(sheet['A4'].v).toBe('Note, with "quotes"\nand a line');
    expect(sheet['!merges']?.map((m) => XLSX.utils.encode_range(m)).sort()).toEqual(['A1:A2', 'B1:C1']);
    expect(book.Sheets['Page 3 table 2']!['B1']).toMatchObject({ t: 'n', v: 12 });
  });

  it('says so in its one sheet when no page has a table', async () => {
    const book = XLSX.read(await bytesOf('xlsx', [page(1, [])]), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['No tables']);
    expect(book.Sheets['No tables']!['A1'].v).toMatch(/No tables/);
  });
});

describe('plain numbers', () => {
  it('reads signs, thousands in threes and a decimal point, and leaves anything else as text', () => {
    expect(['12', '-7', '+3.5', '1,200.50', '100,000.00', '0.25', '0'].map(plainNumber)).toEqual([12, -7, 3.5, 1200.5, 100000, 0.25, 0]);
    expect(['0042', '1.393,4', '(35.8)', '12%', '12/03/2024', '1,20', '$5', '', 'abc', '1,2345'].map(plainNumber)).toEqual(Array(10).fill(undefined));
  });
});
