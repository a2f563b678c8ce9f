// Memory: resident memory (VmRSS, and the peak VmHWM) of every process the launcher starts, idle, then
// as OCR pages go through the HTTP API (full 2550x3300 300-DPI pages: the worst case, about 7 minutes on 2 cores), up to 200 pages;
// next to the peak memory of the native tesseract CLI reading the same page. Targets: worker-ocr
// <= 150 MB with the native engine (its tesseract processes come and go with their pages, so only the
// coordinating Node process stays), <= 500 MB with tesseract.js (its WebAssembly heaps live in-process).
// Run: npm run build && node bench/worker-memory.ts
// Sizes: BENCH_MEMORY_PAGES (default 200), BENCH_MEMORY_STEP (pages between samples, default 50),
// BENCH_OCR_WORKERS (OCR_CONCURRENCY, default: cores), BENCH_INFLIGHT (default 2 x that),
// BENCH_MEMORY_FORMAT (scan, default: full 2550x3300 300-DPI pages, about 3 s each; small: 1200x800;
// scanned-pdf: one-page PDFs of 300-DPI letter scans in black and white, JBIG2 and CCITT G4, 12 lines
// each, the load worker-pdf gets from back-office ingestion: target worker-pdf <= 200 MB after 500),
// BENCH_OCR_ENGINE (OCR_ENGINE of the service: native by default, or tesseract.js), BENCH_PDF_RENDERER
// (PDF_RENDERER of the service, default auto).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wordAccuracy } from '../test/fixtures/render-text.ts';
import { CORES, envInt, main, onCleanup, pool, procMemory, report, round, timed } from './lib/common.ts';
import { SCAN_PAGE, SMALL_PAGE, makePages, nativeOcr, pageKey, writePages } from './lib/pages.ts';
import { ccittImage } from '../test/fixtures/ccitt.ts';
import { jbig2Image, threshold } from '../test/fixtures/jbig2.ts';
import { imagePagesPdf } from '../test/fixtures/scan-pdfs.ts';
import { Failures, answerWords, startLauncher, withRetry } from './lib/stack.ts';

const log = (msg: string) => console.error(`[worker-memory] ${msg}`);

await main(async () => {
  const total = envInt('BENCH_MEMORY_PAGES', 200);
  const step = Math.max(1, envInt('BENCH_MEMORY_STEP', 50));
  const threads = envInt('BENCH_OCR_WORKERS', CORES);
  const inflight = envInt('BENCH_INFLIGHT', 2 * threads);
  const engine = process.env.BENCH_OCR_ENGINE || 'native';
  if (engine !== 'native' && engine !== 'tesseract.js') throw new Error(`BENCH_OCR_ENGINE must be native or tesseract.js (got "${engine}")`);
  const targetMb = engine === 'native' ? 150 : 500;

  const formatName = process.env.BENCH_MEMORY_FORMAT || 'scan';
  if (formatName !== 'small' && formatName !== 'scan' && formatName !== 'scanned-pdf') throw new Error(`BENCH_MEMORY_FORMAT must be small, scan or scanned-pdf (got "${formatName}")`);
  const scannedPdfs = formatName === 'scanned-pdf';
  const format = formatName === 'small' ? SMALL_PAGE : scannedPdfs ? { ...SCAN_PAGE, lines: 12 } : SCAN_PAGE;
  const pages = await makePages(4, format, formatName, 'scan');
  // What is sent: the page files, or each page as a one-page PDF scanned in black and white (JBIG2, CCITT G4).
  const documents = pages.map((page, i) => {
    if (!scannedPdfs) return { page, key: pageKey(page), bytes: page.bytes, contentType: page.contentType };
    const ink = threshold(page.gray, 140);
    const pdf = imagePagesPdf([{ widthPt: 612, heightPt: 792, images: [{ image: i % 2 === 0 ? jbig2Image(ink) : ccittImage(ink, { k: -1 }), matrix: [612, 0, 0, 792, 0, 0] }] }]);
    return { page, key: `bench/${page.name}.pdf`, bytes: pdf, contentType: 'application/pdf' };
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  writePages(pages, dir);

  // Reference: the native CLI's peak memory on each page (a process per page, so nothing accumulates).
  const native = await pool(pages, CORES, (p) => nativeOcr(p.file!, { measureRss: true }));
  const nativePeak = Math.max(...native.map((r) => r.maxRssMb ?? 0));

  log(`starting the service (launcher, OCR_ENGINE=${engine}, OCR_CONCURRENCY=${threads})`);
  const service = await startLauncher({ OCR_CONCURRENCY: String(threads), OCR_ENGINE: engine, LOG_FILE: '-', PDF_RENDERER: process.env.BENCH_PDF_RENDERER || 'auto', ...(process.env.BENCH_SERVICE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVICE_NODE_OPTIONS } : {}) });
  const { api } = service;
  const failures = new Failures();
  const children = service.children();
  const sample = () => Object.fromEntries(children.map((c) => [c.app, procMemory(c.pid)?.rssMb ?? NaN]));
  const samples: Array<{ at: string; rss: Record<string, number> }> = [{ at: 'idle', rss: sample() }];

  for (const d of documents) await api.upload(d.key, d.bytes, d.contentType);
  let done = 0;
  let hits = 0;
  let words = 0;
  const ocrRun = await timed(async () => {
    while (done < total) {
      const batch = Math.min(step, total - done);
      const results = await pool(Array.from({ length: batch }, (_, i) => documents[(done + i) % documents.length]!), inflight, async ({ page, key }) => {
        const answer = await withRetry(failures, () => api.ocr(key));
        return { page, words: answerWords(answer.body) };
      });
      for (const r of results) {
        hits += wordAccuracy(r.page.truth, r.words) * r.page.truth.length;
        words += r.page.truth.length;
      }
      done += batch;
      samples.push({ at: `${done} pages`, rss: sample() });
      log(`${done} pages, resident MB ${JSON.stringify(samples.at(-1)!.rss)}`);
    }
  });
  const peaks = Object.fromEntries(children.map((c) => [c.app, procMemory(c.pid)?.hwmMb ?? NaN]));
  await service.stop();

  const rows: Array<Record<string, string | number>> = children.map((c) => ({
    process: c.app,
    ...Object.fromEntries(samples.map((s) => [`${s.at} MB`, s.rss[c.app]!])),
    'peak MB': peaks[c.app]!,
  }));
  rows.push({ process: 'reference: native tesseract, one page', ...Object.fromEntries(samples.map((s) => [`${s.at} MB`, '-'])), 'peak MB': nativePeak });
  const ocrAfter = samples.at(-1)!.rss['worker-ocr']!;
  const pdfAfter = samples.at(-1)!.rss['worker-pdf']!;
  if (scannedPdfs) console.log(`worker-pdf after ${total} scanned PDF pages: ${pdfAfter} MB resident, peak ${peaks['worker-pdf']} MB (target <= 200 MB), PDF_RENDERER=${process.env.BENCH_PDF_RENDERER || 'auto'}`);
  console.log(
    `worker-ocr after ${total} pages: ${ocrAfter} MB resident, peak ${peaks['worker-ocr']} MB (target <= ${targetMb} MB), ${engine} engine, ${threads} pages at once; ` +
      `${round(total / (ocrRun.ms / 1000), 2)} pages/s, accuracy ${round(hits / words, 4)}`,
  );
  if (failures.count) console.log(`${failures.count} failed requests, retried: ${JSON.stringify(failures.toJSON().messages)}`);
  report(
    'worker-memory',
    rows,
    {
      pages: total,
      page: `${format.width}x${format.height}`,
      ocr_engine: engine,
      ocr_threads: threads,
      rss_mb: Object.fromEntries(children.map((c) => [c.app, Object.fromEntries(samples.map((s) => [s.at, s.rss[c.app]]))])),
      peak_mb: peaks,
      native_tesseract_peak_mb: nativePeak,
      pages_per_s: round(total / (ocrRun.ms / 1000), 3),
      accuracy: round(hits / words, 4),
      failed_requests_retried: failures.toJSON(),
      format: formatName,
      pdf_renderer: process.env.BENCH_PDF_RENDERER || 'auto',
      targets: { [`ocr_worker_rss_le_${targetMb}mb`]: ocrAfter <= targetMb, ...(scannedPdfs ? { pdf_worker_rss_le_200mb: pdfAfter <= 200 } : {}) },
    },
    ['tesseract', 'tesseract.js'],
  );
});
