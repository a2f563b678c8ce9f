// OCR throughput: pages/second through the HTTP API (stack started as `npm start` starts it, one
// worker-ocr with OCR_CONCURRENCY=N), with each OCR engine, against the native tesseract CLI (N
// single-threaded processes in parallel) on the same scanned-looking 300-DPI pages (gray JPEG, as
// scanners write them); word accuracy of all. The service runs as users run it: no options, so
// language 'auto' and orientation detection are in the figures.
// Run: npm run build && node bench/ocr-throughput.ts
// Sizes: BENCH_OCR_WORKERS (N, default: cores), BENCH_PAGES (default 8 x N: on a shared 2-core machine
// the native runs alone vary by 10-20% over 8 pages), BENCH_INFLIGHT (requests in flight, default
// 2 x N), BENCH_PROBES (one-at-a-time requests to see per-page overhead, default 2),
// BENCH_OCR_ENGINES (default "native,tesseract.js"), BENCH_PAGE_STYLE (scan, clean PNG renders, or
// bilevel-png / bilevel-tiff: the scan pages thresholded to 1-bit PNG or CCITT G4 TIFF files, as
// black-and-white scanners write them).
// The tesseract.js engine is also compared with bare tesseract.js (N createWorker workers in one
// process, the same pages, words with boxes): WebAssembly tesseract is slower than the binary
// whatever the service does, so its own reference is the engine run bare.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PSM, createWorker } from 'tesseract.js';
import { CORES, TESSDATA, envInt, main, mean, median, onCleanup, percentile, pool, procCpu, procMemory, report, round, timed } from './lib/common.ts';
import { SCAN_PAGE, makePages, nativeOcr, pageKey, pooledAccuracy, writePages, type Page } from './lib/pages.ts';
import { Failures, answerWords, readLogEntries, startLauncher, withRetry } from './lib/stack.ts';
import { asBilevel, bilevelStyle } from './lib/bilevel-pages.ts';

const log = (msg: string) => console.error(`[ocr-throughput] ${msg}`);

/**
 * Bare tesseract.js: `n` workers in this process reading the pages (English, words with boxes), with
 * automatic page segmentation as the tesseract command and the service use (tesseract's library
 * default, which tesseract.js keeps, is one uniform block: less work, and columns read across).
 */
async function bareTesseractJs(pages: Page[], n: number): Promise<{ ms: number; perPageMs: number[]; words: string[][] }> {
  const workers = await Promise.all(Array.from({ length: n }, () => createWorker('eng', 1, { langPath: TESSDATA, gzip: false, cacheMethod: 'none' })));
  try {
    await Promise.all(workers.map((w) => w.setParameters({ tessedit_pageseg_mode: PSM.AUTO })));
    await Promise.all(workers.map((w) => w.recognize(pages[0]!.bytes))); // untimed warm-up: each heap grows once
    const free = [...workers];
    const perPageMs: number[] = [];
    const run = await timed(() =>
      pool(pages, n, async (page) => {
        const worker = free.pop()!;
        try {
          const t0 = performance.now();
          const { data } = await worker.recognize(page.bytes, {}, { blocks: true });
          perPageMs.push(performance.now() - t0);
          return (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
        } finally {
          free.push(worker);
        }
      }),
    );
    return { ms: run.ms, perPageMs, words: run.value };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

await main(async () => {
  const n = envInt('BENCH_OCR_WORKERS', CORES);
  const count = envInt('BENCH_PAGES', 8 * n);
  const inflight = envInt('BENCH_INFLIGHT', 2 * n);
  const probes = envInt('BENCH_PROBES', 2);

  log(`rendering ${count} pages of ${SCAN_PAGE.width}x${SCAN_PAGE.height} (300 DPI)`);
  const bilevel = bilevelStyle();
  const pages = bilevel ? await asBilevel(await makePages(count, SCAN_PAGE, 'page', 'scan'), bilevel) : await makePages(count, SCAN_PAGE);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ocr-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  writePages(pages, dir);
  const words = pages.reduce((sum, p) => sum + p.truth.length, 0);

  // Reference: N tesseract processes in parallel, each single-threaded.
  log(`native tesseract, ${n} processes in parallel`);
  await nativeOcr(pages[0]!.file!); // untimed: traineddata into the page cache
  // Run before the services and again after them; the reference is the mean of the two, so that a
  // machine that slows down or speeds up during the benchmark does not favour one side.
  const nativeBefore = await timed(() => pool(pages, n, (page) => nativeOcr(page.file!)));
  const nativeRuns = [nativeBefore];
  const native = nativeBefore;
  const nativeAccuracy = pooledAccuracy(pages, native.value.map((r) => r.words));
  let nativePerS = count / (nativeBefore.ms / 1000);

  const engines = (process.env.BENCH_OCR_ENGINES ?? 'native,tesseract.js').split(',').map((e) => e.trim()).filter(Boolean);
  const runs: Array<Record<string, unknown>> = [];
  const rows: Array<Record<string, string | number>> = [];
  const nativeMs = native.value.map((r) => r.ms);
  rows.push({
    reader: 'native tesseract CLI',
    parallel: n,
    pages: count,
    seconds: round(native.ms / 1000, 2),
    pages_per_s: round(nativePerS, 3),
    ms_per_page_each: round(mean(nativeMs)),
    accuracy: round(nativeAccuracy, 4),
    ratio: 1,
  });

  let bareJs: Awaited<ReturnType<typeof bareTesseractJs>> | undefined;
  if (engines.includes('tesseract.js')) {
    log(`bare tesseract.js, ${n} workers in one process`);
    bareJs = await bareTesseractJs(pages, n);
    rows.push({
      reader: 'bare tesseract.js (createWorker)',
      parallel: n,
      pages: count,
      seconds: round(bareJs.ms / 1000, 2),
      pages_per_s: round(count / (bareJs.ms / 1000), 3),
      ms_per_page_each: round(mean(bareJs.perPageMs)),
      accuracy: round(pooledAccuracy(pages, bareJs.words), 4),
      ratio: NaN,
    });
  }
  const referenceRows = rows.length;

  for (const engine of engines) {
    // The service, as `npm start` starts it, with N OCR processes or threads.
    log(`starting the service (launcher, OCR_ENGINE=${engine}, OCR_CONCURRENCY=${n})`);
    const service = await startLauncher({ OCR_CONCURRENCY: String(n), OCR_ENGINE: engine, LOG_FILE: '-' /* every process's log lines in the file the bench reads */ });
    const { api } = service;
    const failures = new Failures();
    const ocr = (key: string) => withRetry(failures, () => api.ocr(key));
    const uploads = await timed(() => pool(pages, n, (page) => api.upload(pageKey(page), page.bytes, page.contentType)));
    // Untimed warm-up: one page on every thread (the first big page grows each tesseract.js heap).
    await Promise.all(Array.from({ length: n }, () => ocr(pageKey(pages[0]!))));
    log(`service (${engine}): ${count} pages, ${inflight} requests in flight`);
    const cpuBefore = service.children().map((c) => ({ app: c.app, cpu: procCpu(c.pid) }));
    const run = await timed(() => pool(pages, inflight, (page) => ocr(pageKey(page))));
    // CPU each process spent a page during the run (worker-ocr: its own, and its tesseract processes').
    const cpuPerPage: Record<string, number> = {};
    for (const { app, cpu } of cpuBefore) {
      const after = procCpu(service.children().find((c) => c.app === app)!.pid);
      if (!cpu || !after) continue;
      cpuPerPage[app] = round((after.selfMs - cpu.selfMs) / count);
      if (after.childrenMs > cpu.childrenMs) cpuPerPage[`${app} children`] = round((after.childrenMs - cpu.childrenMs) / count);
    }
    const servicePerS = count / (run.ms / 1000);
    const serviceAccuracy = pooledAccuracy(pages, run.value.map((a) => answerWords(a.body)));
    const latencies = run.value.map((a) => a.ms);

    // One request at a time: what a page costs beyond recognition (queue, prepare, S3, decode, assembly).
    const probeAnswers = [];
    for (let i = 0; i < probes; i++) probeAnswers.push(await ocr(pageKey(pages[i % count]!)));
    const rssAfter = Object.fromEntries(service.children().map((c) => [c.app, procMemory(c.pid)?.rssMb ?? NaN]));
    const entries = readLogEntries(service.logFile);
    await service.stop();

    const recognised = (logId: unknown) => entries.find((e) => e.log_id === logId && e.msg === 'page recognised');
    const engineMs = run.value.map((a) => recognised(a.body.log_id)?.engine_ms).filter((ms): ms is number => typeof ms === 'number');
    const passes = run.value.map((a) => recognised(a.body.log_id)?.passes).filter((p): p is number => typeof p === 'number');
    // What the engine was handed: the file as it is ('original png'), or pixels decoded here (and why).
    const handed = run.value.map((a) => String(recognised(a.body.log_id)?.from ?? '?')).reduce<Record<string, number>>((m, f) => ({ ...m, [f]: (m[f] ?? 0) + 1 }), {});
    const probeRows = probeAnswers.map((a) => ({ latency: a.ms, engine: (recognised(a.body.log_id)?.engine_ms as number | undefined) ?? NaN }));
    const busy = engineMs.reduce((a, b) => a + b, 0) / (n * run.ms);
    const ratio = servicePerS / nativePerS;
    rows.push({
      reader: `service (HTTP API), ${engine}`,
      parallel: n,
      pages: count,
      seconds: round(run.ms / 1000, 2),
      pages_per_s: round(servicePerS, 3),
      ms_per_page_each: round(mean(engineMs)),
      accuracy: round(serviceAccuracy, 4),
      ratio: round(ratio, 3),
    });
    console.log(`${engine}: service/native (first native run) throughput ${round(ratio, 3)}; engine busy ${round(busy * 100)}% of the run; recognitions a page: ${JSON.stringify(passes.reduce<Record<number, number>>((m, p) => ({ ...m, [p]: (m[p] ?? 0) + 1 }), {}))}`);
    console.log(`${engine}: what the engine was handed: ${JSON.stringify(handed)}`);
    console.log(`${engine}: uploads ${round(uploads.ms / count)} ms a page (${n} at once), request latency p50 ${round(median(latencies))} ms p95 ${round(percentile(latencies, 95))} ms under load`);
    if (failures.count) console.log(`${engine}: ${failures.count} failed requests, retried (counted in the time): ${JSON.stringify(failures.toJSON().messages)}`);
    console.log(`${engine}: resident memory after the run (MB): ${JSON.stringify(rssAfter)}`);
    console.log(`${engine}: CPU ms a page by process: ${JSON.stringify(cpuPerPage)}`);
    for (const p of probeRows) console.log(`${engine}: one request alone: ${round(p.latency)} ms, of which recognition ${p.engine} ms, the rest ${round(p.latency - p.engine)} ms`);
    runs.push({
      engine,
      pages_per_s: round(servicePerS, 4),
      seconds: round(run.ms / 1000, 2),
      engine_ms_per_page: round(median(engineMs)),
      engine_busy: round(busy, 3),
      recognitions_per_page: round(mean(passes), 3),
      engine_handed: handed,
      latency_p50_ms: round(median(latencies)),
      latency_p95_ms: round(percentile(latencies, 95)),
      upload_ms_per_page: round(uploads.ms / count),
      accuracy: round(serviceAccuracy, 4),
      alone: probeRows.map((p) => ({ latency_ms: round(p.latency), engine_ms: p.engine })),
      failed_requests_retried: failures.toJSON(),
      rss_mb_after: rssAfter,
      cpu_ms_per_page: cpuPerPage,
      ratio: round(ratio, 4),
    });
  }
  log('native tesseract again');
  nativeRuns.push(await timed(() => pool(pages, n, (page) => nativeOcr(page.file!))));
  if (bareJs) {
    // Bare tesseract.js again, for the same reason: its reference is the mean of both runs.
    log('bare tesseract.js again');
    const again = await bareTesseractJs(pages, n);
    bareJs = { ms: (bareJs.ms + again.ms) / 2, perPageMs: [...bareJs.perPageMs, ...again.perPageMs], words: bareJs.words };
    rows[1]!.seconds = `${rows[1]!.seconds} / ${round(again.ms / 1000, 2)}`;
    rows[1]!.pages_per_s = round(count / (bareJs.ms / 1000), 3);
    rows[1]!.ms_per_page_each = round(mean(bareJs.perPageMs));
  }
  nativePerS = count / (mean(nativeRuns.map((r) => r.ms)) / 1000);
  // Ratios against the mean of both native runs.
  for (const [i, r] of runs.entries()) {
    r.ratio = round((r.pages_per_s as number) / nativePerS, 4);
    rows[i + referenceRows]!.ratio = round(r.ratio as number, 3);
    if (r.engine === 'tesseract.js' && bareJs) {
      r.bare_tesseract_js_pages_per_s = round(count / (bareJs.ms / 1000), 4);
      r.ratio_to_bare_engine = round((r.pages_per_s as number) / (count / (bareJs.ms / 1000)), 4);
    }
  }
  if (bareJs) rows[1]!.ratio = round(count / (bareJs.ms / 1000) / nativePerS, 3);
  rows[0]!.pages_per_s = round(nativePerS, 3);
  rows[0]!.seconds = nativeRuns.map((r) => round(r.ms / 1000, 2)).join(' / ');
  console.log(`native tesseract: ${nativeRuns.map((r) => round(count / (r.ms / 1000), 3)).join(' then ')} pages/s (mean ${round(nativePerS, 3)}); ratios: ${runs.map((r) => `${r.engine} ${r.ratio}`).join(', ')}`);
  const nativeRun = runs.find((r) => r.engine === 'native');
  const jsRun = runs.find((r) => r.engine === 'tesseract.js');
  if (jsRun?.ratio_to_bare_engine !== undefined) console.log(`tesseract.js: service/bare tesseract.js throughput ${jsRun.ratio_to_bare_engine}`);

  report(
    'ocr-throughput',
    rows,
    {
      workers: n,
      pages: count,
      words,
      page: `${SCAN_PAGE.width}x${SCAN_PAGE.height}`,
      style: bilevel ?? (pages[0]!.ext === 'jpg' ? 'scan (gray JPEG)' : 'clean (PNG)'),
      inflight,
      ...(bareJs ? { bare_tesseract_js: { pages_per_s: round(count / (bareJs.ms / 1000), 4), ms_per_page: round(median(bareJs.perPageMs)), accuracy: round(pooledAccuracy(pages, bareJs.words), 4) } } : {}),
      native: { pages_per_s: round(nativePerS, 4), seconds: nativeRuns.map((r) => round(r.ms / 1000, 2)), ms_per_page: round(median(nativeMs)), accuracy: round(nativeAccuracy, 4) },
      services: runs,
      targets: nativeRun
        ? {
            native_ratio_ge_0_95: (nativeRun.ratio as number) >= 0.95,
            ...(jsRun?.ratio_to_bare_engine !== undefined ? { tesseract_js_ratio_to_bare_ge_0_95: (jsRun.ratio_to_bare_engine as number) >= 0.95 } : {}),
            accuracy_not_below_native: runs.every((r) => (r.accuracy as number) >= round(nativeAccuracy, 4)),
          }
        : {},
    },
    ['tesseract', 'tesseract.js'],
  );
});
