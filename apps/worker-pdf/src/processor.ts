import type { Job } from 'bullmq';
import type { PdfQueueJob, PrepareJob, RasterJob, SearchablePdfJob } from '@docsvc/queue';
import type { IsolatedJob, WorkerContext } from '@docsvc/worker-runtime';
import { createPageRenderer, type PageRenderer } from '@docsvc/documents/renderers';
import { pdfWorkerConfig as config } from './config.js';

const limits = { maxImagePixels: config.MAX_IMAGE_PIXELS, maxRenderPixels: config.MAX_RENDER_PIXELS };
// Chosen once per thread (main.ts checked at start-up that the one named can run).
let renderer: Promise<PageRenderer> | undefined;
const pageRenderer = (): Promise<PageRenderer> =>
  (renderer ??= createPageRenderer({ renderer: config.PDF_RENDERER, timeoutMs: config.PAGE_TIMEOUT_MS, memoryMb: config.PAGE_MEMORY_MB }));

/**
 * The jobs of worker-pdf, run in an isolation thread (see main.ts): "prepare" (fetch or read a
 * document, its type and page count), "raster" (one PDF page) and "searchable" (a searchable PDF). They read job.data only.
 * Each job's module is loaded by the first job of its kind: a thread that only prepares and rasterises
 * pages (scanned documents coming in) never holds the searchable PDF's writer and page store.
 */
export async function processor(job: IsolatedJob<PdfQueueJob>, ctx: WorkerContext): Promise<unknown> {
  if (job.name === 'prepare') return (await import('./prepare.js')).prepare(job as unknown as Job<PrepareJob>, ctx, limits);
  if (job.name === 'raster') return (await import('./raster.js')).raster(job as unknown as Job<RasterJob>, ctx, limits, await pageRenderer());
  if (job.name === 'searchable') return (await import('./searchable.js')).searchable(job as unknown as Job<SearchablePdfJob>, ctx, limits);
  throw new Error(`unknown job ${job.name}`);
}
