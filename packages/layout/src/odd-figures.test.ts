import { describe, expect, it } from 'vitest';
import { oddFigures } from './odd-figures.js';
import type { Table, TableCell } from './types.js';

/** A table of rows of texts, each cell 100 px wide and 30 high, the first row its header. */
function table(rows: string[][]): Table {
  const cells: TableCell[] = rows.flatMap((row, r) =>
    row.map((text, c) => ({ row: r, column: c, rowSpan: 1, columnSpan: 1, kind: r === 0 ? 'column_header' : c === 0 ? 'row_header' : 'content', text, box: { x0: 100 * c + (c ? 100 - 10 * text.length : 0), y0: 30 * r, x1: 100 * c + 100, y1: 30 * r + 24 }, confidence: 0.9 })),
  );
  return { box: { x0: 0, y0: 0, x1: 100 * rows[0]!.length, y1: 30 * rows.length }, rowCount: rows.length, columnCount: rows[0]!.length, cells, ruled: false };
}

describe('oddFigures', () => {
  it('finds the cells of a column of figures that read unlike the rest (a sign read as a quote, letters, a point lost), the column wide', () => {
    const odd = oddFigures(
      table([
        ['Industry', 'Q1', 'Q2'],
        // A second header row, taken for content: no misreading.
        ['', '2023', '%'],
        ['Agriculture', '-0.4', '0.4'],
        ['Production', '0.6', '21'],
        ['Manufacturing', '1.2', '“1.7'],
        ['Services', '0.3', 'AZ'],
        ['Transport', '-1.4', '-0.1'],
        ['Finance', '2.2', '..'],
        ['Mining', '0.9', '1.1'],
        ['Retail', '1.0', '-2.3'],
        ['Energy', '0.2', '1.9'],
        ['Water', '-0.7', '0.8'],
        ['Health', '1.6', '-1.5'],
      ]),
    );
    expect(odd.map((o) => o.box.y0)).toEqual([90, 120, 150]);
    // The column's width, whatever the misreading's own.
    expect(odd.every((o) => o.box.x0 <= 260 && o.box.x1 === 300)).toBe(true);
    const fits = odd[0]!.fits;
    expect(['2.1', '-1.7', '(1.5)'].map(fits)).toEqual([true, true, true]);
    expect(['21', '“1.7', '2.15', 'AZ'].map(fits)).toEqual([false, false, false, false]);
  });

  it('holds grouped thousands to their commas, and finds nothing in columns of words, of mixed forms, or too short', () => {
    const grouped = oddFigures(
      table([
        ['Airport', 'Passengers'],
        ...['Heathrow', 'Gatwick', 'Luton', 'Stansted', 'Bristol'].map((a, i) => [a, `1${i},5${i}9`]),
        ['Belfast', '18176'],
        ['Glasgow', '812'],
      ]),
    );
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.fits('18,176')).toBe(true);
    expect(grouped[0]!.fits('18176')).toBe(false);
    expect(oddFigures(table([['Name', 'Town'], ...['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((n) => [n, 'Leeds 2'])]))).toEqual([]);
    expect(oddFigures(table([['Item', 'Value'], ['a', '1.5'], ['b', '12'], ['c', '3.25'], ['d', '7'], ['e', '0.5'], ['f', 'x']]))).toEqual([]);
    expect(oddFigures(table([['Item', 'Value'], ['a', '1.5'], ['b', '2.5'], ['c', '3,5']]))).toEqual([]);
  });
});
