// Sharing the OCR workers between asynchronous jobs and synchronous requests (issue 12), the stack
// started by the launcher with OCR_CONCURRENCY=N:
// 1. While a long job runs (BENCH_JOB_PAGES scanned pages, 500 by default), one-page synchronous
//    requests are sent one at a time: their latency against the same request on the idle service.
//    Target: the wait a synchronous page adds is at most one page-time (it waits only for the pages
//    already in work, never for the job's queued pages).
// 2. Two API keys at once, one with 3 jobs and one with 1 job of the same document: pages read per key
//    over BENCH_FAIR_SECONDS. Target: each key gets about half, whatever its number of jobs.
// Run: npm run build && node bench/job-fairness.ts
// Sizes: BENCH_OCR_WORKERS (N, default: cores), BENCH_JOB_PAGES (500), BENCH_PROBES (8),
// BENCH_FAIR_PAGES (pages of each job in part 2, 200: none ends within the window), BENCH_FAIR_SECONDS (40).
import { scannedPdf } from '../test/fixtures/pdf.ts';
import { grayJpeg } from '../test/fixtures/scans.ts';
import { CORES, envInt, main, median, report, round, sleep } from './lib/common.ts';
import { SMALL_PAGE, makePages } from './lib/pages.ts';
import { ApiClient, startLauncher } from './lib/stack.ts';

const log = (msg: string) => console.error(`[job-fairness] ${msg}`);

await main(async () => {
  const workers = envInt('BENCH_OCR_WORKERS', CORES);
  const jobPages = envInt('BENCH_JOB_PAGES', 500);
  const probes = envInt('BENCH_PROBES', 8);
  const fairPages = envInt('BENCH_FAIR_PAGES', 200);
  const fairSeconds = envInt('BENCH_FAIR_SECONDS', 40);

  const [keyA, keyB] = ['bench-key-a-0123456789', 'bench-key-b-0123456789'];
  // A 500-page scanned PDF is larger than the default MAX_UPLOAD_BYTES (100 MB).
  const service = await startLauncher({ OCR_CONCURRENCY: String(workers), RATE_LIMIT_MAX: '0', API_KEYS: `${keyA},${keyB}`, LOG_LEVEL: 'warn', MAX_UPLOAD_BYTES: String(1024 ** 3) });
  const a = new ApiClient(service.baseUrl, keyA);
  const b = new ApiClient(service.baseUrl, keyB);

  // Small scanned pages (1200x800, about 70 words): the job's pages and the synchronous probe.
  const pages = await makePages(10, SMALL_PAGE, 'fair', 'scan');
  const pageImages = pages.map((p) => ({ width: p.gray.width, height: p.gray.height, jpeg: { bytes: p.bytes, channels: 1 as const } }));
  const pdfOf = (count: number) => scannedPdf(Array.from({ length: count }, (_, i) => pageImages[i % pageImages.length]!), 300);
  log(`documents: ${jobPages}-page and ${fairPages}-page scanned PDFs of ${SMALL_PAGE.width}x${SMALL_PAGE.height} pages`);
  await a.upload('fair/long.pdf', pdfOf(jobPages), 'application/pdf');
  for (const client of [a, b]) await client.upload('fair/short.pdf', pdfOf(fairPages), 'application/pdf');
  const probe = await grayJpeg(pages[0]!.gray);
  await a.upload('fair/probe.jpg', probe, 'image/jpeg');

  // Idle latency of the probe.
  const idle: number[] = [];
  for (let i = 0; i < probes; i++) idle.push((await a.ocr('fair/probe.jpg')).ms);
  log(`idle: one-page request ${round(median(idle))} ms (median of ${probes})`);

  // Part 1: the same probe while a long job keeps every worker busy.
  const job = await a.call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'fair/long.pdf' });
  if (job.status !== 202) throw new Error(`job not created: ${job.status} ${JSON.stringify(job.body)}`);
  const jobId = job.body.job_id as string;
  const done = async (client: ApiClient, id: string) => ((await client.ok('GET', `/v1/vision/ocr/jobs/${id}`)).body.progress as { pages_done: number }).pages_done;
  while ((await done(a, jobId)) < 2 * workers) await sleep(200);
  const busy: number[] = [];
  const t0 = performance.now();
  const done0 = await done(a, jobId);
  for (let i = 0; i < probes; i++) {
    busy.push((await a.ocr('fair/probe.jpg')).ms);
    await sleep(500);
  }
  const seconds = (performance.now() - t0) / 1000;
  const jobRate = ((await done(a, jobId)) - done0) / seconds;
  // A page-time: the probe on the idle service (the job's pages are the same kind of page).
  const pageMs = median(idle);
  await a.call('DELETE', `/v1/vision/ocr/jobs/${jobId}`);
  const waitMs = median(busy) - median(idle);
  log(`busy: one-page request ${round(median(busy))} ms (p100 ${round(Math.max(...busy))}), wait ${round(waitMs)} ms; job pace ${round(jobRate, 2)} pages/s, page-time ${round(pageMs)} ms`);

  // Part 2: key A runs 3 jobs, key B 1; pages read per key.
  await sleep(3_000); // the cancelled job's pages in work finish
  const aJobs: string[] = [];
  for (let i = 0; i < 3; i++) aJobs.push((await a.call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'fair/short.pdf' })).body.job_id as string);
  const bJob = (await b.call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'fair/short.pdf' })).body.job_id as string;
  await sleep(fairSeconds * 1000);
  const aDone = (await Promise.all(aJobs.map((id) => done(a, id)))).reduce((x, y) => x + y, 0);
  const bDone = await done(b, bJob);
  for (const id of aJobs) await a.call('DELETE', `/v1/vision/ocr/jobs/${id}`);
  await b.call('DELETE', `/v1/vision/ocr/jobs/${bJob}`);
  const bShare = bDone / Math.max(1, aDone + bDone);
  log(`in ${fairSeconds} s: key A (3 jobs) ${aDone} pages, key B (1 job) ${bDone} pages: B's share ${round(bShare * 100, 1)}%`);

  console.log(
    `one-page synchronous request: ${round(median(idle))} ms idle, ${round(median(busy))} ms beside a ${jobPages}-page job (wait ${round(waitMs)} ms, page-time ${round(pageMs)} ms); ` +
      `two keys: ${aDone} pages for 3 jobs, ${bDone} for 1 job (B ${round(bShare * 100, 1)}%)`,
  );
  report(
    'job-fairness',
    [
      { measure: 'one-page request, idle (median ms)', value: round(median(idle)) },
      { measure: `one-page request beside a ${jobPages}-page job (median ms)`, value: round(median(busy)) },
      { measure: 'its wait (ms)', value: round(waitMs) },
      { measure: 'page-time on one worker (ms)', value: round(pageMs) },
      { measure: `key A, 3 jobs: pages in ${fairSeconds} s`, value: aDone },
      { measure: `key B, 1 job: pages in ${fairSeconds} s`, value: bDone },
    ],
    {
      workers,
      job_pages: jobPages,
      idle_ms: round(median(idle)),
      busy_ms: round(median(busy)),
      busy_max_ms: round(Math.max(...busy)),
      wait_ms: round(waitMs),
      page_ms: round(pageMs),
      key_a_pages: aDone,
      key_b_pages: bDone,
      key_b_share: round(bShare, 3),
      targets: { wait_le_one_page_time: waitMs <= pageMs, key_b_share_ge_0_4: bShare >= 0.4 },
    },
    ['tesseract'],
  );
  await service.stop();
});
