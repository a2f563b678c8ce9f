// Tables as government statistics offices print them, made here (none of tables-dev is one): a census
// by age and sex (headers centred over the columns they span, rules above, under the header and below),
// Eurostat-style years across (`:` not available, flags), a budget's outlays (dot leaders, headers of a
// year over a word, negatives in parentheses, a rule above the total), a table of programmes (cells of
// several lines), labour-force rates (heading rows), three levels of headers, twelve months in small
// print, NUMBER/PERCENT panels, wrapped labels with `-` and `..`, and a yearbook's column lines with a
// rule under the header only. Each as a born-digital PDF with the CSV a reader would key from it, for
// bench/tables.ts (BENCH_TABLES_DIR=government).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { helveticaWidth } from '../../test/fixtures/font-metrics.ts';
import { drawnPdf, type DrawnPage } from '../../test/fixtures/pdf.ts';

type Text = DrawnPage['texts'][number];

export interface Col { x: number; align: 'left' | 'right' | 'center'; w: number }
export interface Spec {
  name: string;
  title: string[];
  notes: string[];
  size: number;
  cols: Col[];
  /** Header rows: cells [text, col, span] (text may hold \n). */
  header: Array<Array<[string, number, number]>>;
  /** Body rows: texts per column ('' empty; \n wraps; leading spaces indent). */
  body: string[][];
  rules: Array<'top' | 'underHeader' | 'bottom' | 'underGroup' | 'verticals' | 'frame'>;
  rulesAboveRows?: number[];
  leaders?: boolean;
  /** The first header row is the table's title and unit, set as text above it: not in the expected table. */
  titleRow?: boolean;
  /** Prose set in a second column of the page beside the table, from x, this many lines from the top. */
  beside?: { x: number; lines: string[] };
  /** Shading: a gray band under the header, every other body row gray (no rules needed). */
  shade?: Array<'header' | 'zebra'>;
  /** A second table set below this one on the same page (its CSV follows this one's after an empty row). */
  next?: Spec;
  /** A landscape page (792 x 612 pt); `upright`/`sideways`: stored portrait, its content turned (DrawnPage.turned). */
  landscape?: 'plain' | 'upright' | 'sideways';
}

function place(text: string, col: Col, span: number, cols: Col[], colIdx: number, y: number, size: number, texts: Text[]): number {
  const lines = text.split('\n');
  lines.forEach((line, k) => {
    const indent = line.match(/^ */)![0].length;
    let t = line.trim();
    if (!t) return;
    // A currency sign set at the left of a column of right-aligned amounts.
    if (col.align === 'right' && span === 1 && /^[$€£] /.test(t)) {
      texts.push({ text: t[0]!, x: col.x, y: y + k * size * 1.25, size });
      t = t.slice(2);
    }
    // A footnote mark set small and raised after its text (`Germany^1`).
    const [main, mark] = t.split('^') as [string, string | undefined];
    t = main;
    const markSize = size * 0.6;
    const w = helveticaWidth(t, size) + (mark ? helveticaWidth(mark, markSize) : 0);
    let left = col.x + indent * size * 0.5;
    const last = cols[colIdx + span - 1]!;
    const spanRight = last.x + last.w;
    if (col.align === 'right' && span === 1) left = col.x + col.w - w;
    if (col.align === 'center' || span > 1) left = (col.x + spanRight) / 2 - w / 2;
    texts.push({ text: t, x: left, y: y + k * size * 1.25, size });
    if (mark) texts.push({ text: mark, x: left + helveticaWidth(t, size), y: y + k * size * 1.25 - size * 0.35, size: markSize });
  });
  return lines.length;
}

function build(spec: Spec, top = 72): { page: DrawnPage; csv: string[][]; bottom: number } {
  const texts: Text[] = [];
  const lines: Array<[number, number, number, number]> = [];
  const fills: NonNullable<DrawnPage['fills']> = [];
  const s = spec.size;
  const lh = s * 1.25;
  let y = top;
  for (const t of spec.title) {
    texts.push({ text: t, x: spec.cols[0]!.x, y, size: s + 2 });
    y += (s + 2) * 1.4;
  }
  const left = spec.cols[0]!.x - 2;
  const right = spec.cols.at(-1)!.x + spec.cols.at(-1)!.w + 2;
  y += 4;
  const tableTop = y - s - 2;
  if (spec.rules.includes('top')) lines.push([left, y - s - 2, right, y - s - 2]);
  const csv: string[][] = [];
  spec.header.forEach((row, hi) => {
    if (spec.titleRow && hi === 0) {
      const [title, unit] = row.map(([text]) => text);
      texts.push({ text: title!, x: spec.cols[0]!.x, y, size: s }, { text: unit!, x: right - 2 - helveticaWidth(unit!, s), y, size: s });
      y += lh + 2;
      return;
    }
    const grid = spec.cols.map(() => '');
    let n = 1;
    for (const [text, c, span] of row) {
      grid[c] = text.replace('^', '');
      n = Math.max(n, place(text, spec.cols[c]!, span, spec.cols, c, y, s, texts));
      if (span > 1 && spec.rules.includes('underGroup')) {
        const last = spec.cols[c + span - 1]!;
        lines.push([spec.cols[c]!.x, y + (n - 1) * lh + 3, last.x + last.w, y + (n - 1) * lh + 3]);
      }
    }
    csv.push(grid);
    y += n * lh + 2;
  });
  if (spec.rules.includes('underHeader')) lines.push([left, y - s + 1, right, y - s + 1]);
  if (spec.shade?.includes('header')) fills.push([left, tableTop, right - left, y - s + 1 - tableTop, 0.82]);
  y += 4;
  spec.body.forEach((row, ri) => {
    const rowLines = Math.max(...row.map((t) => t.split('\n').length));
    if (spec.shade?.includes('zebra') && ri % 2 === 1) fills.push([left, y - s - 0.5, right - left, rowLines * lh + 1, 0.9]);
    if (spec.rulesAboveRows?.includes(ri)) lines.push([left, y - s - 1, right, y - s - 1]);
    if (row.length === 1 && row[0]!.startsWith('@')) {
      const t = row[0]!.slice(1);
      texts.push({ text: t, x: (left + right) / 2 - helveticaWidth(t, s) / 2, y, size: s });
      csv.push([t, ...spec.cols.slice(1).map(() => '')]);
      y += lh + 4;
      return;
    }
    let n = 1;
    row.forEach((text, c) => {
      if (!text) return;
      if (c === 0 && spec.leaders && row.slice(1).some(Boolean)) {
        const lines0 = text.split('\n');
        const lastLine = lines0.at(-1)!;
        const indent = lastLine.match(/^ */)![0];
        const end = spec.cols[0]!.x + spec.cols[0]!.w;
        const startX = spec.cols[0]!.x + indent.length * s * 0.5 + helveticaWidth(lastLine.trim() + ' ', s);
        const dots = Math.max(2, Math.floor((end - startX) / helveticaWidth('.', s)) - 1);
        lines0[lines0.length - 1] = lastLine + ' ' + '.'.repeat(dots);
        n = Math.max(n, place(lines0.join('\n'), spec.cols[0]!, 1, spec.cols, 0, y, s, texts));
      } else n = Math.max(n, place(text, spec.cols[c]!, 1, spec.cols, c, y, s, texts));
    });
    csv.push(row.map((t) => t.split('\n').map((l) => l.trim().replace('^', '')).join(' ')));
    y += n * lh + 1;
  });
  if (spec.rules.includes('bottom')) lines.push([left, y - s, right, y - s]);
  if (spec.rules.includes('verticals')) {
    const top = tableTop;
    for (let c = 1; c < spec.cols.length; c++) {
      const x = (spec.cols[c - 1]!.x + spec.cols[c - 1]!.w + spec.cols[c]!.x) / 2;
      lines.push([x, top, x, y - s]);
    }
    if (spec.rules.includes('frame')) lines.push([left, top, left, y - s], [right, top, right, y - s]);
  }
  y += 6;
  for (const t of spec.notes) {
    texts.push({ text: t, x: spec.cols[0]!.x, y, size: s - 1 });
    y += (s - 1) * 1.3;
  }
  if (spec.beside) spec.beside.lines.forEach((line, i) => texts.push({ text: line, x: spec.beside!.x, y: 72 + i * s * 1.3, size: s }));
  if (!spec.next) return { page: { texts, lines, fills }, csv, bottom: y };
  const below = build(spec.next, y + 24);
  return {
    page: { texts: [...texts, ...below.page.texts], lines: [...lines, ...(below.page.lines ?? [])], fills: [...fills, ...(below.page.fills ?? [])] },
    csv: [...csv, [], ...below.csv],
    bottom: below.bottom,
  };
}

const quote = (t: string) => (/[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
const specs: Spec[] = [];
const write = (spec: Spec) => specs.push(spec);

let seed = 11;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const num = (lo: number, hi: number, dec = 0) => {
  const v = lo + rnd() * (hi - lo);
  return v.toLocaleString('en-US', { minimumFractionDigits: dec, maximumFractionDigits: dec });
};

// A. Census: age by sex, spanning group headers over Number/Percent, indented rows, booktabs rules.
const ages = ['Under 5 years', '5 to 9 years', '10 to 14 years', '15 to 19 years', '20 to 24 years', '25 to 34 years', '35 to 44 years', '45 to 54 years', '55 to 64 years', '65 years and over'];
write({
  name: 'census_age',
  title: ['Table 2. Population by Age and Sex: 2010', '(For information on confidentiality protection, see text)'],
  notes: ['Source: U.S. Census Bureau, 2010 Census Summary File 1.', 'Note: Percentages may not add to 100 because of rounding.'],
  size: 8,
  cols: [
    { x: 60, align: 'left', w: 130 },
    { x: 200, align: 'right', w: 60 },
    { x: 265, align: 'right', w: 45 },
    { x: 320, align: 'right', w: 60 },
    { x: 385, align: 'right', w: 45 },
    { x: 440, align: 'right', w: 60 },
    { x: 505, align: 'right', w: 45 },
  ],
  header: [
    [['Both sexes', 1, 2], ['Male', 3, 2], ['Female', 5, 2]],
    [['Age', 0, 1], ['Number', 1, 1], ['Percent', 2, 1], ['Number', 3, 1], ['Percent', 4, 1], ['Number', 5, 1], ['Percent', 6, 1]],
  ],
  body: [
    ['Total population', num(3e8, 3.1e8), '100.0', num(1.5e8, 1.55e8), '100.0', num(1.55e8, 1.6e8), '100.0'],
    ...ages.map((a) => ['  ' + a, num(1e7, 4e7), num(3, 14, 1), num(5e6, 2e7), num(3, 14, 1), num(5e6, 2e7), num(3, 14, 1)]),
    ['Median age (years)', '37.2', '(X)', '35.8', '(X)', '38.5', '(X)'],
  ],
  rules: ['top', 'underGroup', 'underHeader', 'bottom'],
});

// B. Eurostat: years across, countries down, ':' not available, flags.
const countries = ['EU-27', 'Belgium', 'Bulgaria', 'Czech Republic', 'Denmark', 'Germany', 'Estonia', 'Ireland', 'Greece', 'Spain', 'France', 'Italy', 'Cyprus', 'Latvia', 'Lithuania', 'Luxembourg'];
write({
  name: 'eurostat_years',
  title: ['Table 1.3: Gross domestic product at market prices (EUR per inhabitant)'],
  notes: [': not available   p provisional   e estimated', 'Source: Eurostat (online data code: nama_aux_gph)'],
  size: 8,
  cols: [
    { x: 60, align: 'left', w: 110 },
    ...[0, 1, 2, 3, 4, 5].map((i) => ({ x: 180 + i * 60, align: 'right' as const, w: 50 })),
  ],
  header: [[['', 0, 1], ['2006', 1, 1], ['2007', 2, 1], ['2008', 3, 1], ['2009', 4, 1], ['2010', 5, 1], ['2011', 6, 1]]],
  body: countries.map((c, i) => [c, ...[0, 1, 2, 3, 4, 5].map((k) => (i === 3 && k < 2 ? ':' : i === 7 && k === 5 ? num(3e4, 4e4) + ' p' : num(4000, 80000, 0).replace(/,/g, ' ')))]),
  rules: ['top', 'underHeader', 'bottom'],
});

// C. US budget: leaders, multi-line headers, negatives in parentheses, a total row with a rule above.
const items = ['Education, training, and employment', 'Health research and training', 'Medicare', 'Income security', 'Social Security', "Veterans' benefits and services", 'Administration of justice', 'Net interest', 'Undistributed offsetting receipts'];
write({
  name: 'budget_outlays',
  title: ['Table S-4. Outlays by Function', '(In billions of dollars)'],
  notes: ['* $50 million or less.'],
  size: 9,
  cols: [
    { x: 60, align: 'left', w: 230 },
    { x: 300, align: 'right', w: 60 },
    { x: 370, align: 'right', w: 60 },
    { x: 440, align: 'right', w: 60 },
  ],
  header: [[['Function', 0, 1], ['2011\nActual', 1, 1], ['2012\nEstimate', 2, 1], ['2013\nEstimate', 3, 1]]],
  body: [
    ...items.map((it, i) => [it, (i === 8 ? '(' + num(80, 99, 1) + ')' : num(10, 900, 1)), num(10, 900, 1), i === 2 ? '*' : num(10, 900, 1)]),
    ['Total outlays', num(3500, 3700, 1), num(3700, 3900, 1), num(3700, 3900, 1)],
  ],
  rules: ['underHeader'],
  rulesAboveRows: [9],
  leaders: true,
});

// D. A table of words: programmes with descriptions wrapping over lines.
write({
  name: 'programmes',
  title: ['Annex II. Programmes funded in 2012'],
  notes: ['Funding in EUR million, commitments.'],
  size: 9,
  cols: [
    { x: 60, align: 'left', w: 90 },
    { x: 160, align: 'left', w: 230 },
    { x: 400, align: 'right', w: 50 },
    { x: 465, align: 'left', w: 80 },
  ],
  header: [[['Programme', 0, 1], ['Objective', 1, 1], ['Funding', 2, 1], ['Managed by', 3, 1]]],
  body: [
    ['Erasmus', 'Mobility of students and staff between\nhigher education institutions', '450.2', 'EACEA'],
    ['LIFE+', 'Environment and climate action projects\nin the Member States', '362.0', 'DG ENV'],
    ['Galileo', 'European satellite navigation system', '1,012.5', 'GSA'],
    ['Progress', 'Employment and social solidarity,\nincluding working conditions and\nnon-discrimination', '84.7', 'DG EMPL'],
    ['MEDIA', 'Support for the audiovisual industry', '110.3', 'EACEA'],
  ],
  rules: ['top', 'underHeader', 'bottom'],
});

// E. Ratios with a stub of two levels (category rows without figures) and small print, no rules.
write({
  name: 'labour_rates',
  title: ['Table A-1. Employment status of the civilian population by sex and age'],
  notes: ['NOTE: Seasonally adjusted data. Updated population controls are introduced annually.'],
  size: 8,
  cols: [
    { x: 60, align: 'left', w: 170 },
    ...[0, 1, 2, 3].map((i) => ({ x: 240 + i * 70, align: 'right' as const, w: 55 })),
  ],
  header: [[['Employment status, sex, and age', 0, 1], ['Oct.\n2011', 1, 1], ['Aug.\n2012', 2, 1], ['Sept.\n2012', 3, 1], ['Oct.\n2012', 4, 1]]],
  body: [
    ['TOTAL', '', '', '', ''],
    ['Civilian labor force', num(1.5e5, 1.6e5), num(1.5e5, 1.6e5), num(1.5e5, 1.6e5), num(1.5e5, 1.6e5)],
    ['  Participation rate', '64.1', '63.5', '63.6', '63.8'],
    ['Employed', num(1.4e5, 1.45e5), num(1.4e5, 1.45e5), num(1.4e5, 1.45e5), num(1.4e5, 1.45e5)],
    ['  Employment-population ratio', '58.4', '58.4', '58.7', '58.8'],
    ['Unemployed', num(1.2e4, 1.4e4), num(1.2e4, 1.4e4), num(1.2e4, 1.4e4), num(1.2e4, 1.4e4)],
    ['  Unemployment rate', '8.9', '8.1', '7.8', '7.9'],
    ['Men, 20 years and over', '', '', '', ''],
    ['Civilian labor force', num(7e4, 8e4), num(7e4, 8e4), num(7e4, 8e4), num(7e4, 8e4)],
    ['  Participation rate', '72.6', '72.0', '72.1', '72.3'],
    ['Unemployed', num(6e3, 7e3), num(6e3, 7e3), num(6e3, 7e3), num(6e3, 7e3)],
    ['  Unemployment rate', '8.6', '7.6', '7.3', '7.3'],
  ],
  rules: ['top', 'underHeader'],
  leaders: true,
});

{
// F. Three levels of headers.
write({
  name: 'trade_levels',
  title: ['Table 5. Trade in goods by partner, 2010 and 2011'],
  notes: ['Source: national customs statistics.'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 100 }, ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ x: 170 + i * 50, align: 'right' as const, w: 42 }))],
  header: [
    [['Exports', 1, 4], ['Imports', 5, 4]],
    [['2010', 1, 2], ['2011', 3, 2], ['2010', 5, 2], ['2011', 7, 2]],
    [['Partner', 0, 1], ['EUR m', 1, 1], ['%', 2, 1], ['EUR m', 3, 1], ['%', 4, 1], ['EUR m', 5, 1], ['%', 6, 1], ['EUR m', 7, 1], ['%', 8, 1]],
  ],
  body: ['United States', 'China', 'Switzerland', 'Russia', 'Turkey', 'Japan', 'Norway', 'India', 'Brazil', 'South Korea'].map((c) => [c, num(1e4, 3e5, 0), num(1, 20, 1), num(1e4, 3e5, 0), num(1, 20, 1), num(1e4, 3e5, 0), num(1, 20, 1), num(1e4, 3e5, 0), num(1, 20, 1)]),
  rules: ['top', 'underGroup', 'underHeader', 'bottom'],
});
// G. Wide, small print: 12 months.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
write({
  name: 'monthly_wide',
  title: ['Table 7. Consumer price index, monthly, 2012 (2005=100)'],
  notes: [],
  size: 7,
  cols: [{ x: 40, align: 'left', w: 95 }, ...months.map((_, i) => ({ x: 140 + i * 36, align: 'right' as const, w: 30 }))],
  header: [[['Item', 0, 1], ...months.map((m, i) => [m, i + 1, 1] as [string, number, number])]],
  body: ['All items', 'Food', 'Alcohol and tobacco', 'Clothing', 'Housing', 'Furnishings', 'Health', 'Transport', 'Communication', 'Recreation', 'Education', 'Restaurants', 'Miscellaneous'].map((it) => [it, ...months.map(() => num(95, 140, 1))]),
  rules: ['top', 'underHeader', 'bottom'],
});
// H. Panels: NUMBER and PERCENT centred over the body.
write({
  name: 'panels',
  title: ['Table 3. Households by type'],
  notes: ['X Not applicable.'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 150 }, ...[0, 1, 2, 3].map((i) => ({ x: 220 + i * 75, align: 'right' as const, w: 60 }))],
  header: [[['Household type', 0, 1], ['Total', 1, 1], ['Urban', 2, 1], ['Rural', 3, 1], ['Farm', 4, 1]]],
  body: [
    ['@NUMBER'],
    ...['All households', 'Family households', 'Married couple', 'Other family', 'Nonfamily households'].map((t) => [t, num(1e4, 9e4), num(1e4, 9e4), num(1e3, 9e3), num(100, 900)]),
    ['@PERCENT'],
    ...['All households', 'Family households', 'Married couple', 'Other family', 'Nonfamily households'].map((t) => [t, num(10, 99, 1), num(10, 99, 1), num(10, 99, 1), 'X']),
  ],
  rules: ['top', 'underHeader', 'bottom'],
});
// I. Wrapped labels with figures on their last line; dashes and markers.
write({
  name: 'wrapped_stub',
  title: ['Table 12. Expenditure on social protection'],
  notes: ['- Nil.  .. Not available.'],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 200 }, ...[0, 1, 2].map((i) => ({ x: 280 + i * 80, align: 'right' as const, w: 65 }))],
  header: [[['Function', 0, 1], ['2009', 1, 1], ['2010', 2, 1], ['2011', 3, 1]]],
  body: [
    ['Sickness and health care', num(1e3, 9e3), num(1e3, 9e3), num(1e3, 9e3)],
    ['Disability benefits paid in cash\n  and in kind', num(1e3, 9e3), num(1e3, 9e3), '..'],
    ['Old age', num(1e4, 9e4), num(1e4, 9e4), num(1e4, 9e4)],
    ['Survivors', '-', num(100, 900), num(100, 900)],
    ['Family and children, including\n  parental leave allowances', num(1e3, 9e3), num(1e3, 9e3), num(1e3, 9e3)],
    ['Unemployment', num(1e3, 9e3), num(1e3, 9e3), num(1e3, 9e3)],
    ['Housing', '..', '..', num(100, 900)],
    ['Total', num(1e5, 2e5), num(1e5, 2e5), num(1e5, 2e5)],
  ],
  rules: ['top', 'underHeader', 'bottom'],
  rulesAboveRows: [7],
});
}

{
write({
  name: 'vertical_rules',
  title: ['Table 4.2 Crude birth rate by region'],
  notes: ['Source: UN Demographic Yearbook.'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 120 }, ...[0, 1, 2, 3, 4].map((i) => ({ x: 195 + i * 62, align: 'right' as const, w: 48 }))],
  header: [[['Region', 0, 1], ['1990', 1, 1], ['1995', 2, 1], ['2000', 3, 1], ['2005', 4, 1], ['2010', 5, 1]]],
  body: ['World', 'Africa', 'Asia', 'Europe', 'Latin America', 'Northern America', 'Oceania', 'Least developed', 'Landlocked', 'Small islands'].map((r) => [r, ...[0, 1, 2, 3, 4].map(() => num(9, 45, 1))]),
  rules: ['top', 'underHeader', 'bottom', 'verticals', 'frame'],
});
write({
  name: 'vertical_open',
  title: ['Table 9. Hospital beds per 1 000 inhabitants'],
  notes: [],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 110 }, ...[0, 1, 2, 3].map((i) => ({ x: 185 + i * 70, align: 'right' as const, w: 55 }))],
  header: [[['Country', 0, 1], ['2008', 1, 1], ['2009', 2, 1], ['2010', 3, 1], ['2011', 4, 1]]],
  body: ['Austria', 'Belgium', 'Croatia', 'Denmark', 'Finland', 'France', 'Hungary', 'Poland'].map((r) => [r, ...[0, 1, 2, 3].map(() => num(2, 9, 2))]),
  rules: ['underHeader', 'verticals'],
});
}

// Headers of one to four lines set on a common last line (bottom-aligned), the stub's header on it.
write({
  name: 'tall_headers',
  title: ['Table 6. Labour market indicators by country, 2012'],
  notes: ['(1) Break in series.'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 90 }, ...[0, 1, 2, 3, 4].map((i) => ({ x: 160 + i * 70, align: 'right' as const, w: 58 }))],
  header: [[['Country', 0, 1], ['\n\n\nPopulation', 1, 1], ['\nPersons\nemployed\n(thousands)', 2, 1], ['Long-term\nunemploy-\nment rate\n(%)', 3, 1], ['\n\nEmployment\nrate (%)', 4, 1], ['\nAverage\nhours\nworked', 5, 1]]],
  body: ['Belgium', 'Czech Republic', 'Denmark', 'Germany (1)', 'Estonia', 'Ireland', 'Greece', 'Spain', 'France'].map((r) => [r, num(1e6, 8e7), num(500, 40000), num(1, 12, 1), num(55, 78, 1), num(30, 42, 1)]),
  rules: ['top', 'underHeader', 'bottom'],
});
// Labels over two lines with their figures on the first (top-aligned), no rules at all.
write({
  name: 'hanging_labels',
  title: ['Table 3.1 Enterprises by size class'],
  notes: [],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 200 }, ...[0, 1, 2].map((i) => ({ x: 270 + i * 80, align: 'right' as const, w: 65 }))],
  header: [[['Size class', 0, 1], ['Enterprises', 1, 1], ['Persons\nemployed', 2, 1], ['Turnover\n(EUR m)', 3, 1]]],
  body: [
    ['Micro enterprises (fewer than\n  10 persons employed)', num(1e5, 9e5), num(1e5, 9e5), num(1e4, 9e4)],
    ['Small enterprises', num(1e4, 9e4), num(1e5, 9e5), num(1e4, 9e4)],
    ['Medium-sized enterprises (50 to\n  249 persons employed)', num(1e3, 9e3), num(1e5, 9e5), num(1e4, 9e4)],
    ['Large enterprises', num(100, 900), num(1e5, 9e5), num(1e5, 9e5)],
    ['All enterprises', num(1e5, 9e5), num(1e6, 9e6), num(1e5, 9e5)],
  ],
  rules: [],
});

// A title with its unit set right on the same line, and a stub header of its own.
write({
  name: 'title_units',
  title: [],
  notes: ['Source: Ministry of Finance.'],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 150 }, ...[0, 1, 2, 3].map((i) => ({ x: 220 + i * 75, align: 'right' as const, w: 60 }))],
  header: [
    [['Table 8. General government revenue', 0, 3], ['(EUR million)', 3, 2]],
    [['Revenue', 0, 1], ['2009', 1, 1], ['2010', 2, 1], ['2011', 3, 1], ['2012', 4, 1]],
  ],
  body: ['Taxes on production', 'Current taxes on income', 'Social contributions', 'Sales of goods', 'Other current revenue', 'Capital transfers', 'Total revenue'].map((r) => [r, num(1e3, 9e4), num(1e3, 9e4), num(1e3, 9e4), num(1e3, 9e4)]),
  rules: ['underHeader', 'bottom'],
  titleRow: true,
});

// Dollar signs set at the left of their column on the first and the total rows (a US financial table).
write({
  name: 'dollar_signs',
  title: ['Table 2. Federal receipts by source (millions of dollars)'],
  notes: [],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 160 }, ...[0, 1, 2].map((i) => ({ x: 240 + i * 90, align: 'right' as const, w: 75 }))],
  header: [[['Source', 0, 1], ['2010', 1, 1], ['2011', 2, 1], ['2012', 3, 1]]],
  body: [
    ['Individual income taxes', '$ ' + num(8e5, 9e5), '$ ' + num(8e5, 9e5), '$ ' + num(8e5, 9e5)],
    ...['Corporation income taxes', 'Social insurance', 'Excise taxes', 'Estate and gift taxes', 'Customs duties'].map((r) => [r, num(1e4, 9e5), num(1e4, 9e5), num(1e4, 9e5)]),
    ['Total receipts', '$ ' + num(2e6, 3e6), '$ ' + num(2e6, 3e6), '$ ' + num(2e6, 3e6)],
  ],
  rules: ['top', 'underHeader', 'bottom'],
  rulesAboveRows: [6],
});

// A small table in the left column of a two-column page, the right column's prose beside it.
const prose = 'The number of enterprises in the business economy rose by two percent over the year, while persons employed grew more slowly. Small enterprises accounted for most of the growth in every region, and large enterprises for most of the turnover. Regional differences remained wide: the capital region alone held a third of all persons employed, and the rural regions lost enterprises for the fourth year running.'.split(' ');
const proseLines: string[] = [];
for (let line = ''; prose.length; ) {
  const word = prose.shift()!;
  if (helveticaWidth(`${line} ${word}`, 9) > 230 && line) {
    proseLines.push(line);
    line = word;
  } else line = line ? `${line} ${word}` : word;
  if (!prose.length) proseLines.push(line);
}
write({
  name: 'beside_prose',
  title: ['Table 4. Enterprises by region'],
  notes: [],
  size: 9,
  cols: [{ x: 50, align: 'left', w: 90 }, { x: 145, align: 'right', w: 55 }, { x: 205, align: 'right', w: 55 }],
  header: [[['Region', 0, 1], ['2011', 1, 1], ['2012', 2, 1]]],
  body: ['Capital', 'North', 'South', 'East', 'West', 'Islands'].map((r) => [r, num(1e3, 9e4), num(1e3, 9e4)]),
  rules: ['top', 'underHeader', 'bottom'],
  beside: { x: 320, lines: proseLines },
});

// Footnote marks set small and raised after labels and years (`Germany¹`, `2023ᵖ`), notes keyed to them.
write({
  name: 'footnote_marks',
  title: ['Table 3.2 Unemployment rate by country, annual averages (%)'],
  notes: ['1 Break in series in 2021.   2 Excluding overseas departments.   p Provisional.'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 120 }, ...[0, 1, 2, 3, 4].map((i) => ({ x: 190 + i * 58, align: 'right' as const, w: 48 }))],
  header: [[['Country', 0, 1], ['2019', 1, 1], ['2020', 2, 1], ['2021^1', 3, 1], ['2022', 4, 1], ['2023^p', 5, 1]]],
  body: ['Austria', 'Belgium', 'Germany^1', 'Spain', 'France^2', 'Italy', 'Netherlands^1', 'Poland', 'Portugal', 'Sweden'].map((c, i) => [
    c,
    ...[0, 1, 2, 3, 4].map((k) => num(2, 15, 1) + (i % 4 === 2 && k === 3 ? '^1' : '')),
  ]),
  rules: ['top', 'underHeader', 'bottom'],
});

// Districts grouped by region: the region's name on its group's first row only (a cell spanning rows).
const regions: Array<[string, string[]]> = [
  ['North', ['Aberdeen', 'Dundee', 'Inverness']],
  ['Midlands', ['Derby', 'Leicester', 'Nottingham', 'Lincoln']],
  ['South', ['Brighton', 'Southampton', 'Portsmouth']],
];
write({
  name: 'row_groups',
  title: ['Table 12. Population, households and area by district'],
  notes: ['Source: Mid-year population estimates.'],
  size: 9,
  cols: [
    { x: 60, align: 'left', w: 70 },
    { x: 135, align: 'left', w: 95 },
    ...[0, 1, 2].map((i) => ({ x: 240 + i * 80, align: 'right' as const, w: 65 })),
  ],
  header: [[['Region', 0, 1], ['District', 1, 1], ['Population', 2, 1], ['Households', 3, 1], ['Area, sq km', 4, 1]]],
  body: regions.flatMap(([region, districts]) => [
    ...districts.map((d, i) => [i === 0 ? region : '', d, num(5e4, 4e5), num(2e4, 1.8e5), num(50, 900)]),
    ['', 'Region total', num(4e5, 1.2e6), num(1.5e5, 5e5), num(900, 2500)],
  ]),
  rules: ['top', 'underHeader', 'bottom'],
});

// A statistical bulletin's table without a rule: a shaded header band and every other row shaded.
write({
  name: 'zebra_shaded',
  title: ['Table 7: Gross value added by industry, quarter on quarter growth (%)'],
  notes: ['Source: Office for National Statistics'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 170 }, ...[0, 1, 2, 3, 4].map((i) => ({ x: 240 + i * 56, align: 'right' as const, w: 46 }))],
  header: [[['Industry', 0, 1], ['2023 Q1', 1, 1], ['2023 Q2', 2, 1], ['2023 Q3', 3, 1], ['2023 Q4', 4, 1], ['2024 Q1', 5, 1]]],
  body: ['Agriculture', 'Production', 'Manufacturing', 'Construction', 'Services', 'Wholesale and retail', 'Transport and storage', 'Information and communication', 'Financial services', 'Real estate', 'Public administration'].map((r) => [
    r,
    ...[0, 1, 2, 3, 4].map(() => {
      const v = num(0, 2.5, 1);
      return (rnd() < 0.4 && v !== '0.0' ? '-' : '') + v;
    }),
  ]),
  rules: [],
  shade: ['header', 'zebra'],
});

// Two tables one above the other on a page, each under its own caption, their columns unlike.
write({
  name: 'stacked_tables',
  title: ['Table 5. Live births by month of occurrence'],
  notes: [],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 110 }, { x: 180, align: 'right', w: 70 }, { x: 260, align: 'right', w: 70 }],
  header: [[['Month', 0, 1], ['2022', 1, 1], ['2023', 2, 1]]],
  body: ['January', 'February', 'March', 'April', 'May', 'June'].map((m) => [m, num(4000, 6000), num(4000, 6000)]),
  rules: ['top', 'underHeader', 'bottom'],
  next: {
    name: 'stacked_tables_2',
    title: ['Table 6. Deaths by leading cause and sex'],
    notes: ['Causes coded to ICD-10.'],
    size: 9,
    cols: [{ x: 60, align: 'left', w: 180 }, ...[0, 1, 2].map((i) => ({ x: 250 + i * 70, align: 'right' as const, w: 60 }))],
    header: [[['Cause', 0, 1], ['Male', 1, 1], ['Female', 2, 1], ['Total', 3, 1]]],
    body: ['Ischaemic heart diseases', 'Dementia and Alzheimer disease', 'Cerebrovascular diseases', 'Lung cancer', 'Chronic lower respiratory diseases'].map((c) => [c, num(1000, 9000), num(1000, 9000), num(2000, 18000)]),
    rules: ['top', 'underHeader', 'bottom'],
  },
});

// Symbols for figures not shown, as Statistics Canada prints them: an en dash nil, x suppressed, F too unreliable, .. not available.
write({
  name: 'nil_marks',
  title: ['Table 17-10-0005. Farms by type and province'],
  notes: ['Symbol legend: – nil or zero   x suppressed   F too unreliable to be published   .. not available'],
  size: 8,
  cols: [{ x: 60, align: 'left', w: 140 }, ...[0, 1, 2, 3, 4].map((i) => ({ x: 210 + i * 62, align: 'right' as const, w: 52 }))],
  header: [[['Province', 0, 1], ['Dairy', 1, 1], ['Beef', 2, 1], ['Hog', 3, 1], ['Poultry', 4, 1], ['Grain', 5, 1]]],
  body: ['Newfoundland and Labrador', 'Prince Edward Island', 'Nova Scotia', 'New Brunswick', 'Quebec', 'Ontario', 'Manitoba', 'Saskatchewan', 'Alberta', 'British Columbia'].map((p, i) => [
    p,
    ...[0, 1, 2, 3, 4].map((k) => ((i + k) % 7 === 0 ? '–' : (i * 3 + k) % 11 === 0 ? 'x' : (i + 2 * k) % 13 === 0 ? 'F' : (i + k) % 17 === 5 ? '..' : num(10, 9000))),
  ]),
  rules: ['top', 'underHeader', 'bottom'],
});

// A wide table on a landscape page of a portrait report: stored upright with /Rotate 90, its content turned.
const years = [2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023];
write({
  name: 'landscape_turned',
  title: ['Annex table A.4 General government expenditure by function, % of GDP'],
  notes: ['Source: Government finance statistics.'],
  size: 8,
  cols: [{ x: 50, align: 'left', w: 150 }, ...years.map((_, i) => ({ x: 210 + i * 54, align: 'right' as const, w: 44 }))],
  header: [[['Function', 0, 1], ...years.map((y, i): [string, number, number] => [String(y), i + 1, 1])]],
  body: ['General public services', 'Defence', 'Public order and safety', 'Economic affairs', 'Environmental protection', 'Housing and community amenities', 'Health', 'Recreation, culture and religion', 'Education', 'Social protection', 'Total'].map((f) => [f, ...years.map(() => num(0.5, 20, 1))]),
  rules: ['top', 'underHeader', 'bottom'],
  landscape: 'upright',
});

// A landscape table set sideways on a portrait page (no /Rotate: its text runs up the page), as
// typesetters turn a wide table; a reader turns the page.
const quarters = ['2022 Q1', '2022 Q2', '2022 Q3', '2022 Q4', '2023 Q1', '2023 Q2', '2023 Q3', '2023 Q4'];
write({
  name: 'sideways_table',
  title: ['Table B.2 Terminal passengers by airport (thousands)'],
  notes: ['Source: Civil aviation authority.'],
  size: 8,
  cols: [{ x: 50, align: 'left', w: 130 }, ...quarters.map((_, i) => ({ x: 190 + i * 66, align: 'right' as const, w: 56 }))],
  header: [[['Airport', 0, 1], ...quarters.map((q, i): [string, number, number] => [q, i + 1, 1])]],
  body: ['Heathrow', 'Gatwick', 'Manchester', 'Stansted', 'Luton', 'Edinburgh', 'Birmingham', 'Glasgow', 'Bristol', 'Belfast International'].map((a) => [a, ...quarters.map(() => num(800, 20000))]),
  rules: ['top', 'underHeader', 'bottom'],
  landscape: 'sideways',
});

// A time series: years down the stub, a year alone on each row beside its figures.
write({
  name: 'time_series',
  title: ['Table 1.1 Population and vital events, 2008-2023'],
  notes: ['Figures for 2023 are provisional.'],
  size: 9,
  cols: [{ x: 60, align: 'left', w: 50 }, ...[0, 1, 2, 3, 4].map((i) => ({ x: 120 + i * 80, align: 'right' as const, w: 70 }))],
  header: [[['Year', 0, 1], ['Population', 1, 1], ['Live births', 2, 1], ['Deaths', 3, 1], ['Marriages', 4, 1], ['Divorces', 5, 1]]],
  body: Array.from({ length: 16 }, (_, i) => [String(2008 + i), num(5.1e6, 5.6e6), num(50000, 60000), num(40000, 50000), num(20000, 30000), num(8000, 12000)]),
  rules: ['top', 'underHeader', 'bottom'],
});

/** The tables' specifications with the CSV a reader would key from each (for other producers of the same tables). */
export function governmentTableSpecs(): Array<{ spec: Spec; csv: string[][] }> {
  return specs.map((spec) => ({ spec, csv: build(spec).csv }));
}

export const csvText = (csv: string[][]): string => csv.map((r) => r.map(quote).join(',')).join('\n') + '\n';

/** Writes each table as NAME.pdf (born-digital, Helvetica) and NAME.csv (the table as a reader would key it). */
export function writeGovernmentTables(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return specs.map((spec) => {
    const { page, csv } = build(spec);
    writeFileSync(path.join(dir, `${spec.name}.pdf`), drawnPdf([{ ...page, glyphs: process.env.BENCH_GOV_GLYPHS === 'each' ? 'each' : 'runs', ...(spec.landscape ? { widthPt: 792, heightPt: 612, ...(spec.landscape === 'plain' ? {} : { turned: spec.landscape }) } : {}) }]));
    writeFileSync(path.join(dir, `${spec.name}.csv`), csvText(csv));
    return spec.name;
  });
}
