// The searchable PDF of a long scanned document, as worker-pdf writes it for a job's
// result?format=pdf: time, the size it adds a page, and peak memory (VmHWM) of worker-pdf and of
// its qpdf process. The document: BENCH_SEARCHABLE_PAGES (2000: MAX_JOB_PAGES) pages of a 150-DPI
// gray JPEG scan (each page its own image object), each page's result dense (52 lines of 13 words).
// Run: npm run build && node bench/searchable-pdf.ts
import { createS3Client, ObjectStore } from '@docsvc/storage';
import { packSections } from '@docsvc/assembly';
import { PageResults } from '@docsvc/ocr-pipeline';
import { QUEUES, createRedis, openQueue, runAndWait, type PdfQueueJob, type PdfQueueResult, type SearchablePdfResult } from '@docsvc/queue';
import type { OcrPageResult, Section } from '@docsvc/schemas';
import sharp from 'sharp';
import { scannedPdf } from '../test/fixtures/pdf.ts';
import { renderLines } from '../test/fixtures/render-text.ts';
import { childProcesses, envInt, main, pool, procMemory, report, round, sleep } from './lib/common.ts';
import { startPieces } from './lib/stack.ts';

const log = (msg: string) => console.error(`[searchable-pdf] ${msg}`);

await main(async () => {
  const n = envInt('BENCH_SEARCHABLE_PAGES', 2000);
  const service = await startPieces();
  const worker = await service.startApp('worker-pdf', { PDF_CONCURRENCY: '1' });
  const store = new ObjectStore(createS3Client({ ...service.s3, S3_FORCE_PATH_STYLE: true }), service.s3.S3_BUCKET);

  // A 150-DPI letter scan: 1275 x 1650 pixels.
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i} of a scanned letter with words to read`);
  const { image } = await renderLines(lines, { width: 1275, height: 1650, fontSize: 20, lineHeight: 36 });
  const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).jpeg({ quality: 75 }).toBuffer();
  const source = scannedPdf(Array.from({ length: n }, () => ({ width: image.width, height: image.height, jpeg: { bytes: jpeg, channels: 1 as const } })), 150);
  log(`${n} pages, ${round(source.length / 1e6)} MB; storing it and ${n} page results`);
  await store.put('bench/scan.pdf', source);

  const words = (l: number) => Array.from({ length: 13 }, (_, i) => ({ text: `word${(l * 13 + i) % 97}`, x: 60 + i * 90, y: 60 + l * 30 }));
  const section: Section = {
    page: 1,
    text: '',
    lines: Array.from({ length: 52 }, (_, l) => {
      const ws = words(l).map((w) => ({ text: w.text, bounds: box(w.x, w.y, 80, 22), confidence: 0.93 }));
      return { text: ws.map((w) => w.text).join(' '), average_confidence: 0.93, bounds: box(60, 60 + l * 30, 1160, 22), words: ws };
    }),
  };
  const packed = packSections([section]);
  const results = new PageResults(store, 'bench/pages/');
  await pool(Array.from({ length: n }, (_, i) => i + 1), 16, async (p) => {
    const page: OcrPageResult = { page: p, source: 'ocr', width: 1275, height: 1650, sections: packed.map((s) => ({ ...s, page: p })), engineMs: 0, language: 'eng' };
    await results.put(page);
  });

  const redis = createRedis(service.redisUrl, 'worker');
  const queue = openQueue<PdfQueueJob, PdfQueueResult>(QUEUES.pdf, redis, service.prefix);
  let workerPeak = 0;
  let qpdfPeak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      workerPeak = Math.max(workerPeak, procMemory(worker.child.pid!)?.hwmMb ?? 0);
      for (const child of childProcesses(worker.child.pid!)) if (child.cmdline.startsWith('qpdf')) qpdfPeak = Math.max(qpdfPeak, procMemory(child.pid)?.hwmMb ?? 0);
      await sleep(50);
    }
  })();
  const idleMb = procMemory(worker.child.pid!)?.rssMb ?? NaN;
  const t0 = performance.now();
  const result = (await runAndWait(queue, 'searchable', { requestId: 'bench', sourceKey: 'bench/scan.pdf', kind: 'pdf', pageCount: n, pageRange: [1, n], pagesPrefix: 'bench/pages/', outputKey: 'bench/searchable.pdf' }, 30 * 60_000)) as SearchablePdfResult;
  const ms = performance.now() - t0;
  sampling = false;
  await sampler;
  const perPage = (result.bytes - source.length) / n;
  console.log(
    `${n} pages (${round(source.length / 1e6)} MB): searchable PDF in ${round(ms / 1000)} s (${round(ms / n, 2)} ms a page), ${round(result.bytes / 1e6)} MB, +${round(perPage)} bytes a page; ` +
      `worker-pdf peak ${workerPeak} MB (idle ${idleMb} MB), qpdf peak ${qpdfPeak} MB`,
  );
  await queue.close();
  redis.disconnect();
  report('searchable-pdf', [{ pages: n, source_mb: round(source.length / 1e6), ms: round(ms), ms_per_page: round(ms / n, 2), bytes_per_page: round(perPage), worker_peak_mb: workerPeak, worker_idle_mb: idleMb, qpdf_peak_mb: qpdfPeak }], {
    pages: n,
    ms_per_page: round(ms / n, 2),
    bytes_per_page: round(perPage),
    worker_peak_mb: workerPeak,
    qpdf_peak_mb: qpdfPeak,
  });
});

function box(x: number, y: number, w: number, h: number) {
  return { top_left: { x, y }, top_right: { x: x + w, y }, bottom_left: { x, y: y + h }, bottom_right: { x: x + w, y: y + h }, width: w, height: h };
}
