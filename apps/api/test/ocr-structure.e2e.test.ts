import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rasterizePdfPage } from '@docsvc/documents';
import { printedHtml } from '../../../test/fixtures/html-pdf.ts';
import { INVOICES } from '../../../test/fixtures/invoices.ts';
import { drawnPdf, scannedPdf } from '../../../test/fixtures/pdf.ts';
import { renderPlaced, toPng } from '../../../test/fixtures/render-text.ts';
import { askew, asScanned, grayPng, turned } from '../../../test/fixtures/scans.ts';
import { BAR_CHART, BROWSER_TABLE, browserTableHtml, CENSUS, CENSUS_TABLE, CONTENTS, CONTENTS_NUMBERS, FARMS, FARMS_TABLE, HEBREW_FIGURES, HEBREW_LABELS, MARKED, MARKED_TABLE, REGISTER, REGISTER_TABLE, RULED, RULED_TABLE, STATEMENT, STATEMENT_TABLE, STATISTICS, STATISTICS_TABLE, YEARBOOK, YEARBOOK_TABLE } from '../../../test/fixtures/tables.ts';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';
import { ALICE, bearer, runJob, startApi, storeFile, type TestApi } from './harness.js';

/**
 * Document structure through the real service: tables (ruled, with spanning cells, and borderless)
 * and key-value pairs with `features`, from born-digital PDFs (their words and drawn lines) and from
 * scans (OCR words), on the synchronous route and on jobs.
 */

interface Cell {
  row_index: number;
  column_index: number;
  row_span: number;
  column_span: number;
  kind: string;
  text: string;
  bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } };
}
interface TableAnswer {
  page: number;
  row_count: number;
  column_count: number;
  cells: Cell[];
}
interface Answer {
  tables?: TableAnswer[];
  key_value_pairs?: Array<{ page: number; key: { text: string }; value: { text: string } | null; confidence: number }>;
  pages: Array<{ width: number; height: number; skew: number }>;
  sections: Array<{ lines: Array<{ words: Array<{ text: string; bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } } }> }> }>;
}

let api: TestApi;
let workers: RunningWorkers;
beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr', 'jobs'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2', OCR_QUIET_NOISE: '2' });
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
});

const store = (bytes: Buffer, name: string) => storeFile(api, bytes, 'structure', name);
async function ocr(body: object): Promise<{ status: number; body: Answer & { message?: string; error?: { code: string } } }> {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** A table's texts as a grid, spanning cells repeated over the positions they cover. */
function grid(table: TableAnswer): string[][] {
  const g = Array.from({ length: table.row_count }, () => Array.from({ length: table.column_count }, () => ''));
  for (const c of table.cells) for (let i = 0; i < c.row_span; i++) for (let j = 0; j < c.column_span; j++) g[c.row_index + i]![c.column_index + j] = c.text;
  return g;
}
/** A born-digital page as printed and scanned: pdf.js's render of its first page at 300 DPI, as a PNG. */
async function printedScan(pdf: Buffer): Promise<Buffer> {
  return toPng(await printedPage(pdf));
}
async function printedPage(pdf: Buffer): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { image } = await rasterizePdfPage(new Uint8Array(pdf), 1, { dpi: 300, limits: { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 } });
  return { width: image.width, height: image.height, data: image.data };
}
const pairs = (answer: Answer) => (answer.key_value_pairs ?? []).map((p) => [p.key.text, p.value?.text ?? null]);
const both = ['tables', 'key_value_pairs'];

describe('born-digital PDF pages: words and drawn lines', () => {
  let key: string;
  beforeAll(async () => {
    key = await store(drawnPdf([RULED, STATEMENT]), 'report.pdf');
  });

  it('answers every table with its cells, spans and header rows, and the key-value pairs outside them', async () => {
    const { status, body } = await ocr({ file_store_key: key, features: both });
    expect(status).toBe(200);
    expect(body.tables).toHaveLength(2);
    const [ruled, statement] = body.tables!;
    expect(ruled!.page).toBe(1);
    expect(grid(ruled!)).toEqual(RULED_TABLE);
    expect(ruled!.cells.find((c) => c.text === 'Sales')).toMatchObject({ row_index: 0, column_index: 1, row_span: 1, column_span: 2 });
    expect(ruled!.cells.find((c) => c.text === 'Region')).toMatchObject({ row_index: 0, column_index: 0, row_span: 2, column_span: 1 });
    expect(statement!.page).toBe(2);
    expect(grid(statement!)).toEqual(STATEMENT_TABLE);
    expect(statement!.cells.filter((c) => c.kind === 'column_header').map((c) => c.text)).toEqual(STATEMENT_TABLE[0]);
    // Cell boxes are in the page's pixels, like every other box of the answer.
    const balance = statement!.cells.find((c) => c.text === '68,769.42')!;
    expect(balance.bounds.bottom_right.x).toBeLessThanOrEqual(body.pages[1]!.width);
    expect(balance.bounds.top_left.y).toBeGreaterThan(0);
    expect(pairs(body)).toEqual([
      ['Account No', '0042-7781'],
      ['Line of Credit', '100,000.00'],
      ['Rate', '4.2000'],
    ]);
    expect(body.key_value_pairs!.every((p) => p.page === 2 && p.confidence === 1)).toBe(true);
  });

  it('answers only the features asked for, and neither by default', async () => {
    const plain = await ocr({ file_store_key: key });
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('tables');
    expect(plain.body).not.toHaveProperty('key_value_pairs');
    const tablesOnly = await ocr({ file_store_key: key, features: ['tables'] });
    expect(tablesOnly.body.tables).toHaveLength(2);
    expect(tablesOnly.body).not.toHaveProperty('key_value_pairs');
  });

  it('refuses a feature it does not know, naming the ones it does', async () => {
    const { status, body } = await ocr({ file_store_key: key, features: ['tables', 'signatures'] });
    expect(status).toBe(400);
    expect(body.error!.code).toBe('validation_failed');
    expect(body.message).toMatch(/"signatures".*tables, key_value_pairs/);
  });

  it('gives a job the same tables and pairs, and each page of /pages its own', async () => {
    const sync = await ocr({ file_store_key: key, features: both });
    const id = await runJob(api, { file_store_key: key, features: both });
    const job = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { headers: bearer(ALICE) })).json()) as Answer & { status: string };
    expect(job.status).toBe('succeeded');
    expect(job.tables).toEqual(sync.body.tables);
    expect(job.key_value_pairs).toEqual(sync.body.key_value_pairs);
    const pages = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}/pages?from=2&to=2`, { headers: bearer(ALICE) })).json()) as { pages: Answer[] };
    expect(pages.pages[0]!.tables!.map(grid)).toEqual([STATEMENT_TABLE]);
    expect(pairs(pages.pages[0]!)).toEqual(pairs(sync.body));
  });
});

describe('tables as spreadsheets', () => {
  let key: string;
  beforeAll(async () => {
    key = await store(drawnPdf([RULED, STATEMENT]), 'report.pdf');
  });
  /** A sheet's cells as rows of values, merged cells' covered positions empty. */
  const sheetRows = (sheet: XLSX.WorkSheet) => XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: '' });

  it('answers output xlsx with a sheet per table, numbers as numbers, and a job the same from result?format=xlsx', async () => {
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify({ file_store_key: key, output: 'xlsx' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/filename="report\.xlsx"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Page 1 table 1', 'Page 2 table 1']);
    expect(sheetRows(book.Sheets['Page 2 table 1']!)).toEqual(
      STATEMENT_TABLE.map((row) => row.map((text) => (/^[\d,]+\.\d+$/.test(text) ? Number(text.replace(/,/g, '')) : text))),
    );
    expect(book.Sheets['Page 2 table 1']!['E3']).toMatchObject({ t: 'n', v: 68769.42 });
    expect(book.Sheets['Page 1 table 1']!['!merges']?.map((m) => XLSX.utils.encode_range(m)).sort()).toEqual(['A1:A2', 'B1:C1']);

    const id = await runJob(api, { file_store_key: key });
    const fromJob = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}/result?format=xlsx`, { headers: bearer(ALICE) });
    expect(fromJob.status).toBe(200);
    const jobBook = XLSX.read(Buffer.from(await fromJob.arrayBuffer()), { type: 'buffer' });
    expect(jobBook.SheetNames).toEqual(book.SheetNames);
    expect(sheetRows(jobBook.Sheets['Page 2 table 1']!)).toEqual(sheetRows(book.Sheets['Page 2 table 1']!));
  });

  it('answers output csv with every table, an empty line between them', async () => {
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify({ file_store_key: key, output: 'csv' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const records = parseCsv(await res.text(), { relax_column_count: true }) as string[][];
    expect(records).toEqual([['Region', 'Sales', ''], ['', '2023', '2024'], ['North', '120', '135'], ['South', '98', '101'], [''], ...STATEMENT_TABLE]);
  });
});

describe('scans: OCR words', () => {
  it('finds the grid of a table ruled in light gray (#999, lighter than the print\'s ink threshold) on a scanned invoice, its header over its columns', async () => {
    const [pdf] = await printedHtml([{ html: INVOICES.find((i) => i.name === 'uk-vat-total-row')!.html }]);
    const { status, body } = await ocr({ file_store_key: await store(await printedScan(pdf!), 'light-rules.png'), features: ['tables'] });
    expect(status).toBe(200);
    const items = [
      ['Item', 'Qty', 'Net', 'VAT', 'Total'],
      ['Business cards', '500', '£45.00', '£9.00', '£54.00'],
      ['Flyers A5', '1000', '£120.00', '£24.00', '£144.00'],
      ['TOTAL', '', '£165.00', '£33.00', '£198.00'],
    ];
    expect(body.tables?.map(grid)).toContainEqual(items);
  });

  it('finds the borderless table and the pairs of a scanned statement at 300 DPI, and in a 200-DPI scanned PDF', async () => {
    const page = await renderPlaced(STATEMENT, { dpi: 300 });
    for (const [name, bytes] of [
      ['statement.png', await toPng(page)],
      ['statement.pdf', scannedPdf([await renderPlaced(STATEMENT, { dpi: 200 })], 200)],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: both });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(STATEMENT_TABLE);
      expect(pairs(body), name).toEqual(expect.arrayContaining([['Line of Credit', '100,000.00'], ['Rate', '4.2000']]));
    }
  });

  it("reads a statistics office's table (headers of two lines, dot leaders, heading rows, a label of two lines) born-digital, as a 300-DPI scan and as a 200-DPI scanned PDF", async () => {
    for (const [name, bytes] of [
      ['statistics-digital.pdf', drawnPdf([STATISTICS])],
      ['statistics.png', await toPng(await renderPlaced(STATISTICS, { dpi: 300 }))],
      ['statistics-scan.pdf', scannedPdf([await renderPlaced(STATISTICS, { dpi: 200 })], 200)],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(STATISTICS_TABLE);
      // On the scans the leaders are not read as text (tesseract reads them as "ececeeee" and misreads the labels).
      const text = body.sections.flatMap((s) => s.lines.flatMap((l) => l.words.map((w) => w.text))).join(' ');
      if (!name.endsWith('digital.pdf')) expect(text, name).not.toMatch(/[ec]{4,}|\.{4,}/);
    }
  });

  it("reads statistics tables as governments print them, born-digital and as 300-DPI scans: a census's headers centred over the columns they span, its rows between rules above and below, `-` for nil; a yearbook's lines drawing the columns but no rows", async () => {
    for (const [name, bytes, expected] of [
      ['census-digital.pdf', drawnPdf([CENSUS]), CENSUS_TABLE],
      ['census.png', await toPng(await renderPlaced(CENSUS, { dpi: 300 })), CENSUS_TABLE],
      ['yearbook-digital.pdf', drawnPdf([YEARBOOK]), YEARBOOK_TABLE],
      ['yearbook.png', await toPng(await renderPlaced(YEARBOOK, { dpi: 300 })), YEARBOOK_TABLE],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(expected);
      if (name.startsWith('census')) {
        expect(body.tables![0]!.cells.find((c) => c.text === 'Both sexes'), name).toMatchObject({ row_index: 0, column_index: 1, column_span: 2, kind: 'column_header' });
        expect(body.tables![0]!.cells.find((c) => c.text === 'Male'), name).toMatchObject({ row_index: 0, column_index: 3, column_span: 2 });
      }
    }
  });

  it('reads the tables of 300-DPI scans a little crooked on the glass (under a degree) as on square ones', async () => {
    // At 0.8 degrees a row's far end lies a dozen pixels off its start: read as they lie, the
    // census's figures and the yearbook's first row came out rows of their own.
    for (const [name, page, degrees, expected] of [
      ['census-askew.png', CENSUS, 0.8, CENSUS_TABLE],
      ['census-askew-left.png', CENSUS, -0.8, CENSUS_TABLE],
      ['yearbook-askew.png', YEARBOOK, -0.8, YEARBOOK_TABLE],
    ] as const) {
      const scan = await grayPng(await askew(await renderPlaced(page, { dpi: 300 }), degrees));
      const { status, body } = await ocr({ file_store_key: await store(scan, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(expected);
    }
  });

  it("reads the tables of scans with a scanner's noise as of clean ones, with OCR_QUIET_NOISE", async () => {
    // Sensor noise (deviation 6 on gray paper, blurred): read as they are, the census's figures came
    // out `1,722,563` as other marks and the yearbook's `36.2` and `18.1` misread.
    for (const [name, page, expected] of [
      ['census-noisy.png', CENSUS, CENSUS_TABLE],
      ['yearbook-noisy.png', YEARBOOK, YEARBOOK_TABLE],
    ] as const) {
      const scan = await grayPng(await asScanned(await renderPlaced(page, { dpi: 300 })));
      const { status, body } = await ocr({ file_store_key: await store(scan, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(expected);
    }
  });

  it('reads a ruled table scanned crooked on the glass (a third of a degree to two) as a square one, the page levelled', async () => {
    // Read as it lay, the grid's lines were found only in part past half a degree and its text was
    // painted over with the lines' boxes from a sixth ("1OTAL" for "TOTAL"), the table lost.
    for (const degrees of [0.4, -1.2, 2]) {
      const name = `ruled-askew-${degrees}.png`;
      const scan = await grayPng(await askew(await renderPlaced(RULED, { dpi: 300 }), degrees));
      const { status, body } = await ocr({ file_store_key: await store(scan, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(RULED_TABLE);
      expect(Math.abs(body.pages[0]!.skew + degrees), name).toBeLessThanOrEqual(0.1);
    }
  });

  it("keeps a statistics table's marks for figures not shown: an en dash nil and `..` not available, born-digital and scanned", async () => {
    // tesseract reads an en dash alone as "-" and two dots on the baseline as "." or a quote mark.
    for (const [name, bytes] of [
      ['farms-digital.pdf', drawnPdf([FARMS])],
      ['farms.png', await toPng(await renderPlaced(FARMS, { dpi: 300 }))],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(FARMS_TABLE);
    }
  });

  it('keeps footnote marks set small and raised with their cells, born-digital and on a 300-DPI scan', async () => {
    // tesseract reads a raised 1 as "!", a raised 2 or p as "?" or a degree sign, and drops one after a figure.
    for (const [name, bytes] of [
      ['marked-digital.pdf', drawnPdf([MARKED])],
      ['marked.png', await toPng(await renderPlaced(MARKED, { dpi: 300 }))],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      expect(grid(body.tables![0]!), name).toEqual(MARKED_TABLE);
    }
  });

  it("finds no table or key-value pair in a report's contents page, born-digital or scanned, and reads the scan's entry and page numbers", async () => {
    const pdf = drawnPdf([CONTENTS]);
    // The scan: its leaders taken off, tesseract's page layout joined the entry numbers 3-7 into one
    // line down the page and read it turned ("N ODO oO fF W").
    for (const [name, bytes] of [
      ['contents.pdf', pdf],
      ['contents.png', await printedScan(pdf)],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: both });
      expect(status, name).toBe(200);
      expect(body.tables, name).toEqual([]);
      // Nor is a title a key whose value is its page number.
      expect(body.key_value_pairs, name).toEqual([]);
      // The words standing in the entry numbers' column (72-90 pt) and the page numbers' (510-540 pt), top to bottom.
      const k = body.pages[0]!.width / 612;
      const words = body.sections.flatMap((sec) => sec.lines.flatMap((l) => l.words));
      const column = (x0: number, x1: number) => words.filter((w) => w.bounds.top_left.x >= x0 * k && w.bounds.bottom_right.x <= x1 * k).sort((a, b) => a.bounds.top_left.y - b.bounds.top_left.y).map((w) => w.text);
      expect(column(66, 90), name).toEqual(CONTENTS_NUMBERS.entries);
      expect(column(505, 540), name).toEqual(CONTENTS_NUMBERS.pages);
    }
  });

  it("finds no table in a report's bar chart (each value printed where its bar ends), born-digital or scanned", async () => {
    const pdf = drawnPdf([BAR_CHART]);
    for (const [name, bytes] of [
      ['chart.pdf', pdf],
      ['chart.png', await printedScan(pdf)],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toEqual([]);
      // Its words are all there: the categories, and each value where its bar ends.
      const texts = body.sections.flatMap((sec) => sec.lines.flatMap((l) => l.words.map((w) => w.text)));
      for (const value of ['12.3', '4.1', '18.7', '9.8']) expect(texts, name).toContain(value);
    }
  });

  it('reads a ruled table on a 300-DPI scan from the lines drawn on it, spanning cells and all', async () => {
    const { status, body } = await ocr({ file_store_key: await store(await toPng(await renderPlaced(RULED, { dpi: 300 })), 'ruled.png'), features: ['tables'] });
    expect(status).toBe(200);
    expect(body.tables).toHaveLength(1);
    const table = body.tables![0]!;
    expect(grid(table)).toEqual(RULED_TABLE);
    expect(table.cells.find((c) => c.text === 'Sales')).toMatchObject({ row_index: 0, column_index: 1, column_span: 2 });
    expect(table.cells.find((c) => c.text === 'Region')).toMatchObject({ row_index: 0, column_index: 0, row_span: 2 });
    // The cell boxes are the grid the lines draw (300 DPI: 25/6 pixels a point).
    const sales = table.cells.find((c) => c.text === 'Sales')!;
    expect(Math.abs(sales.bounds.top_left.x - (192 * 300) / 72)).toBeLessThan(8);
    expect(Math.abs(sales.bounds.bottom_right.x - (432 * 300) / 72)).toBeLessThan(8);
  });

  it('keeps the digits that stand alone in their cells of a scanned register (300-DPI PNG, 200-DPI scanned PDF)', async () => {
    // tesseract's page layout reads none of the serial numbers 1-8 on either scan; the ink left unread is read again.
    for (const [name, bytes] of [
      ['register.png', await toPng(await renderPlaced(REGISTER, { dpi: 300 }))],
      ['register.pdf', scannedPdf([await renderPlaced(REGISTER, { dpi: 200 })], 200)],
    ] as const) {
      const { status, body } = await ocr({ file_store_key: await store(bytes, name), features: ['tables'] });
      expect(status, name).toBe(200);
      expect(body.tables, name).toHaveLength(1);
      const rows = grid(body.tables![0]!);
      expect(rows.map((r) => r[0]), name).toEqual(REGISTER_TABLE.map((r) => r[0]));
      expect(rows.map((r) => r[2]), name).toEqual(REGISTER_TABLE.map((r) => r[2]));
      // The digits are words of the page's text too, where they stand: "1" left of its row's amount.
      const words = body.sections.flatMap((s) => s.lines.flatMap((l) => l.words));
      const one = words.find((w) => w.text === '1')!;
      const amount = words.find((w) => w.text === '902,418.00')!;
      expect(one.bounds.bottom_right.x, name).toBeLessThan(amount.bounds.top_left.x);
      expect(Math.abs(one.bounds.top_left.y - amount.bounds.top_left.y), name).toBeLessThan(amount.bounds.bottom_right.y - amount.bounds.top_left.y);
    }
  });

  it('reads a table of figures with Hebrew labels, sent with no language, each label in Hebrew in its reading order', async () => {
    const { status, body } = await ocr({ file_store_key: await store(await toPng(await renderPlaced(HEBREW_FIGURES, { dpi: 300 })), 'hebrew.png'), features: ['tables'] });
    expect(status).toBe(200);
    expect(body.tables).toHaveLength(1);
    const rows = grid(body.tables![0]!);
    // Five columns of figures, each row's label last (at its right), its words read right to left.
    expect(rows.map((r) => r.at(-1)).filter(Boolean)).toEqual(HEBREW_LABELS);
    expect(rows.find((r) => r.at(-1) === 'סך הכל')!.slice(0, 5)).toEqual(['2.6', '3.2', '3.0', '4.2', '5.8']);
  });

  it('reads a table printed from HTML by a browser (borders painted cell by cell, headers set on a common last line), upright and set sideways, its figures with their commas', async () => {
    const [upright, sideways] = await printedHtml([{ html: browserTableHtml() }, { html: browserTableHtml({ sideways: true }) }]);
    const digital = await ocr({ file_store_key: await store(upright!, 'printed.pdf'), features: ['tables'] });
    expect(digital.status).toBe(200);
    expect(digital.body.tables?.map(grid)).toEqual([BROWSER_TABLE]);
    // Set sideways its text layer is read in the page turned upright (a quarter turn clockwise): exactly, no OCR.
    const turnedPage = await ocr({ file_store_key: await store(sideways!, 'printed-sideways.pdf'), features: ['tables'] });
    expect(turnedPage.status).toBe(200);
    expect(turnedPage.body.pages[0]).toMatchObject({ source: 'text_layer', rotation: 90 });
    expect(turnedPage.body.tables?.map(grid)).toEqual([BROWSER_TABLE]);
    // Read by OCR (forced), the same page turned the same way, every figure with its comma (the commas
    // of a column stand in a row across the sideways page, as a leader's dots would).
    const ocred = await ocr({ file_store_key: await store(sideways!, 'printed-sideways-ocr.pdf'), features: ['tables'], force_ocr: true });
    expect(ocred.body.pages[0]).toMatchObject({ source: 'ocr', rotation: 90 });
    const [read] = ocred.body.tables!.map(grid);
    expect(read!.slice(1)).toEqual(BROWSER_TABLE.slice(1));
    BROWSER_TABLE[0]!.forEach((header, j) => header.split('\n').forEach((line) => expect(read![0]![j]).toContain(line)));
  });

  it('reads the table and the pairs of a statement scanned sideways at 200 DPI in its upright frame', async () => {
    const sideways = await turned(await renderPlaced(STATEMENT, { dpi: 200 }), 90);
    const { status, body } = await ocr({ file_store_key: await store(await grayPng(sideways), 'sideways.png'), features: both });
    expect(status).toBe(200);
    expect(body.pages[0]!.width).toBeLessThan(body.pages[0]!.height); // answered upright
    expect(body.tables?.map(grid)).toEqual([STATEMENT_TABLE]);
    expect(pairs(body)).toEqual(expect.arrayContaining([['Line of Credit', '100,000.00'], ['Rate', '4.2000']]));
    // The cells are where the words stand on the upright page (200 DPI: 25/9 pixels a point): "Balance" ends at 530 pt.
    const balance = body.tables![0]!.cells.find((c) => c.text === 'Balance')!;
    expect(Math.abs(balance.bounds.bottom_right.x - (530 * 200) / 72)).toBeLessThan(12);
    expect(Math.abs(balance.bounds.bottom_right.y - (170 * 200) / 72)).toBeLessThan(12);
  });
});
