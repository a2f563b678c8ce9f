// Table structure on real PDFs (../shared/data/tables-dev: Tabula's test documents with the CSV its
// tests expect), by the ICDAR 2013 structure measure, against the targets (born-digital F1 >= 0.90,
// scans >= 0.80). Born-digital: the words of the text layer and the lines the page draws, as worker-pdf
// reads them. Scans: the same pages rendered at BENCH_TABLES_SCAN_DPI (300) in gray, read as
// worker-ocr reads a page (readPage, what it missed read again, its sections, the lines found in
// its pixels). Run: npm run bench -- tables (BENCH_TABLES_DIR: another folder of NAME.pdf + NAME.csv;
// BENCH_TABLES_DIR=government: the synthetic government tables of lib/government-tables.ts; BENCH_TABLES_DIR=html: the same
// tables set in HTML and printed to PDF by Chromium (lib/html-tables.ts); BENCH_TABLES_DIR=spreadsheet: set in spreadsheets and printed by LibreOffice Calc (lib/spreadsheet-tables.ts, needs soffice); BENCH_TABLES_SCANS=0: born-digital only; BENCH_TABLES_SCAN_DPI: the scans' resolution;
// BENCH_TABLES_READ_AGAIN=0: without reading again what the reading missed, to compare; BENCH_TABLES_ODD=0: the ink left
// unread read again, not the figures that read unlike their column; BENCH_TABLES_FIND_TABLES=1: scans whose grid was taken off read with tesseract's own table finding too; BENCH_TABLES_SKEW: the scans turned so many degrees; BENCH_TABLES_SCANNER=1: with a scanner's blur, gray paper and noise; BENCH_TABLES_LEVEL=0: not levelled before their lines are looked for; BENCH_TABLES_QUIET=2: noisy scans quietened as worker-ocr's OCR_QUIET_NOISE=2 does; BENCH_TABLES_DEBUG=1: per page; BENCH_TABLES_DEBUG=grid: the scans' tables too).
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { assembleSections, packSections, pageStructureOf } from '@docsvc/assembly';
import { rasterizePdfPage, readPdfPageForOcr } from '@docsvc/documents';
import { quietScan } from '@docsvc/image';
import { oddFigures, pageStructure, takeLinesOff, turnBoxes, type LayoutWord } from '@docsvc/layout';
import { createOcrEngine, firstModel, levelledForLines, rawPage, readAgain, readingAheadOf, readPage, type EnginePage, type OcrEngine } from '@docsvc/ocr-engine';
import { ROOT, main, report, round } from './lib/common.ts';
import { writeGovernmentTables } from './lib/government-tables.ts';
import { writeHtmlTables } from './lib/html-tables.ts';
import { writeSpreadsheetTables } from './lib/spreadsheet-tables.ts';
import { askew, asScanned } from '../test/fixtures/scans.ts';
import { gridOf, relationsOf, scoreRelations } from './lib/table-structure.ts';

// `government`: the tables of bench/lib/government-tables.ts, written to a temporary folder first;
// `html`: the same tables printed by Chromium.
const DIR =
  process.env.BENCH_TABLES_DIR === 'government' ? await generated('government', writeGovernmentTables)
  : process.env.BENCH_TABLES_DIR === 'html' ? await generated('html', writeHtmlTables)
  : process.env.BENCH_TABLES_DIR === 'spreadsheet' ? await generated('spreadsheet', writeSpreadsheetTables)
  : process.env.BENCH_TABLES_DIR || path.join(ROOT, '..', 'shared', 'data', 'tables-dev');
const DPI = 150;
const SCAN_DPI = Number(process.env.BENCH_TABLES_SCAN_DPI || 300);
/** Scans turned this many degrees clockwise (a sheet askew on the glass); 0: square. */
const SKEW = Number(process.env.BENCH_TABLES_SKEW || 0);
/** PDF_DPI's default: the service renders a page whose text layer it refuses at this resolution. */
const SERVICE_DPI = 250;
const SCANS = process.env.BENCH_TABLES_SCANS !== '0';
const READ_AGAIN = process.env.BENCH_TABLES_READ_AGAIN !== '0';
const ODD = process.env.BENCH_TABLES_ODD !== '0';
/** BENCH_TABLES_FIND_TABLES=1: scans whose ruled grid was taken off read with tesseract's own table finding, as before worker-ocr turned it off for them. */
const FIND_TABLES = process.env.BENCH_TABLES_FIND_TABLES === '1';
/** BENCH_TABLES_SCANNER=1: scans with a scanner's blur, gray paper and ink and sensor noise (asScanned), not clean renders. */
const SCANNER = process.env.BENCH_TABLES_SCANNER === '1';
/** BENCH_TABLES_LEVEL=0: scans askew read as they lie, their lines looked for without levelling them first. */
const LEVEL = process.env.BENCH_TABLES_LEVEL !== '0';
/** BENCH_TABLES_QUIET=N: scans whose paper noise is N or more quietened first, as worker-ocr's OCR_QUIET_NOISE=N does (default 0: never, as worker-ocr's default). */
const QUIET_NOISE = Number(process.env.BENCH_TABLES_QUIET || 0);
const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 };

await main(async () => {
  if (!existsSync(DIR)) {
    console.log(`tables: no ${DIR}; nothing to measure`);
    return;
  }
  const names = readdirSync(DIR).filter((f) => f.endsWith('.pdf') && existsSync(path.join(DIR, f.replace(/\.pdf$/, '.csv')))).sort();
  const rows: Array<Record<string, unknown>> = [];
  const all = { found: [] as string[], expected: [] as string[] };
  let ms = 0;
  let pagesRead = 0;
  /** Pages whose text layer the service does not use (it reads them by OCR), and the engine that reads them here. */
  const refused: string[] = [];
  let pageEngine: OcrEngine | undefined;
  /** The pages the expected CSVs cover (as found above), read again as scans. */
  const counted: Array<{ name: string; bytes: Uint8Array; page: number; expected: string[] }> = [];
  for (const name of names) {
    const bytes = new Uint8Array(readFileSync(path.join(DIR, name)));
    const expectedGrid = parse(readFileSync(path.join(DIR, name.replace(/\.pdf$/, '.csv')), 'utf8'), { relax_column_count: true }) as string[][];
    const expected = relationsOf(expectedGrid);
    const found: string[] = [];
    let tables = 0;
    let pagesWithTables = 0;
    for (let page = 1; ; page++) {
      let read;
      try {
        read = await readPdfPageForOcr(bytes, page, { dpi: DPI, limits });
      } catch (err) {
        if (err instanceof RangeError) break;
        throw err;
      }
      if (read.source !== 'text_layer') {
        // The service reads such a page (a table set sideways, text without a Unicode mapping) by OCR
        // of its render at PDF_DPI: so does this figure.
        refused.push(`${name} p${page} (${read.refusal ?? read.source})`);
        pageEngine ??= await createOcrEngine({ concurrency: 1 });
        const scan = await readAsScan(pageEngine, bytes, page, SERVICE_DPI);
        if (!scan.relations.length) continue;
        tables += 1;
        pagesWithTables++;
        found.push(...scan.relations);
        counted.push({ name, bytes, page, expected });
        continue;
      }
      const words: LayoutWord[] = read.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => ({ text: w.text, box: w.bbox, confidence: w.confidence })))));
      const t0 = performance.now();
      const structure = pageStructure({ width: read.width, height: read.height, words, rulings: read.rulings });
      ms += performance.now() - t0;
      pagesRead++;
      const onPage = structure.tables.flatMap((table) => relationsOf(gridOf(table)));
      // Tabula's expected CSVs cover the pages its tests read (schools and Publication_...: page 1 of
      // 5): a page whose relations are mostly not expected is another page, left out rather than
      // counted against precision. Pages the CSV does cover count whatever we found on them.
      const alone = scoreRelations(onPage, expected);
      if (process.env.BENCH_TABLES_DEBUG) console.log(name, page, JSON.stringify(alone));
      if (onPage.length && alone.precision < 0.5) continue;
      tables += structure.tables.length;
      if (onPage.length) pagesWithTables++;
      found.push(...onPage);
      counted.push({ name, bytes, page, expected });
    }
    const score = scoreRelations(found, expected);
    all.found.push(...found);
    all.expected.push(...expected);
    rows.push({ document: name.replace(/\.pdf$/, ''), pages: pagesWithTables, tables, relations: `${score.correct}/${score.found} of ${score.expected}`, precision: round(score.precision, 3), recall: round(score.recall, 3), f1: round(score.f1, 3) });
  }
  await pageEngine?.close();
  const overall = scoreRelations(all.found, all.expected);
  const meanF1 = rows.reduce((s, r) => s + Number(r.f1), 0) / Math.max(1, rows.length);
  rows.push({ document: '(all relations)', precision: round(overall.precision, 3), recall: round(overall.recall, 3), f1: round(overall.f1, 3) });
  console.log(`born-digital: structure F1 ${round(overall.f1, 3)} over all relations, ${round(meanF1, 3)} mean of documents (target >= 0.90); layout ${round(ms / Math.max(1, pagesRead), 1)} ms a page (target <= 50)`);
  console.log(`pages read by OCR at ${SERVICE_DPI} DPI, as the service reads them, their text layer refused: ${refused.length ? refused.join(', ') : 'none'}`);
  const scans = SCANS ? await scanned(counted) : undefined;
  report(
    'tables',
    [...rows, ...(scans?.rows ?? [])],
    {
      documents: names.length,
      born_digital: { f1: round(overall.f1, 3), mean_document_f1: round(meanF1, 3), precision: round(overall.precision, 3), recall: round(overall.recall, 3), target: 0.9 },
      layout_ms_per_page: round(ms / Math.max(1, pagesRead), 1),
      pages_without_text_layer: refused.length,
      ...(scans ? { scans: scans.figures } : {}),
    },
    ['pdfjs', 'tesseract'],
  );
});

/**
 * A page rendered gray at `dpi` and read as worker-ocr reads it: its lines taken off before OCR and
 * given back to the layout after, the ink the reading left unread looked for and read again. The
 * relations of its tables, and the time each step took.
 */
async function readAsScan(engine: OcrEngine, bytes: Uint8Array, page: number, dpi: number, skew = 0) {
  const { image: rendered } = await rasterizePdfPage(bytes, page, { dpi, limits });
  const turnedImage = skew ? await askew(rendered, skew) : rendered;
  const image = SCANNER ? await asScanned(turnedImage) : turnedImage;
  const t0 = performance.now();
  // As worker-ocr: a page askew levelled first (BENCH_TABLES_LEVEL=0: not).
  const level = LEVEL ? levelledForLines({ ...image, channels: 1 }) : { image: { ...image, channels: 1 as const }, skew: 0 };
  const { rulings, erased, gridErased } = takeLinesOff(level.image, { inPlace: true, stepped: level.skew !== 0 });
  // As worker-ocr with OCR_QUIET_NOISE: a noisy scan quietened, its ink black and its paper white.
  if (QUIET_NOISE > 0) quietScan(erased ?? level.image, { minNoise: QUIET_NOISE, inPlace: true });
  const t1 = performance.now();
  // As worker-ocr: the recognition that reads again what the reading missed starts with it, and loads its model meanwhile.
  const ahead = READ_AGAIN ? readingAheadOf(engine, { language: firstModel('auto', engine.languages), dpi }) : undefined;
  const read = await readPage(engine, rawPage(erased ?? level.image), { language: 'auto', dpi, ...(ahead ? { onReading: ahead.onReading } : {}), ...(gridErased && !FIND_TABLES ? { findTables: false } : {}) }).catch(async (err: unknown) => {
    await ahead?.cancel();
    throw err;
  });
  const t2 = performance.now();
  const turned = read.skew === 0 ? turnBoxes(rulings, read.rotation, image.width, image.height) : [];
  const structureOf = (from: EnginePage) => pageStructureOf({ width: read.image.width, height: read.image.height, sections: packSections(assembleSections(from, page, { layout: true })) }, turned);
  // What the reading missed read again as worker-ocr does: the ink it left unread and, found in the
  // first structure, the figures that read unlike their column (BENCH_TABLES_ODD=0: not), in one
  // recognition. Looking and the structures are structure; the recognition is recognition.
  let first: { from: EnginePage; structure: ReturnType<typeof structureOf>; ms: number } | undefined;
  const cellsOf = (from: EnginePage) => {
    const t = performance.now();
    first = { from, structure: structureOf(from), ms: performance.now() - t };
    return ODD ? first.structure.tables.flatMap(oddFigures) : [];
  };
  const again = ahead ? await readAgain(engine, read.image, read.page, { dpi, cellsOf, ahead: ahead.current }) : undefined;
  const rereadMs = again && again.engineMs > 0 ? performance.now() - t2 - again.lookMs - (first?.ms ?? 0) : 0;
  const t3 = performance.now();
  const final = again?.page ?? read.page;
  const structure = first?.from === final ? first.structure : structureOf(final);
  const layoutMs = performance.now() - t3 + (first?.ms ?? 0);
  const grids = structure.tables.map(gridOf);
  return {
    relations: grids.flatMap(relationsOf),
    grids,
    again,
    linesMs: t1 - t0,
    ocrMs: t2 - t1,
    rereadMs,
    structureMs: t1 - t0 + (again?.lookMs ?? 0) + layoutMs,
    layoutMs,
  };
}

/** The counted pages as gray scans at SCAN_DPI, recognised and laid out as worker-ocr does. */
async function scanned(pages: Array<{ name: string; bytes: Uint8Array; page: number; expected: string[] }>) {
  const engine = await createOcrEngine({ concurrency: 1 });
  const byDoc = new Map<string, { found: string[]; expected: string[] }>();
  let structureMs = 0;
  let ocrMs = 0;
  /** What was read again (one recognition a page, where there was any), and the pages that had it. */
  const again = { regions: 0, words: 0, marks: 0, cells: 0, replaced: 0, ms: 0, pages: 0, pagesOcrMs: 0 };
  try {
    for (const { name, bytes, page, expected } of pages) {
      const scan = await readAsScan(engine, bytes, page, SCAN_DPI, SKEW);
      if (scan.again) {
        again.regions += scan.again.regions;
        again.words += scan.again.words;
        again.marks += scan.again.marks;
        again.cells += scan.again.cells.read;
        again.replaced += scan.again.cells.replaced;
      }
      if (scan.rereadMs > 0) {
        again.ms += scan.rereadMs;
        again.pages += 1;
        again.pagesOcrMs += scan.ocrMs;
      }
      structureMs += scan.structureMs;
      if (process.env.BENCH_TABLES_DEBUG) console.log(name, page, `lines ${Math.round(scan.linesMs)} ms, ocr ${Math.round(scan.ocrMs)} ms, read again ${scan.again?.regions ?? 0} regions ${scan.again?.words ?? 0} words ${scan.again?.cells.read ?? 0} cells (${scan.again?.cells.replaced ?? 0} replaced): look ${scan.again?.lookMs ?? 0} ms, recognition ${Math.round(scan.rereadMs)} ms (engine ${scan.again?.engineMs ?? 0}), layout ${Math.round(scan.layoutMs)} ms`);
      if (process.env.BENCH_TABLES_DEBUG === 'grid') for (const grid of scan.grids) console.log(grid.map((row) => row.map((c) => c ?? '').join(' | ')).join('\n'), '\n');
      ocrMs += scan.ocrMs;
      const doc = byDoc.get(name) ?? { found: [], expected };
      doc.found.push(...scan.relations);
      byDoc.set(name, doc);
    }
  } finally {
    await engine.close();
  }
  const rows: Array<Record<string, unknown>> = [];
  const all = { found: [] as string[], expected: [] as string[] };
  for (const [name, doc] of byDoc) {
    const score = scoreRelations(doc.found, doc.expected);
    all.found.push(...doc.found);
    all.expected.push(...doc.expected);
    rows.push({ document: `scan ${SCAN_DPI} dpi: ${name.replace(/\.pdf$/, '')}`, relations: `${score.correct}/${score.found} of ${score.expected}`, precision: round(score.precision, 3), recall: round(score.recall, 3), f1: round(score.f1, 3) });
  }
  const overall = scoreRelations(all.found, all.expected);
  const meanF1 = rows.reduce((s, r) => s + Number(r.f1), 0) / Math.max(1, rows.length);
  rows.push({ document: `scan ${SCAN_DPI} dpi: (all relations)`, precision: round(overall.precision, 3), recall: round(overall.recall, 3), f1: round(overall.f1, 3) });
  const share = structureMs / Math.max(1, ocrMs);
  const rereadShare = again.ms / Math.max(1, again.pagesOcrMs);
  console.log(`scans at ${SCAN_DPI} DPI${SKEW ? `, turned ${SKEW} degrees` : ''}: structure F1 ${round(overall.f1, 3)} over all relations, ${round(meanF1, 3)} mean of documents (target >= 0.80); structure (lines found and taken off, layout, the look for ink left unread) ${round(structureMs / Math.max(1, pages.length))} ms a page = ${round(share * 100, 1)}% of its OCR time (target <= 5%)`);
  console.log(`read again (ink left unread and figures read unlike their column, one recognition) on ${again.pages} of ${pages.length} pages (${again.regions} regions, ${again.words} words, ${again.marks} raised footnote marks, ${again.cells} cells of which ${again.replaced} replaced): ${round(again.ms / Math.max(1, again.pages))} ms a page, ${round(rereadShare * 100, 1)}% of those pages' OCR time; structure and reading again together ${round(((structureMs + again.ms) / Math.max(1, ocrMs)) * 100, 1)}%`);
  return { rows, figures: { dpi: SCAN_DPI, f1: round(overall.f1, 3), mean_document_f1: round(meanF1, 3), precision: round(overall.precision, 3), recall: round(overall.recall, 3), target: 0.8, structure_ms_per_page: round(structureMs / Math.max(1, pages.length)), share_of_ocr_time: round(share, 3), read_again: { pages: again.pages, regions: again.regions, words: again.words, marks: again.marks, cells: again.cells, replaced: again.replaced, ms_per_page: round(again.ms / Math.max(1, again.pages)), share_of_their_ocr_time: round(rereadShare, 3) } } };
}

async function generated(kind: string, write: (dir: string) => unknown): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), `${kind}-tables-`));
  await write(dir);
  return dir;
}
