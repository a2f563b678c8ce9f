import { createPageRenderer } from '@docsvc/documents/renderers';
import type { PdfQueueJob, PrepareJob, RasterJob, SearchablePdfJob } from '@docsvc/queue';
import { runWorker } from '@docsvc/worker-runtime';
import { pdfWorkerConfig as config } from './config.js';

/**
 * Document work that needs no OCR engine: preparing documents, rasterising PDF pages and writing
 * searchable PDFs. pdf.js runs on the JavaScript thread that calls it, so each job runs in an
 * isolation thread (processor.ts): a document that hangs pdf.js, even in a synchronous loop, or
 * fills its heap is stopped at PAGE_TIMEOUT_MS / PAGE_MEMORY_MB without stopping this process or the
 * other jobs.
 */
await runWorker<PdfQueueJob, unknown>({
  app: 'worker-pdf',
  kind: 'pdf',
  concurrency: config.PDF_CONCURRENCY,
  isolate: { module: new URL('./processor.js', import.meta.url), warm: config.PDF_WARM_THREADS },
  // Fails the worker at start when PDF_RENDERER names a renderer that cannot run here; says which draws pages.
  setup: async (ctx) => {
    const renderer = await createPageRenderer({ renderer: config.PDF_RENDERER, timeoutMs: config.PAGE_TIMEOUT_MS, memoryMb: config.PAGE_MEMORY_MB });
    ctx.log.info({ renderer: renderer.name, version: renderer.version, asked: config.PDF_RENDERER }, `PDF renderer ready: ${renderer.name} (${renderer.version})`);
  },
  limits: {
    timeoutMs: config.PAGE_TIMEOUT_MS,
    // Preparing a document given by URL downloads it first, within DOWNLOAD_TIMEOUT_MS (504 download_timeout).
    extraTime: (job) => {
      if (job.name === 'prepare' && 'url' in (job.data as PrepareJob).source) return { ms: config.DOWNLOAD_TIMEOUT_MS, variable: 'DOWNLOAD_TIMEOUT_MS' };
      // A searchable PDF is the whole document: its own allowance, per page.
      if (job.name === 'searchable') return { ms: config.SEARCHABLE_PDF_MS_PER_PAGE * (job.data as SearchablePdfJob).pageCount, variable: 'SEARCHABLE_PDF_MS_PER_PAGE x pages' };
      return undefined;
    },
    memoryMb: config.PAGE_MEMORY_MB,
    describe: (job) => (job.name === 'raster' ? `page ${(job.data as RasterJob).page}` : job.name === 'searchable' ? 'the searchable PDF' : 'the document'),
  },
});
