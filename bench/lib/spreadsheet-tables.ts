// The government tables of government-tables.ts made by a third producer: each set in a spreadsheet
// (.xlsx: merged header cells, wrapped cells, indents, cell borders and fills, one of three fonts) and
// printed to PDF by LibreOffice Calc, as statistics offices print tables kept in spreadsheets: the
// sheet's name printed above and its page number below, column widths in characters, rows as tall
// as their text, borders drawn per cell. Same contents and the same CSVs as BENCH_TABLES_DIR=government
// (leaders and the prose beside one table left out: a spreadsheet has neither). Needs `soffice`
// (Debian's libreoffice-calc), not installed by scripts/install.sh: absent, the set is not made.
// bench/tables.ts (BENCH_TABLES_DIR=spreadsheet).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { csvText, governmentTableSpecs, type Spec } from './government-tables.ts';

/** write-excel-file's call as used here (its types do not take a cell's style fields as optional unions). */
type WriteXlsx = (rows: Cell[][], options: { columns: Array<{ width: number }>; orientation: 'portrait' | 'landscape'; sheet: string }) => { toFile(file: string): Promise<void> };

const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Condensed'];

type Cell = {
  value: string;
  type: typeof String;
  height?: number;
  columnSpan?: number;
  fontWeight?: 'bold';
  fontSize?: number;
  fontFamily?: string;
  align?: 'left' | 'center' | 'right';
  alignVertical?: 'top' | 'center' | 'bottom';
  wrap?: boolean;
  indent?: number;
  backgroundColor?: string;
  topBorderStyle?: 'thin' | 'medium';
  bottomBorderStyle?: 'thin' | 'medium';
  leftBorderStyle?: 'thin';
  rightBorderStyle?: 'thin';
} | null;

/** A cell's text as a spreadsheet holds it: lines kept (wrapped), a footnote mark run on, leading spaces an indent. */
function cellOf(text: string, font: string, size: number, align: 'left' | 'center' | 'right'): NonNullable<Cell> {
  const lines = text.replace(/^\n+/, '').split('\n');
  const indent = lines[0]!.match(/^ */)![0].length;
  const value = lines.map((l) => l.trim().replace('^', '')).join('\n');
  return { value, type: String, fontFamily: font, fontSize: size, align, ...(lines.length > 1 ? { wrap: true } : {}), ...(indent ? { indent: Math.max(1, Math.round(indent / 2)) } : {}) };
}

/** One table's rows: its title, its header, its body and notes, ruled and shaded as its spec says. */
function tableRows(spec: Spec, font: string): Cell[][] {
  const n = spec.cols.length;
  const s = spec.size;
  const rules = new Set(spec.rules);
  const rows: Cell[][] = [];
  const blank = (): Cell[] => spec.cols.map(() => null);
  for (const [i, t] of spec.title.entries()) {
    const row = blank();
    row[0] = { value: t, type: String, fontFamily: font, fontSize: i === 0 ? s + 2 : s, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) };
    rows.push(row);
  }
  const header = spec.titleRow ? spec.header.slice(1) : spec.header;
  if (spec.titleRow) {
    const [title, unit] = spec.header[0]!.map(([t]) => t);
    const row = blank();
    row[0] = { value: title!, type: String, fontFamily: font, fontSize: s, fontWeight: 'bold' };
    row[n - 1] = { value: unit!, type: String, fontFamily: font, fontSize: s, align: 'right' };
    rows.push(row);
  }
  const first = rows.length;
  header.forEach((cells) => {
    const row = blank();
    const covered = new Set<number>();
    for (const [text, at, span] of cells) {
      const align = span > 1 ? 'center' : spec.cols[at]!.align;
      row[at] = { ...cellOf(text, font, s, align), fontWeight: 'bold', alignVertical: 'bottom', ...(span > 1 ? { columnSpan: span } : {}), ...(span > 1 && rules.has('underGroup') ? { bottomBorderStyle: 'thin' as const } : {}) };
      for (let k = 1; k < span; k++) covered.add(at + k);
    }
    for (let c = 0; c < n; c++) if (!covered.has(c)) row[c] ??= { value: '', type: String, fontFamily: font, fontSize: s };
    rows.push(row);
  });
  const headerEnd = rows.length;
  spec.body.forEach((cells, ri) => {
    if (cells.length === 1 && cells[0]!.startsWith('@')) {
      const row = blank();
      row[0] = { value: cells[0]!.slice(1), type: String, fontFamily: font, fontSize: s, fontWeight: 'bold' };
      for (let c = 1; c < n; c++) row[c] = { value: '', type: String, fontFamily: font, fontSize: s };
      rows.push(row);
    } else rows.push(cells.map((text, c) => cellOf(text, font, s, spec.cols[c]!.align)));
    const row = rows.at(-1)!;
    if (spec.rulesAboveRows?.includes(ri)) for (const cell of row) if (cell) cell.topBorderStyle = 'thin';
    if (spec.shade?.includes('zebra') && ri % 2 === 1) for (const cell of row) if (cell) cell.backgroundColor = '#E6E6E6';
  });
  const end = rows.length;
  for (let r = first; r < end; r++) {
    for (let c = 0; c < n; c++) {
      const cell = rows[r]![c];
      if (!cell) continue;
      if (r === first && rules.has('top')) cell.topBorderStyle = 'medium';
      if (r === headerEnd - 1 && rules.has('underHeader')) cell.bottomBorderStyle = 'thin';
      if (r === end - 1 && rules.has('bottom')) cell.bottomBorderStyle = 'medium';
      if (r < headerEnd && spec.shade?.includes('header')) cell.backgroundColor = '#D1D1D1';
      if (rules.has('verticals') && c > 0) cell.leftBorderStyle = 'thin';
      if (rules.has('frame') && c === 0) cell.leftBorderStyle = 'thin';
      if (rules.has('frame') && c + (cell.columnSpan ?? 1) === n) cell.rightBorderStyle = 'thin';
    }
  }
  // A row as tall as its most lines (Calc keeps an xlsx row's stored height: one line's, unless given).
  for (const row of rows) {
    const lines = Math.max(...row.map((c) => (c ? c.value.split('\n').length : 1)));
    const first = row.find((c) => c);
    if (lines > 1 && first) first.height = Math.ceil(lines * s * 1.25 + 3);
  }
  for (const note of spec.notes) {
    const row = blank();
    row[0] = { value: note, type: String, fontFamily: font, fontSize: s - 1 };
    rows.push(row);
  }
  return rows;
}

/** Column widths in characters (a character about 0.55 of the font's size), the spec's own, scaled to fit the page's printable width. */
function columnWidths(spec: Spec, printableWidthPt: number): Array<{ width: number }> {
  const widths = spec.cols.map((c, i) => c.w + (i === 0 ? 4 : c.x - (spec.cols[i - 1]!.x + spec.cols[i - 1]!.w)));
  const scale = Math.min(1, printableWidthPt / widths.reduce((a, b) => a + b, 0));
  // A spreadsheet's width unit is the default font's digit and a margin (about 7 pt as Calc prints it here, with no Calibri installed): what the specs' points come to.
  return widths.map((w) => ({ width: Math.max(2, Math.round(((w * scale) / 7.5) * 10) / 10) }));
}

/** Writes each government table as NAME.xlsx, NAME.pdf printed from it by LibreOffice Calc, and NAME.csv; nothing where soffice is absent. */
export async function writeSpreadsheetTables(dir: string): Promise<string[]> {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('BENCH_TABLES_DIR=spreadsheet needs LibreOffice Calc (soffice): apt-get install libreoffice-calc');
  }
  mkdirSync(dir, { recursive: true });
  const tables = governmentTableSpecs();
  for (const [i, { spec, csv }] of tables.entries()) {
    const font = FONTS[i % FONTS.length]!;
    const landscape = spec.landscape !== undefined;
    // A second table on the sheet below the first, two rows between, in the same columns (each column as wide as the wider of the two).
    const parts = [spec, ...(spec.next ? [spec.next] : [])];
    const n = Math.max(...parts.map((p) => p.cols.length));
    const padded = (rows: Cell[][]) => rows.map((r) => [...r, ...Array<Cell>(n - r.length).fill(null)]);
    const rows = parts.flatMap((p, k) => [...(k > 0 ? padded([[], []]) : []), ...padded(tableRows(p, font))]);
    // Calc's default page here: A4 with 2 cm margins.
    const each = parts.map((p) => columnWidths(p, (landscape ? 842 : 595) - 2 * 57));
    const columns = Array.from({ length: n }, (_, c) => ({ width: Math.max(...each.map((w) => w[c]?.width ?? 0)) }));
    await (writeXlsxFile as unknown as WriteXlsx)(rows, { columns, orientation: landscape ? 'landscape' : 'portrait', sheet: spec.name.slice(0, 31) }).toFile(path.join(dir, `${spec.name}.xlsx`));
    writeFileSync(path.join(dir, `${spec.name}.csv`), csvText(csv));
  }
  const home = path.join(dir, '.lo-profile');
  execFileSync('soffice', [`-env:UserInstallation=file://${home}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...readdirSync(dir).filter((f) => f.endsWith('.xlsx')).map((f) => path.join(dir, f))], { stdio: 'ignore', timeout: 300_000 });
  return tables.map(({ spec }) => spec.name);
}
