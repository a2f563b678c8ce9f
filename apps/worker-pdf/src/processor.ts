import type { Job } from 'bullmq';
import type { PdfQueueJob, PrepareJob, RasterJob, SearchablePdfJob } from '@docsvc/queue';
import type { IsolatedJob, WorkerContext } from '@docsvc/worker-runtime';
import { pdfWorkerConfig as config } from './config.js';
import { prepare } from './prepare.js';
import { raster } from './raster.js';
import { searchable } from './searchable.js';

const limits = { maxImagePixels: config.MAX_IMAGE_PIXELS, maxRenderPixels: config.MAX_RENDER_PIXELS };

/**
 * The jobs of worker-pdf, run in an isolation thread (see main.ts): "prepare" (fetch or read a
 * document, its type and page count), "raster" (one PDF page) and "searchable" (a searchable PDF). They read job.data only.
 */
export async function processor(job: IsolatedJob<PdfQueueJob>, ctx: WorkerContext): Promise<unknown> {
  if (job.name === 'prepare') return prepare(job as unknown as Job<PrepareJob>, ctx, limits);
  if (job.name === 'raster') return raster(job as unknown as Job<RasterJob>, ctx, limits);
  if (job.name === 'searchable') return searchable(job as unknown as Job<SearchablePdfJob>, ctx, limits);
  throw new Error(`unknown job ${job.name}`);
}
