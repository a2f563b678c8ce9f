import type { PrepareJob, RasterJob } from '@docsvc/queue';
import { runWorker } from '@docsvc/worker-runtime';
import { pdfWorkerConfig as config } from './config.js';

/**
 * Document work that needs no OCR engine: preparing documents and rasterising PDF pages. pdf.js runs
 * on the JavaScript thread that calls it, so each job runs in an isolation thread (processor.ts): a
 * document that hangs pdf.js, even in a synchronous loop, or fills its heap is stopped at
 * PAGE_TIMEOUT_MS / PAGE_MEMORY_MB without stopping this process or the other jobs.
 */
await runWorker<PrepareJob | RasterJob, unknown>({
  app: 'worker-pdf',
  kind: 'pdf',
  concurrency: config.PDF_CONCURRENCY,
  isolate: { module: new URL('./processor.js', import.meta.url) },
  limits: {
    timeoutMs: config.PAGE_TIMEOUT_MS,
    // Preparing a document given by URL downloads it first, within DOWNLOAD_TIMEOUT_MS (504 download_timeout).
    extraTime: (job) => (job.name === 'prepare' && 'url' in (job.data as PrepareJob).source ? { ms: config.DOWNLOAD_TIMEOUT_MS, variable: 'DOWNLOAD_TIMEOUT_MS' } : undefined),
    memoryMb: config.PAGE_MEMORY_MB,
    describe: (job) => (job.name === 'raster' ? `page ${(job.data as RasterJob).page}` : 'the document'),
  },
});
