import { describe, expect, it } from 'vitest';
import { pageStructure } from './structure.js';
import type { LayoutWord, Ruling, Table } from './types.js';
import { CHAR, HEIGHT, right, SPACE, text } from './words.fixture.js';

const hLine = (x0: number, x1: number, y: number): Ruling => ({ x0, y0: y - 1, x1, y1: y + 1 });
const vLine = (x: number, y0: number, y1: number): Ruling => ({ x0: x - 1, y0, x1: x + 1, y1 });
const grid = (t: Table) => {
  const g: string[][] = Array.from({ length: t.rowCount }, () => Array.from({ length: t.columnCount }, () => ''));
  for (const c of t.cells) g[c.row]![c.column] = c.text;
  return g;
};
const page = (words: LayoutWord[], rulings?: Ruling[]) => pageStructure({ width: 1700, height: 2200, words, ...(rulings ? { rulings } : {}) });

describe('borderless tables', () => {
  const statement = [
    ...text('Date', 100, 300), ...text('Description', 300, 300), ...right('Debits', 900, 300), ...right('Credits', 1100, 300), ...right('Balance', 1300, 300),
    ...text('01/02', 100, 340), ...text('Opening balance', 300, 340), ...right('1,000.00', 1300, 340),
    ...text('01/05', 100, 380), ...text('Assisted Deposit', 300, 380), ...right('32,414.50', 1100, 380), ...right('33,414.50', 1300, 380),
    ...text('01/09', 100, 420), ...text('Cheque 104', 300, 420), ...right('250.00', 900, 420), ...right('33,164.50', 1300, 420),
  ];

  it('finds the columns in the whitespace down the rows, the header row, and empty cells where a column has nothing', () => {
    const { tables, keyValuePairs } = page(statement);
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    expect(t.ruled).toBe(false);
    expect([t.rowCount, t.columnCount]).toEqual([4, 5]);
    expect(grid(t)).toEqual([
      ['Date', 'Description', 'Debits', 'Credits', 'Balance'],
      ['01/02', 'Opening balance', '', '', '1,000.00'],
      ['01/05', 'Assisted Deposit', '', '32,414.50', '33,414.50'],
      ['01/09', 'Cheque 104', '250.00', '', '33,164.50'],
    ]);
    expect(t.cells.filter((c) => c.kind === 'column_header').map((c) => c.text)).toEqual(['Date', 'Description', 'Debits', 'Credits', 'Balance']);
    expect(t.cells.every((c) => c.rowSpan === 1 && c.columnSpan === 1)).toBe(true);
    expect(keyValuePairs).toEqual([]);
    // Every word's box lies in its cell's box.
    const cell = t.cells.find((c) => c.text === '32,414.50')!;
    expect(cell.box.x1).toBeLessThanOrEqual(1100);
    expect(cell.box.y0).toBe(380);
  });

  it("reads a row's label without the dot leaders that lead it to its figures, and keeps a cell of dots alone (not available)", () => {
    const rows = [['Agriculture', '1,234', '5,678'], ['Mining and logging', '812', '..'], ['Construction', '7,101', '7,240']];
    for (const spaced of [false, true]) {
      const words = [
        ...text('Industry', 100, 100), ...right('2022', 700, 100), ...right('2023', 900, 100),
        ...rows.flatMap(([label, a, b], i) => {
          const y = 140 + 40 * i;
          const labelWords = text(label!, 100, y);
          const from = labelWords[labelWords.length - 1]!.box.x1 + SPACE;
          const leader = spaced ? text(Array.from({ length: Math.floor((590 - from) / 16) }, () => '.').join(' '), from, y) : text('.'.repeat(Math.floor((590 - from) / CHAR)), from, y);
          return [...labelWords, ...leader, ...right(a!, 700, y), ...right(b!, 900, y)];
        }),
      ];
      const { tables } = page(words);
      expect(tables).toHaveLength(1);
      expect(grid(tables[0]!)).toEqual([['Industry', '2022', '2023'], ['Agriculture', '1,234', '5,678'], ['Mining and logging', '812', '..'], ['Construction', '7,101', '7,240']]);
    }
    // Leaders run into the label (no space between).
    const glued = [...text('Industry', 100, 100), ...right('2022', 700, 100), ...text('Services..........', 100, 140), ...right('3,310', 700, 140), ...text('Trade.............', 100, 180), ...right('2,004', 700, 180), ...text('Total', 100, 220), ...right('5,314', 700, 220)];
    expect(grid(page(glued).tables[0]!)).toEqual([['Industry', '2022'], ['Services', '3,310'], ['Trade', '2,004'], ['Total', '5,314']]);
  });

  it("keeps a row label printed over two lines in one row, its figures beside its first or its last line, and a heading line apart", () => {
    const words = [
      ...text('Industry', 100, 100), ...right('2022', 700, 100), ...right('2023', 900, 100),
      ...text('Goods-producing', 100, 140),
      ...text('Construction', 100, 170), ...right('7,101', 700, 170), ...right('7,240', 900, 170),
      // Figures beside the last line of the label.
      ...text('Professional and business', 100, 200),
      ...text('services', 100, 228), ...right('22,410', 700, 228), ...right('22,603', 900, 228),
      // Figures beside the first line.
      ...text('Leisure and', 100, 258), ...right('16,207', 700, 258), ...right('16,655', 900, 258),
      ...text('hospitality', 100, 286),
      ...text('Mining', 100, 316), ...right('640', 700, 316), ...right('633', 900, 316),
    ];
    const { tables } = page(words);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([
      ['Industry', '2022', '2023'],
      ['Goods-producing', '', ''],
      ['Construction', '7,101', '7,240'],
      ['Professional and business\nservices', '22,410', '22,603'],
      ['Leisure and\nhospitality', '16,207', '16,655'],
      ['Mining', '640', '633'],
    ]);
  });

  it('keeps a row label broken off mid-phrase in one row, whatever its next line starts with (an open parenthesis, a connective)', () => {
    const words = [
      ...text('Size class', 100, 100), ...right('Enterprises', 700, 100), ...right('Turnover', 900, 100),
      ...text('Micro enterprises (fewer than', 100, 140), ...right('842,101', 700, 140), ...right('78,118', 900, 140),
      ...text('10 persons employed)', 120, 166),
      ...text('Small enterprises', 100, 200), ...right('32,226', 700, 200), ...right('85,599', 900, 200),
      ...text('Enterprises owned by', 100, 230), ...right('3,364', 700, 230), ...right('67,221', 900, 230),
      ...text('Governments', 120, 256),
      ...text('Large enterprises', 100, 290), ...right('780', 700, 290), ...right('640,674', 900, 290),
      ...text('2012 Total', 100, 320), ...right('879,251', 700, 320), ...right('871,612', 900, 320),
    ];
    expect(grid(page(words).tables[0]!).map((r) => r[0])).toEqual(['Size class', 'Micro enterprises (fewer than\n10 persons employed)', 'Small enterprises', 'Enterprises owned by\nGovernments', 'Large enterprises', '2012 Total']);
  });

  it('keeps a column header printed over two lines in one row, and a header spanning columns over their own headers apart', () => {
    const twoLines = [
      ...right('Total', 700, 100), ...right('Percent', 900, 100),
      ...text('Industry', 100, 128), ...right('employed', 700, 128), ...right('change', 900, 128),
      ...text('Construction', 100, 170), ...right('7,101', 700, 170), ...right('2.0', 900, 170),
      ...text('Mining', 100, 200), ...right('640', 700, 200), ...right('-1.1', 900, 200),
      ...text('Retail', 100, 230), ...right('15,530', 700, 230), ...right('0.4', 900, 230),
    ];
    expect(grid(page(twoLines).tables[0]!)).toEqual([
      ['Industry', 'Total\nemployed', 'Percent\nchange'],
      ['Construction', '7,101', '2.0'],
      ['Mining', '640', '-1.1'],
      ['Retail', '15,530', '0.4'],
    ]);
    const spanning = [
      ...text('Employed persons, thousands', 430, 100), ...right('Change', 900, 100),
      ...text('Industry', 100, 128), ...right('Men', 500, 128), ...right('Women', 700, 128), ...right('percent', 900, 128),
      ...text('Construction', 100, 170), ...right('6,010', 500, 170), ...right('1,091', 700, 170), ...right('2.0', 900, 170),
      ...text('Mining', 100, 200), ...right('540', 500, 200), ...right('100', 700, 200), ...right('-1.1', 900, 200),
      ...text('Retail', 100, 230), ...right('7,530', 500, 230), ...right('8,000', 700, 230), ...right('0.4', 900, 230),
      ...text('Finance', 100, 260), ...right('3,120', 500, 260), ...right('3,300', 700, 260), ...right('1.2', 900, 260),
      ...text('Leisure', 100, 290), ...right('7,400', 500, 290), ...right('8,807', 700, 290), ...right('3.1', 900, 290),
    ];
    const t = page(spanning).tables[0]!;
    expect(t.rowCount).toBe(7);
    expect(t.cells.find((c) => c.text === 'Employed persons, thousands')).toMatchObject({ row: 0, column: 1, columnSpan: 2 });
    expect(t.cells.filter((c) => c.row === 1).map((c) => c.text)).toEqual(['Industry', 'Men', 'Women', 'percent']);
  });

  it('keeps the first lines of a header set alone above the others (headers on a common last line) in its header, and a unit over a column out', () => {
    const body = [
      ...text('Belgium', 100, 190), ...right('5,472', 500, 190), ...right('7.2', 700, 190), ...right('77.2', 900, 190),
      ...text('Denmark', 100, 220), ...right('2,545', 500, 220), ...right('10.9', 700, 220), ...right('62.5', 900, 220),
      ...text('Spain', 100, 250), ...right('21,236', 500, 250), ...right('1.9', 700, 250), ...right('78.0', 900, 250),
    ];
    const words = [
      ...right('Long-term', 700, 100),
      ...right('Persons', 500, 128), ...right('unemploy-', 700, 128),
      ...text('Country', 100, 156), ...right('employed', 500, 156), ...right('ment rate', 700, 156), ...right('Rate', 900, 156),
      ...body,
    ];
    expect(grid(page(words).tables[0]!)).toEqual([
      ['Country', 'Persons\nemployed', 'Long-term\nunemploy-\nment rate', 'Rate'],
      ['Belgium', '5,472', '7.2', '77.2'],
      ['Denmark', '2,545', '10.9', '62.5'],
      ['Spain', '21,236', '1.9', '78.0'],
    ]);
    const unit = [...right('(%)', 900, 128), ...text('Country', 100, 156), ...right('Persons', 500, 156), ...right('Rate', 700, 156), ...right('Total', 900, 156), ...body];
    expect(grid(page(unit).tables[0]!)[0]).toEqual(['Country', 'Persons', 'Rate', 'Total']);
  });

  it('spans a header centred over two columns of its own headers ("Male" over "Number" and "Percent"), however short', () => {
    const words = [
      ...text('Both sexes', 617, 100), ...text('Male', 1030, 100),
      ...text('Age', 100, 128), ...right('Number', 640, 128), ...right('Percent', 800, 128), ...right('Number', 1020, 128), ...right('Percent', 1180, 128),
      ...['Under 5', '5 to 9', '10 to 14', '15 to 19'].flatMap((label, i) => {
        const y = 170 + 30 * i;
        return [...text(label, 120, y), ...right(`${i + 1}9,582,371`, 640, y), ...right(`${i + 3}.3`, 800, y), ...right(`${i + 1}5,219,819`, 1020, y), ...right(`1${i}.9`, 1180, y)];
      }),
    ];
    const t = page(words).tables[0]!;
    expect(t.rowCount).toBe(6);
    expect(t.cells.find((c) => c.text === 'Both sexes')).toMatchObject({ row: 0, column: 1, columnSpan: 2 });
    expect(t.cells.find((c) => c.text === 'Male')).toMatchObject({ row: 0, column: 3, columnSpan: 2 });
    expect(grid(t)[1]).toEqual(['Age', 'Number', 'Percent', 'Number', 'Percent']);
    // A header within its column, or centred on it alone, is that column's.
    expect(t.cells.filter((c) => c.row === 1).every((c) => c.columnSpan === 1)).toBe(true);
  });

  it('spans a header over the headers below it at every level ("Exports" over "2010" and "2011", each over "EUR m" and "%")', () => {
    // Columns: figures ending at 400, 500 | 650, 750 (exports) and 900, 1000 | 1150, 1250 (imports).
    const ends = [400, 500, 650, 750, 900, 1000, 1150, 1250];
    const words = [
      ...text('Exports', 540, 100), ...text('Imports', 1040, 100),
      ...[0, 1, 2, 3].flatMap((g) => text(g % 2 ? '2011' : '2010', (ends[2 * g]! - 80 + ends[2 * g + 1]!) / 2 - 20, 128)),
      ...text('Partner', 100, 156), ...ends.flatMap((x, j) => right(j % 2 ? '%' : 'EUR m', x, 156)),
      ...['China', 'Japan', 'India', 'Brazil'].flatMap((c, i) => [...text(c, 100, 200 + 30 * i), ...ends.flatMap((x, j) => right(j % 2 ? `${i + 2}.${j}` : `${i + 1}71,341`, x, 200 + 30 * i))]),
    ];
    const t = page(words).tables[0]!;
    expect(t.cells.find((c) => c.text === 'Exports')).toMatchObject({ row: 0, column: 1, columnSpan: 4 });
    expect(t.cells.find((c) => c.text === 'Imports')).toMatchObject({ row: 0, column: 5, columnSpan: 4 });
    expect(t.cells.filter((c) => c.row === 1 && c.text).map((c) => [c.text, c.column, c.columnSpan])).toEqual([['2010', 1, 2], ['2011', 3, 2], ['2010', 5, 2], ['2011', 7, 2]]);
    expect(grid(t)[2]).toEqual(['Partner', 'EUR m', '%', 'EUR m', '%', 'EUR m', '%', 'EUR m', '%']);
  });

  it('keeps a panel heading centred over the figures ("NUMBER", "PERCENT") a row of its own, under the header\'s rule and between rows of figures', () => {
    const rowsOf = (y: number, figures: string[]) => ['All', 'Family', 'Other'].flatMap((label, i) => [...text(label, 100, y + 30 * i), ...[500, 700, 900].flatMap((x, j) => right(figures[j]!, x, y + 30 * i))]);
    const words = [
      ...text('Type', 100, 100), ...right('Total', 500, 100), ...right('Urban', 700, 100), ...right('Rural', 900, 100),
      ...text('NUMBER', 470, 135),
      ...rowsOf(170, ['17,436', '81,550', '5,550']),
      ...text('PERCENT', 465, 265),
      ...rowsOf(300, ['20.5', '71.2', '26.6']),
    ];
    const { tables } = page(words, [hLine(90, 910, 127)]);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!).map((r) => r.join('|'))).toEqual(['Type|Total|Urban|Rural', 'NUMBER|||', 'All|17,436|81,550|5,550', 'Family|17,436|81,550|5,550', 'Other|17,436|81,550|5,550', 'PERCENT|||', 'All|20.5|71.2|26.6', 'Family|20.5|71.2|26.6', 'Other|20.5|71.2|26.6']);
    // Each heading spans its row.
    expect(tables[0]!.cells.find((c) => c.text === 'PERCENT')).toMatchObject({ row: 5, column: 0, columnSpan: 4 });
  });

  it('keeps a mark for nil or not available (`-`, `..`, read as words far smaller than the row\'s) on its row', () => {
    const mark = (t: string, xRight: number, y: number, top: number, height: number): LayoutWord => ({ text: t, box: { x0: xRight - 12, y0: y + top, x1: xRight, y1: y + top + height }, confidence: 0.6 });
    const words = [
      ...text('Function', 100, 100), ...right('2010', 700, 100), ...right('2011', 900, 100),
      ...text('Old age', 100, 140), ...right('89,003', 700, 140), ...right('27,526', 900, 140),
      ...text('Survivors', 100, 170), mark('-', 700, 170, 12, 3), ...right('134', 900, 170),
      ...text('Housing', 100, 200), ...right('716', 700, 200), mark('..', 900, 200, 19, 4),
      ...text('Total', 100, 230), ...right('90,435', 700, 230), ...right('27,660', 900, 230),
    ];
    expect(grid(page(words).tables[0]!)).toEqual([['Function', '2010', '2011'], ['Old age', '89,003', '27,526'], ['Survivors', '-', '134'], ['Housing', '716', '..'], ['Total', '90,435', '27,660']]);
  });

  it('keeps a header of a year over a word ("2011" / "Actual") in one row: a year heading a column is no figure', () => {
    const words = [
      ...text('Function', 100, 100), ...right('2011', 700, 100), ...right('2012', 900, 100),
      ...right('Actual', 700, 128), ...right('Estimate', 900, 128),
      ...text('Medicare', 100, 170), ...right('500.8', 700, 170), ...right('797.9', 900, 170),
      ...text('Net interest', 100, 200), ...right('71.0', 700, 200), ...right('247.5', 900, 200),
      ...text('Total outlays', 100, 230), ...right('3,634.9', 700, 230), ...right('3,714.0', 900, 230),
    ];
    expect(grid(page(words).tables[0]!)).toEqual([
      ['Function', '2011\nActual', '2012\nEstimate'],
      ['Medicare', '500.8', '797.9'],
      ['Net interest', '71.0', '247.5'],
      ['Total outlays', '3,634.9', '3,714.0'],
    ]);
    // A time series (years down the first column) keeps its rows.
    const series = [
      ...text('Year', 100, 100), ...right('Exports', 700, 100), ...right('Imports', 900, 100),
      ...text('2010', 100, 128), ...right('1,500', 700, 128), ...right('1,900', 900, 128),
      ...text('2011', 100, 156), ...right('1,650', 700, 156), ...right('2,040', 900, 156),
    ];
    expect(grid(page(series).tables[0]!)).toEqual([['Year', 'Exports', 'Imports'], ['2010', '1,500', '1,900'], ['2011', '1,650', '2,040']]);
    // One year beside a label is a row's figure, not a header's line.
    const events = [
      ...text('Event', 100, 100), ...right('Year', 700, 100), ...right('Members', 900, 100),
      ...text('Founded', 100, 128), ...right('1998', 700, 128),
      ...text('Listed', 100, 156), ...right('2005', 700, 156), ...right('120', 900, 156),
      ...text('Merged', 100, 184), ...right('2011', 700, 184), ...right('340', 900, 184),
    ];
    expect(grid(page(events).tables[0]!)).toEqual([['Event', 'Year', 'Members'], ['Founded', '1998', ''], ['Listed', '2005', '120'], ['Merged', '2011', '340']]);
  });

  it('leaves a caption with its unit set right on its line out of the table below it', () => {
    const words = [
      ...text('Table 8. General government revenue', 100, 100), ...right('(EUR million)', 900, 100),
      ...text('Revenue', 100, 140), ...right('2011', 700, 140), ...right('2012', 900, 140),
      ...['Taxes', 'Contributions', 'Sales'].flatMap((r, i) => [...text(r, 100, 180 + 30 * i), ...right(`4${i},943`, 700, 180 + 30 * i), ...right(`5${i},672`, 900, 180 + 30 * i)]),
    ];
    expect(grid(page(words).tables[0]!)).toEqual([['Revenue', '2011', '2012'], ['Taxes', '40,943', '50,672'], ['Contributions', '41,943', '51,672'], ['Sales', '42,943', '52,672']]);
  });

  it('reads two tables set one under the other, each under its caption, as two', () => {
    const tableAt = (y: number, label: string) => [
      ...text('Region', 100, y), ...right('2011', 700, y), ...right('2012', 900, y),
      ...['North', 'South', 'East'].flatMap((r, i) => [...text(`${r} ${label}`, 100, y + 30 * (i + 1)), ...right(`4${i},943`, 700, y + 30 * (i + 1)), ...right(`5${i},672`, 900, y + 30 * (i + 1))]),
    ];
    const words = [...text('Table 1. Exports', 100, 100), ...tableAt(140, 'exports'), ...text('Table 2. Imports', 100, 290), ...tableAt(330, 'imports')];
    const { tables } = page(words);
    expect(tables.map((t) => grid(t).map((r) => r[0]))).toEqual([
      ['Region', 'North exports', 'South exports', 'East exports'],
      ['Region', 'North imports', 'South imports', 'East imports'],
    ]);
  });

  it('keeps a dollar sign set at the left of a column of amounts in the amount\'s cell, not a column of its own', () => {
    const words = [
      ...text('Source', 100, 100), ...right('2011', 700, 100), ...right('2012', 1000, 100),
      ...text('Income taxes', 100, 140), ...text('$', 560, 140), ...right('842,110', 700, 140), ...text('$', 860, 140), ...right('898,171', 1000, 140),
      ...['Excise taxes', 'Customs duties'].flatMap((r, i) => [...text(r, 100, 170 + 30 * i), ...right(`4${i},823`, 700, 170 + 30 * i), ...right(`5${i},264`, 1000, 170 + 30 * i)]),
      ...text('Total', 100, 230), ...text('$', 560, 230), ...right('925,756', 700, 230), ...text('$', 860, 230), ...right('999,699', 1000, 230),
    ];
    expect(grid(page(words).tables[0]!)).toEqual([['Source', '2011', '2012'], ['Income taxes', '$ 842,110', '$ 898,171'], ['Excise taxes', '40,823', '50,264'], ['Customs duties', '41,823', '51,264'], ['Total', '$ 925,756', '$ 999,699']]);
  });

  it("keeps a cell's second line in its row where only that cell goes on (nothing beside it in the first or last column)", () => {
    const words = [
      ...text('Date', 100, 300), ...text('Description', 300, 300), ...right('Debits', 900, 300), ...right('Credits', 1100, 300), ...right('Balance', 1300, 300),
      ...text('01/02', 100, 340), ...text('Opening balance', 300, 340), ...right('1,000.00', 1300, 340),
      ...text('01/05', 100, 380), ...text('Transfer from', 300, 380), ...right('500.00', 1100, 380), ...right('1,500.00', 1300, 380),
      ...text('savings account', 300, 406),
      ...text('01/09', 100, 446), ...text('Cheque 104', 300, 446), ...right('250.00', 900, 446), ...right('1,250.00', 1300, 446),
    ];
    expect(grid(page(words).tables[0]!)).toEqual([
      ['Date', 'Description', 'Debits', 'Credits', 'Balance'],
      ['01/02', 'Opening balance', '', '', '1,000.00'],
      ['01/05', 'Transfer from\nsavings account', '', '500.00', '1,500.00'],
      ['01/09', 'Cheque 104', '250.00', '', '1,250.00'],
    ]);
  });

  it("keeps a cell's first lines in its row where the row is set on the cell's last line (bottom-aligned, a spreadsheet's default), its lines closer than its rows", () => {
    const row = (label: string, lines: string[], funding: string, agency: string, y: number) => [
      ...lines.flatMap((l, k) => text(l, 300, y + 26 * k)),
      ...text(label, 100, y + 26 * (lines.length - 1)), ...right(funding, 900, y + 26 * (lines.length - 1)), ...text(agency, 1000, y + 26 * (lines.length - 1)),
    ];
    const words = [
      ...text('Programme', 100, 300), ...text('Objective', 300, 300), ...right('Funding', 900, 300), ...text('Agency', 1000, 300),
      ...row('Erasmus', ['Mobility of staff', 'between institutions'], '450.2', 'EACEA', 344),
      ...row('Galileo', ['Navigation system'], '1,012.5', 'GSA', 410),
      ...row('Progress', ['Employment and social', 'solidarity including', 'working conditions'], '84.7', 'DG EMPL', 450),
      ...row('MEDIA', ['Audiovisual industry'], '110.3', 'EACEA', 542),
    ];
    // Ruled under its header, as such a sheet is printed (else the first cell's first line reads as the header's second).
    expect(grid(page(words, [hLine(90, 1100, 334)]).tables[0]!)).toEqual([
      ['Programme', 'Objective', 'Funding', 'Agency'],
      ['Erasmus', 'Mobility of staff\nbetween institutions', '450.2', 'EACEA'],
      ['Galileo', 'Navigation system', '1,012.5', 'GSA'],
      ['Progress', 'Employment and social\nsolidarity including\nworking conditions', '84.7', 'DG EMPL'],
      ['MEDIA', 'Audiovisual industry', '110.3', 'EACEA'],
    ]);
  });

  it("parts a column of right-aligned figures from the next column's words set a space from them (a spreadsheet's cell padding), and keeps figures grouped by spaces whole", () => {
    const rows: Array<[string, string, string]> = [['Erasmus', '450.2', 'EACEA'], ['LIFE+', '362.0', 'DG ENV'], ['Galileo', '1,012.5', 'GSA'], ['Progress', '84.7', 'DG EMPL'], ['MEDIA', '110.3', 'EACEA']];
    const words = [
      ...text('Programme', 100, 300), ...right('Funding', 700, 300), ...text('Managed by', 700 + SPACE, 300),
      ...rows.flatMap(([label, figure, agency], i) => [...text(label, 100, 340 + 34 * i), ...right(figure, 700, 340 + 34 * i), ...text(agency, 700 + SPACE, 340 + 34 * i)]),
    ];
    expect(grid(page(words).tables[0]!)).toEqual([['Programme', 'Funding', 'Managed by'], ...rows]);
    const grouped = [
      ...text('Country', 100, 300), ...right('2010', 700, 300), ...right('2011', 900, 300),
      ...['Belgium', 'Bulgaria', 'Denmark', 'Germany'].flatMap((c, i) => [...text(c, 100, 340 + 34 * i), ...right(`${14 + i} 756`, 700, 340 + 34 * i), ...right(`${7 + i} 044`, 900, 340 + 34 * i)]),
    ];
    expect(grid(page(grouped).tables[0]!).slice(1).map((r) => r.slice(1))).toEqual([['14 756', '7 044'], ['15 756', '8 044'], ['16 756', '9 044'], ['17 756', '10 044']]);
  });

  it('reads two tables set side by side (a list continued in a second block of its columns) as two, left then right, and a label column a wide gap from its figures as one table', () => {
    const block = (x: number, from: number, count: number) =>
      Array.from({ length: count }, (_, i) => [...right(String(from + i), x + 40, 100 + 30 * i), ...right(String(100 + from + i), x + 160, 100 + 30 * i), ...right(String(200 + from + i), x + 280, 100 + 30 * i)]).flat();
    const { tables } = page([...block(100, 1, 8), ...block(900, 9, 6)]);
    expect(tables.map((t) => [t.rowCount, t.columnCount])).toEqual([[8, 3], [6, 3]]);
    expect(grid(tables[1]!)[0]).toEqual(['9', '109', '209']);
    const wide = [
      ...text('Construction', 100, 100), ...right('7,101', 900, 100), ...right('7,240', 1100, 100), ...right('2.0', 1300, 100),
      ...text('Mining', 100, 130), ...right('640', 900, 130), ...right('633', 1100, 130), ...right('-1.1', 1300, 130),
      ...text('Retail', 100, 160), ...right('15,530', 900, 160), ...right('15,610', 1100, 160), ...right('0.5', 1300, 160),
    ];
    expect(page(wide).tables.map((t) => [t.rowCount, t.columnCount])).toEqual([[3, 4]]);
  });

  it('finds the table below a summary of other columns set close above it (a vote\'s counts above the list of votes)', () => {
    const names = ['ABDALA de MATARAZZO, Norma', 'ALBRIEU, Oscar Edmundo', 'ALONSO, Maria Luz', 'ARENA, Celia Isabel', 'ARREGUI, Andres Roberto', 'AVOSCAN, Herman Horacio'];
    const party = (i: number) => (i % 2 ? 'Front for the Victory' : 'Civic Front for Santiago');
    // The summary's cells stand across the gaps between the list's columns.
    const words = [
      ...['Members present in the chamber: 257', 'Members absent from the chamber: 40', 'Abstentions counted by the clerk: 22'].flatMap((t, i) => [...text(t, 300, 100 + 30 * i), ...text(`Votes ${['for', 'against', 'void'][i]} the motion: ${129 - i}`, 990, 100 + 30 * i)]),
      ...text('Name', 100, 200), ...text('Party', 500, 200), ...text('Province', 820, 200), ...text('Vote', 1200, 200),
      ...names.flatMap((n, i) => [...text(n, 100, 230 + 30 * i), ...text(party(i), 500, 230 + 30 * i), ...text(i % 3 ? 'Rio Negro' : 'Santiago del Estero', 820, 230 + 30 * i), ...text('YES', 1200, 230 + 30 * i)]),
    ];
    const votes = page(words).tables.find((t) => grid(t).some((r) => r[0] === names[0]));
    expect(votes).toBeDefined();
    expect(grid(votes!)).toEqual([['Name', 'Party', 'Province', 'Vote'], ...names.map((n, i) => [n, party(i), i % 3 ? 'Rio Negro' : 'Santiago del Estero', 'YES'])]);
  });

  it('reads a table set in one column of a page beside the other column\'s prose without the prose', () => {
    const prose = ['The number of enterprises rose by two', 'percent over the year, while persons', 'employed grew more slowly. Small firms', 'accounted for most of the growth in', 'every region, and large firms for most', 'of the turnover in all of them.'];
    const regions = ['Capital', 'North', 'South', 'East'];
    const words = [
      ...prose.flatMap((line, i) => text(line, 700, 100 + 30 * i)),
      ...text('Region', 100, 130), ...right('2011', 400, 130), ...right('2012', 560, 130),
      ...regions.flatMap((r, i) => [...text(r, 100, 160 + 30 * i), ...right(`7${i},251`, 400, 160 + 30 * i), ...right(`4${i},883`, 560, 160 + 30 * i)]),
    ];
    const { tables } = page(words);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([['Region', '2011', '2012'], ...regions.map((r, i) => [r, `7${i},251`, `4${i},883`])]);
  });

  it('finds no table in a bulleted or numbered list, but one where a list of items has figures', () => {
    const items = ['Unemployment fell in every region', 'Wages rose faster than prices', 'Exports grew by four percent', 'The deficit narrowed again'];
    for (const mark of ['•', '-', '1.', 'a)']) {
      const words = items.flatMap((t, i) => [...text(mark === '1.' ? `${i + 1}.` : mark === 'a)' ? `${'abcd'[i]})` : mark, 120, 200 + 40 * i), ...text(t, 180, 200 + 40 * i)]);
      expect(page(words).tables, mark).toHaveLength(0);
    }
    const priced = items.flatMap((t, i) => [...text(`${i + 1}.`, 120, 200 + 40 * i), ...text(t, 180, 200 + 40 * i), ...right(`${12 + i}.50`, 1200, 200 + 40 * i)]);
    expect(page(priced).tables).toHaveLength(1);
  });

  it('finds no table in a contents page or a list of tables (titles beside page numbers in order), but one in a table of counts', () => {
    const entries: Array<[string, string, string]> = [['1', 'Summary of findings', '3'], ['2', 'Population by age and sex', '5'], ['', '2.1 Urban areas', '6'], ['3', 'Households and families', '11'], ['4', 'Labour force participation', '15'], ['A', 'Definitions and sources', '29']];
    const contents = entries.flatMap(([n, title, at], i) => [...(n ? text(n, 120, 200 + 40 * i) : []), ...text(title, 180, 200 + 40 * i), ...right(at, 1300, 200 + 40 * i)]);
    expect(page(contents).tables).toHaveLength(0);
    expect(page([...text('Chapter', 180, 160), ...right('Page', 1300, 160), ...contents]).tables, 'with "Page" over the page numbers').toHaveLength(0);
    const listOfTables = ['Population by region, 2020', 'Households by size and region', 'Labour force by sex and age', 'Median household income by region'].flatMap((t, i) => [...text(t, 120, 200 + 40 * i), ...right(String(36 + 2 * i), 1300, 200 + 40 * i)]);
    expect(page(listOfTables).tables).toHaveLength(0);
    // Page numbers out of order, years in order (a chronology), figures that are no page numbers, or labels of a word: a table.
    const outOfOrder = entries.flatMap(([, title, at], i) => [...text(title, 180, 200 + 40 * i), ...right(i === 3 ? '2' : at, 1300, 200 + 40 * i)]);
    expect(page(outOfOrder).tables).toHaveLength(1);
    const chronology = ['Census act passed by parliament', 'First household survey held', 'Labour force survey made quarterly', 'Register-based census adopted'].flatMap((t, i) => [...text(t, 180, 200 + 40 * i), ...right(String(1950 + 20 * i), 1300, 200 + 40 * i)]);
    expect(page(chronology).tables).toHaveLength(1);
    const counts = ['Capital', 'North', 'South', 'East', 'West'].flatMap((t, i) => [...text(t, 180, 200 + 40 * i), ...right(String(3 + 4 * i), 1300, 200 + 40 * i)]);
    expect(page(counts).tables).toHaveLength(1);
    const amounts = entries.flatMap(([, title], i) => [...text(title, 180, 200 + 40 * i), ...right(`${3 + i},250`, 1300, 200 + 40 * i)]);
    expect(page(amounts).tables).toHaveLength(1);
  });

  it("finds no table in a chart's values (printed where each bar ends, or over columns at their heights), but one where the figures line up on an edge or fill their grid", () => {
    const bars: Array<[string, number]> = [['Agriculture', 12.3], ['Mining', 4.1], ['Manufacturing', 18.7], ['Construction', 7.9], ['Trade', 15.2], ['Transport', 6.4]];
    const labels = (i: number) => right(bars[i]![0], 400, 200 + 40 * i);
    const chart = bars.flatMap(([, v], i) => [...labels(i), ...text(v.toFixed(1), 440 + 45 * v, 200 + 40 * i)]);
    expect(page(chart).tables).toHaveLength(0);
    const aligned = {
      right: bars.flatMap(([, v], i) => [...labels(i), ...right(v.toFixed(1), 1300, 200 + 40 * i)]),
      left: bars.flatMap(([, v], i) => [...labels(i), ...text(v.toFixed(1), 1100, 200 + 40 * i)]),
      // A figure out of line (a note's number set at the column's left) among amounts set right.
      outlier: bars.flatMap(([, v], i) => [...labels(i), ...(i === 2 ? text('3', 1100, 200 + 40 * i) : right(`${v.toFixed(1)}0`, 1300, 200 + 40 * i))]),
    };
    for (const [name, words] of Object.entries(aligned)) expect(page(words).tables, name).toHaveLength(1);
    // A column chart's values over its bars, at their heights: figures alone, scattered; figures alone filling their grid are a table.
    // Pairs of bars a year (men, women), values printed over them: some stand level with others.
    const men = [62.1, 63.4, 64.0, 64.8, 65.2, 61.9, 63.5];
    const women = [48.2, 49.0, 50.1, 51.3, 52.0, 49.4, 51.1];
    const over = (v: number) => Math.round(1200 - 32 * (v - 30));
    const columnChart = men.flatMap((m, i) => [...text(m.toFixed(1), 220 + 200 * i, over(m)), ...text(women[i]!.toFixed(1), 310 + 200 * i, over(women[i]!))]);
    expect(page(columnChart).tables).toHaveLength(0);
    const figuresOnly = [0, 1, 2, 3].flatMap((r) => [0, 1, 2].flatMap((c) => right(`${r + 1}${c}.5`, 600 + 300 * c, 200 + 40 * r)));
    expect(page(figuresOnly).tables).toHaveLength(1);
    // A list of words whose top rows carry a few counts standing anywhere (a summary run into it): a table.
    const names = ['Adams', 'Baker', 'Clark', 'Davis', 'Evans', 'Fox', 'Grant', 'Hill'];
    const list = [
      ...[['Present', '217'], ['Absent', '40'], ['Votes', '129']].flatMap(([t, n], i) => [...text(t!, 180, 160 + 40 * i), ...text(n!, 500 + 150 * i, 160 + 40 * i)]),
      ...names.flatMap((n, i) => [...text(n, 180, 280 + 40 * i), ...text(i % 2 ? 'North' : 'South', 600, 280 + 40 * i), ...text('YES', 1000, 280 + 40 * i)]),
    ];
    expect(page(list).tables.length).toBeGreaterThan(0);
  });

  it("finds no table in a chart's labels (years along its axis over its legend), but one in two rows with figures", () => {
    const chart = [...['2018', '2019', '2020', '2021', '2022'].flatMap((t, i) => text(t, 260 + 250 * i, 820)), ...text('Men', 300, 880), ...text('Women', 600, 880)];
    expect(page(chart).tables).toHaveLength(0);
    const twoRows = [...['Total', 'Men', 'Women'].flatMap((t, i) => right(t, 400 + 300 * i, 300)), ...['1,234', '600', '634'].flatMap((t, i) => right(t, 400 + 300 * i, 340))];
    expect(page(twoRows).tables.map(grid)).toEqual([[['Total', 'Men', 'Women'], ['1,234', '600', '634']]]);
  });

  it("writes a Chinese or Japanese cell's text without the spaces between the pieces the engine cut it into", () => {
    const words = [
      // Pieces a space apart, as tesseract cuts a run of characters.
      ...text('項目', 100, 300), ...right('資本 金', 600, 300), ...right('合計', 1000, 300),
      ...text('当期 首残高', 100, 340), ...right('5,664', 600, 340), ...right('17,683', 1000, 340),
      ...text('当期 純利益', 100, 380), ...right('1,269', 600, 380), ...right('1,269', 1000, 380),
    ];
    const { tables } = page(words);
    expect(tables.map(grid)).toEqual([[['項目', '資本金', '合計'], ['当期首残高', '5,664', '17,683'], ['当期純利益', '1,269', '1,269']]]);
  });

  it('takes a header set apart above its table (ruled round in a box of its own) as the first row, and a group label under it', () => {
    const years = ['2014', '2013', '2012'];
    const words = [
      ...years.flatMap((y, j) => right(y, 400 + 150 * j, 300)),
      // The header's box closes 80 px below it: the body starts after a gap of three rows.
      ...text('Gross product', 800, 400),
      ...[['2.6', '3.2', '3.0', 'Total'], ['0.7', '1.3', '1.1', 'Per head'], ['2.5', '3.4', '2.9', 'Business']].flatMap((row, i) => [...row.slice(0, 3).flatMap((f, j) => right(f, 400 + 150 * j, 440 + 40 * i)), ...text(row[3]!, 800, 440 + 40 * i)]),
    ];
    expect(page(words).tables.map(grid)).toEqual([[['2014', '2013', '2012', ''], ['', '', '', 'Gross product'], ['2.6', '3.2', '3.0', 'Total'], ['0.7', '1.3', '1.1', 'Per head'], ['2.5', '3.4', '2.9', 'Business']]]);
  });

  it("keeps a table whole over a group's extra space between two rows, measured by its rows' pitch (OCR boxes rows of figures to their digits)", () => {
    const rows = [['Total', '2.6', '3.2'], ['Per head', '0.7', '1.3'], ['Business', '2.5', '3.4'], ['Uses', '2.2', '2.4'], ['Exports', '1.9', '2.0']];
    // Rows 45 px apart, their boxes 24 px tall; the fourth row 90 px under the third (a gap of 66 px, 2.75 heights).
    const ys = [300, 345, 390, 480, 525];
    const words = rows.flatMap(([label, a, b], i) => [...text(label!, 100, ys[i]!), ...right(a!, 600, ys[i]!), ...right(b!, 800, ys[i]!)]);
    expect(page(words).tables.map(grid)).toEqual([rows]);
  });

  it('finds two tables apart on one page, and no table in two columns of prose', () => {
    const prose = [
      ...text('The committee met twice this year and agreed', 100, 600), ...text('that the budget should be reviewed again in', 900, 600),
      ...text('on the new schedule for the members who could', 100, 640), ...text('the spring, once the accounts are complete and', 900, 640),
      ...text('not attend the first meeting in the autumn.', 100, 680), ...text('audited by the firm chosen for the purpose.', 900, 680),
    ];
    const second = [...text('Item', 100, 900), ...right('Qty', 700, 900), ...text('A-1', 100, 940), ...right('4', 700, 940), ...text('B-2', 100, 980), ...right('12', 700, 980)];
    const { tables } = page([...statement, ...prose, ...second]);
    expect(tables).toHaveLength(2);
    expect(grid(tables[1]!)).toEqual([['Item', 'Qty'], ['A-1', '4'], ['B-2', '12']]);
  });
});

describe('ruled tables', () => {
  it("finds no table in a grid that holds no text (a chart's frame and gridlines, its labels outside)", () => {
    const rulings = [...[100, 250, 400, 550, 700].map((y) => hLine(300, 1300, y)), vLine(300, 100, 700), vLine(1300, 100, 700)];
    const labels = [...['60', '50', '40', '30', '20'].flatMap((t, i) => right(t, 280, 90 + 150 * i)), ...['2019', '2020', '2021'].flatMap((t, i) => text(t, 450 + 300 * i, 720))];
    expect(page(labels, rulings).tables).toHaveLength(0);
    // The same grid with text in it is a table.
    expect(page([...labels, ...text('Notes', 320, 120)], rulings).tables).toHaveLength(1);
  });

  it('reads the grid the lines draw, with a header cell spanning two columns where the line between them is missing', () => {
    const words = [
      ...text('Region', 110, 110), ...text('Sales', 410, 110),
      ...text('2023', 410, 160), ...text('2024', 710, 160),
      ...text('North', 110, 210), ...right('120', 690, 210), ...right('135', 990, 210),
      ...text('South', 110, 260), ...right('98', 690, 260), ...right('101', 990, 260),
    ];
    const ys = [100, 150, 200, 250, 300];
    const xs = [100, 400, 700, 1000];
    const rulings = [
      ...ys.map((y) => hLine(100, 1000, y)),
      vLine(100, 100, 300),
      vLine(400, 100, 300),
      vLine(700, 150, 300), // no line between "Sales" and the column after it in the first row
      vLine(1000, 100, 300),
    ];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    expect(t.ruled).toBe(true);
    expect([t.rowCount, t.columnCount]).toEqual([4, 3]);
    const sales = t.cells.find((c) => c.text === 'Sales')!;
    expect(sales).toMatchObject({ row: 0, column: 1, rowSpan: 1, columnSpan: 2 });
    expect(sales.box).toEqual({ x0: xs[1], y0: ys[0], x1: xs[3], y1: ys[1] });
    expect(t.cells.find((c) => c.text === 'Region')).toMatchObject({ row: 0, column: 0, rowSpan: 1, columnSpan: 1 });
    expect(t.cells.filter((c) => c.row === 3).map((c) => c.text)).toEqual(['South', '98', '101']);
    // Each grid position is covered once.
    const covered = t.cells.reduce((n, c) => n + c.rowSpan * c.columnSpan, 0);
    expect(covered).toBe(t.rowCount * t.columnCount);
  });

  it('keeps the lines of a cell together where only horizontal rules separate the rows', () => {
    const words = [
      ...text('Cat', 100, 110), ...text('Says', 500, 110), ...text('Meow', 800, 110),
      ...text('Parastratiosph', 100, 160), ...text('ecomyioides', 100, 188), ...text('Says', 500, 160), ...text('bzzzz', 800, 160),
      ...text('Fox', 100, 230), ...text('Says', 500, 230), ...text('Ring-', 800, 230), ...text('ding-ding', 800, 258), ...text('ding-dong', 800, 286),
    ];
    const rulings = [hLine(90, 1000, 100), hLine(90, 1000, 145), hLine(90, 1000, 220), hLine(90, 1000, 320)];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([
      ['Cat', 'Says', 'Meow'],
      ['Parastratiosph\necomyioides', 'Says', 'bzzzz'],
      ['Fox', 'Says', 'Ring-\nding-ding\nding-dong'],
    ]);
  });

  it('keeps the rows of a table framed by rules above, below and under its header (and rules under its spanning headers) as rows', () => {
    const labels = ['Total', 'Under 5', '5 to 9', '10 to 14', '15 to 19'];
    const words = [
      ...text('Both sexes', 617, 100), ...text('Male', 1030, 100),
      ...text('Age', 100, 140), ...right('Number', 640, 140), ...right('Percent', 800, 140), ...right('Number', 1020, 140), ...right('Percent', 1180, 140),
      ...labels.flatMap((label, i) => {
        const y = 190 + 30 * i;
        return [...text(label, 100, y), ...right(`${i + 1}9,582`, 640, y), ...right(`${i + 3}.3`, 800, y), ...right(`${i + 1}5,219`, 1020, y), ...right(`1${i}.9`, 1180, y)];
      }),
    ];
    // The rules under the spanning headers are shorter than the frame but lie within it.
    const rulings = [hLine(90, 1190, 90), hLine(560, 800, 128), hLine(860, 1180, 128), hLine(90, 1190, 175), hLine(90, 1190, 345)];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rowCount).toBe(7);
    expect(grid(tables[0]!).map((r) => r[0])).toEqual(['', 'Age', ...labels]);
  });

  it('leaves out the notes set in smaller type under the rule that closes a table, and keeps a total under a rule in the table\'s type', () => {
    const small = (s: string, x: number, y: number) => text(s, x, y).map((w) => ({ ...w, box: { ...w.box, y1: w.box.y0 + 18 } }));
    const words = [
      ...text('Country', 100, 110), ...right('2010', 600, 110), ...right('2011', 900, 110),
      ...['Belgium', 'Denmark', 'Spain'].flatMap((c, i) => [...text(c, 100, 160 + 30 * i), ...right(`3${i},260`, 600, 160 + 30 * i), ...right(`4${i},415`, 900, 160 + 30 * i)]),
      ...text('Total', 100, 260), ...right('99,780', 600, 260), ...right('129,245', 900, 260),
      ...small(': not available', 100, 310), ...small('p provisional', 600, 310),
    ];
    const rulings = [hLine(90, 910, 100), hLine(90, 910, 145), hLine(90, 910, 250), hLine(90, 910, 295)];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!).map((r) => r[0])).toEqual(['Country', 'Belgium', 'Denmark', 'Spain', 'Total']);
  });

  it('reads a table drawn without its outer frame to where its lines end: rules past the outermost column lines, column lines above the first rule', () => {
    const words = [
      ...text('Crop', 110, 110), ...right('2012', 690, 110), ...right('2013', 990, 110), ...right('Change', 1190, 110),
      ...text('Cotton', 110, 160), ...right('1.393,4', 690, 160), ...right('894,9', 990, 160), ...right('(498,5)', 1190, 160),
      ...text('Rice', 110, 210), ...right('2.426,7', 690, 210), ...right('2.396,0', 990, 210), ...right('(30,7)', 1190, 210),
      ...text('Oat', 110, 260), ...right('153,0', 690, 260), ...right('168,7', 990, 260), ...right('15,7', 1190, 260),
    ];
    // No frame: no rule above the header, no line left of the first column or right of the last.
    const rulings = [...[150, 200, 250, 300].map((y) => hLine(100, 1200, y)), ...[400, 700, 1000].map((x) => vLine(x, 100, 300))];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.ruled).toBe(true);
    expect(grid(tables[0]!)).toEqual([
      ['Crop', '2012', '2013', 'Change'],
      ['Cotton', '1.393,4', '894,9', '(498,5)'],
      ['Rice', '2.426,7', '2.396,0', '(30,7)'],
      ['Oat', '153,0', '168,7', '15,7'],
    ]);
  });

  it('reads each text row as a row where the lines draw the columns and the frame but rule only under the header', () => {
    const regions = ['World', 'Africa', 'Asia', 'Europe', 'Oceania'];
    const words = [
      ...text('Region', 110, 110), ...right('1990', 600, 110), ...right('2010', 900, 110),
      ...regions.flatMap((r, i) => [...text(r, 110, 160 + 34 * i), ...right(`${20 + i}.4`, 600, 160 + 34 * i), ...right(`1${i}.8`, 900, 160 + 34 * i)]),
      // A label going on in lower case on the next line stays with its row.
      ...text('Least developed', 110, 330), ...text('countries', 110, 358), ...right('41.0', 600, 330), ...right('35.2', 900, 330),
    ];
    const rulings = [hLine(100, 1000, 100), hLine(100, 1000, 145), hLine(100, 1000, 395), vLine(100, 100, 395), vLine(450, 100, 395), vLine(700, 100, 395), vLine(1000, 100, 395)];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.ruled).toBe(true);
    expect(grid(tables[0]!)).toEqual([
      ['Region', '1990', '2010'],
      ...regions.map((r, i) => [r, `${20 + i}.4`, `1${i}.8`]),
      ['Least developed\ncountries', '41.0', '35.2'],
    ]);
  });

  it('reads the grid of lines painted in pieces, one per cell and row, as a browser prints an HTML table\'s borders', () => {
    const regions = ['World', 'Africa', 'Asia', 'Europe', 'Oceania'];
    const words = [
      ...text('Region', 110, 110), ...right('1990', 600, 110), ...right('2010', 900, 110),
      ...regions.flatMap((r, i) => [...text(r, 110, 160 + 34 * i), ...right(`${20 + i}.4`, 600, 160 + 34 * i), ...right(`1${i}.8`, 900, 160 + 34 * i)]),
    ];
    // Each cell's borders apart: column lines a piece per row, rules a piece per column, 2 px between pieces.
    const rowEdges = [100, 145, ...regions.map((_, i) => 145 + 34 * (i + 1))];
    const colEdges = [100, 450, 700, 1000];
    const rulings = [
      ...colEdges.flatMap((x) => rowEdges.slice(1).map((y1, i) => vLine(x, rowEdges[i]! + 2, y1))),
      ...[100, 145, rowEdges.at(-1)!].flatMap((y) => colEdges.slice(1).map((x1, j) => hLine(colEdges[j]! + 2, x1, y))),
    ];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.ruled).toBe(true);
    expect(grid(tables[0]!)).toEqual([['Region', '1990', '2010'], ...regions.map((r, i) => [r, `${20 + i}.4`, `1${i}.8`])]);
  });

  it('reads columns in the whitespace inside a frame that draws no column lines', () => {
    const words = [
      ...text('Year', 110, 110), ...right('Output', 600, 110), ...right('Prices', 900, 110),
      ...text('2012', 110, 160), ...right('3.0', 600, 160), ...right('1.6', 900, 160),
      ...text('2013', 110, 200), ...right('3.2', 600, 200), ...right('1.8', 900, 200),
      ...text('2014', 110, 240), ...right('2.6', 600, 240), ...right('0.5', 900, 240),
    ];
    const rulings = [hLine(100, 1000, 100), hLine(100, 1000, 145), hLine(100, 1000, 280), vLine(100, 100, 280), vLine(1000, 100, 280)];
    const { tables } = page(words, rulings);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.ruled).toBe(false);
    expect(grid(tables[0]!)).toEqual([['Year', 'Output', 'Prices'], ['2012', '3.0', '1.6'], ['2013', '3.2', '1.8'], ['2014', '2.6', '0.5']]);
  });
});

describe('key-value pairs', () => {
  const pairsOf = (words: LayoutWord[]) => page(words).keyValuePairs.map((p) => [p.key.text, p.value?.text ?? null]);

  it('reads "Label: value", several on a row, and a label whose value is in the next column', () => {
    expect(pairsOf([...text('Invoice No: INV-2024-0042', 100, 100), ...text('Date: 12/03/2024 Due: 12/04/2024', 100, 140), ...text('Total:', 100, 180), ...text('$1,250.00', 400, 180)])).toEqual([
      ['Invoice No', 'INV-2024-0042'],
      ['Date', '12/03/2024'],
      ['Due', '12/04/2024'],
      ['Total', '$1,250.00'],
    ]);
  });

  it('pairs labels with the numbers a column gap away on their row', () => {
    expect(pairsOf([...text('Line of Credit', 100, 100), ...text('100,000.00', 400, 100), ...text('Rate', 700, 100), ...text('4.2000', 850, 100)])).toEqual([
      ['Line of Credit', '100,000.00'],
      ['Rate', '4.2000'],
    ]);
  });

  it('takes the value below a label of a form, and null where nothing is filled in', () => {
    const pairs = page([...text('Name:', 100, 100), ...text('Jane Smith', 100, 130), ...text('Signature:', 100, 400)]).keyValuePairs;
    expect(pairs.map((p) => [p.key.text, p.value?.text ?? null])).toEqual([
      ['Name', 'Jane Smith'],
      ['Signature', null],
    ]);
    expect(pairs[0]!.value!.box).toEqual({ x0: 100, y0: 130, x1: 100 + 4 * CHAR + SPACE + 5 * CHAR, y1: 130 + HEIGHT });
    expect(pairs[0]!.confidence).toBeCloseTo(0.95);
  });
});

describe('a page askew', () => {
  // Turned `degrees` clockwise about the page's middle (850, 1100), as a sheet lies crooked on the glass: boxes stay upright, their middles move.
  const askew = (degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const at = (x: number, y: number): [number, number] => [850 + (x - 850) * Math.cos(a) - (y - 1100) * Math.sin(a), 1100 + (x - 850) * Math.sin(a) + (y - 1100) * Math.cos(a)];
    return (b: Ruling): Ruling => {
      const w = b.x1 - b.x0;
      const h = b.y1 - b.y0;
      const [x, y] = at((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2);
      // A rule turned spans its drift across.
      const [dw, dh] = w > 4 * h ? [w, h + Math.abs(Math.sin(a)) * w] : h > 4 * w ? [w + Math.abs(Math.sin(a)) * h, h] : [w, h];
      return { x0: x - dw / 2, y0: y - dh / 2, x1: x + dw / 2, y1: y + dh / 2 };
    };
  };
  const rows = [['Sickness and health care', '6,412', '4,817', '4,655'], ['Old age', '89,003', '15,094', '27,526'], ['Survivors', '-', '716', '134'], ['Unemployment', '7,387', '2,989', '8,433']];
  const words = [
    ...text('Function', 100, 400), ...right('2009', 1000, 400), ...right('2010', 1250, 400), ...right('2011', 1500, 400),
    ...rows.flatMap(([label, ...figures], i) => [...text(label!, 100, 440 + 34 * i), ...figures.map((f, j) => right(f!, [1000, 1250, 1500][j]!, 440 + 34 * i)).flat()]),
  ];
  const expected = [['Function', '2009', '2010', '2011'], ...rows];

  it('reads a borderless table on a page turned a degree as on the level one, its cells boxed where its words are', () => {
    for (const degrees of [0, 0.7, -1, 2]) {
      const turn = askew(degrees);
      const turned = words.map((w) => ({ ...w, box: turn(w.box) }));
      const { tables } = page(turned);
      expect(tables, `${degrees} degrees`).toHaveLength(1);
      expect(grid(tables[0]!), `${degrees} degrees`).toEqual(expected);
      const figure = turned.find((w) => w.text === '8,433')!;
      const cell = tables[0]!.cells.find((c) => c.text === '8,433')!;
      expect(cell.box.x0).toBeLessThanOrEqual(figure.box.x0 + 1);
      expect(cell.box.y0).toBeLessThanOrEqual(figure.box.y0 + 1);
      expect(cell.box.x1).toBeGreaterThanOrEqual(figure.box.x1 - 1);
      expect(cell.box.y1).toBeGreaterThanOrEqual(figure.box.y1 - 1);
    }
  });

  it("follows rows of words along their tilt, a row's label and its far figures one row at two degrees", async () => {
    const { rowsAlongTilt } = await import('./tilt.js');
    const { textRows } = await import('./rows.js');
    const turn = askew(2);
    const turned = words.map((w) => ({ ...w, box: turn(w.box) }));
    const rowTexts = (rows: ReturnType<typeof textRows>) => rows.map((r) => r.words.map((w) => w.text).join(' '));
    // Level rows split them: at two degrees a row's far end lies 49 px below its label, rows 34 px apart.
    expect(rowTexts(textRows(turned))).not.toContain('Old age 89,003 15,094 27,526');
    expect(rowTexts(rowsAlongTilt(turned))).toEqual(expected.map((r) => r.join(' ')));
    // Level words are grouped as textRows groups them.
    expect(rowTexts(rowsAlongTilt(words))).toEqual(rowTexts(textRows(words)));
  });

  it("keeps a dash on its row where its middle lies above the row's (its row's right end a little lower)", () => {
    const table = [...text('Province', 100, 300), ...right('Dairy', 700, 300), ...right('Beef', 900, 300),
      ...text('Quebec', 100, 340), ...right('2,906', 700, 340), { text: '\u2013', box: { x0: 880, y0: 345, x1: 897, y1: 348 }, confidence: 0.9 },
      ...text('Manitoba', 100, 380), ...right('1,657', 700, 380), ...right('812', 900, 380)];
    const { tables } = page(table);
    expect(tables).toHaveLength(1);
    expect(grid(tables[0]!)).toEqual([['Province', 'Dairy', 'Beef'], ['Quebec', '2,906', '\u2013'], ['Manitoba', '1,657', '812']]);
  });

  it('reads a ruled grid on a page turned a degree from its lines', () => {
    const lines = [hLine(90, 1510, 385), hLine(90, 1510, 430), ...rows.map((_, i) => hLine(90, 1510, 464 + 34 * i)), ...[90, 700, 1010, 1260, 1510].map((x) => vLine(x, 385, 566))];
    const turn = askew(0.8);
    const { tables } = page(words.map((w) => ({ ...w, box: turn(w.box) })), lines.map(turn));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.ruled).toBe(true);
    expect(grid(tables[0]!)).toEqual(expected);
  });
});

