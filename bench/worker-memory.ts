// Memory: resident memory (VmRSS, and the peak VmHWM) of every process the launcher starts, idle, then
// as OCR pages go through the HTTP API (full 2550x3300 300-DPI pages: the worst case, about 7 minutes on 2 cores), up to 200 pages;
// next to the peak memory of the native tesseract CLI reading the same page. Targets: worker-ocr
// <= 150 MB with the native engine (its tesseract processes come and go with their pages, so only the
// coordinating Node process stays), <= 500 MB with tesseract.js (its WebAssembly heaps live in-process).
// Run: npm run build && node bench/worker-memory.ts
// Sizes: BENCH_MEMORY_PAGES (default 200), BENCH_MEMORY_STEP (pages between samples, default 50),
// BENCH_OCR_WORKERS (OCR_CONCURRENCY, default: cores), BENCH_INFLIGHT (default 2 x that),
// BENCH_MEMORY_FORMAT (scan, default: full 2550x3300 300-DPI pages, about 3 s each; or small: 1200x800),
// BENCH_OCR_ENGINE (OCR_ENGINE of the service: native by default, or tesseract.js).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wordAccuracy } from '../test/fixtures/render-text.ts';
import { CORES, envInt, main, onCleanup, pool, procMemory, report, round, timed } from './lib/common.ts';
import { SCAN_PAGE, SMALL_PAGE, makePages, nativeOcr, pageKey, writePages } from './lib/pages.ts';
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
  if (formatName !== 'small' && formatName !== 'scan') throw new Error(`BENCH_MEMORY_FORMAT must be small or scan (got "${formatName}")`);
  const format = formatName === 'scan' ? SCAN_PAGE : SMALL_PAGE;
  const pages = await makePages(4, format, formatName);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  writePages(pages, dir);

  // Reference: the native CLI's peak memory on each page (a process per page, so nothing accumulates).
  const native = await pool(pages, CORES, (p) => nativeOcr(p.file!, { measureRss: true }));
  const nativePeak = Math.max(...native.map((r) => r.maxRssMb ?? 0));

  log(`starting the service (launcher, OCR_ENGINE=${engine}, OCR_CONCURRENCY=${threads})`);
  const service = await startLauncher({ OCR_CONCURRENCY: String(threads), OCR_ENGINE: engine });
  const { api } = service;
  const failures = new Failures();
  const children = service.children();
  const sample = () => Object.fromEntries(children.map((c) => [c.app, procMemory(c.pid)?.rssMb ?? NaN]));
  const samples: Array<{ at: string; rss: Record<string, number> }> = [{ at: 'idle', rss: sample() }];

  for (const page of pages) await api.upload(pageKey(page), page.bytes, page.contentType);
  let done = 0;
  let hits = 0;
  let words = 0;
  const ocrRun = await timed(async () => {
    while (done < total) {
      const batch = Math.min(step, total - done);
      const results = await pool(Array.from({ length: batch }, (_, i) => pages[(done + i) % pages.length]!), inflight, async (page) => {
        const answer = await withRetry(failures, () => api.ocr(pageKey(page)));
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
      targets: { [`ocr_worker_rss_le_${targetMb}mb`]: ocrAfter <= targetMb },
    },
    ['tesseract', 'tesseract.js'],
  );
});
