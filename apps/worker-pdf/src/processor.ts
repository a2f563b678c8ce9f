import type { Job } from 'bullmq';
import type { PrepareJob, RasterJob } from '@docsvc/queue';
import type { IsolatedJob, WorkerContext } from '@docsvc/worker-runtime';
import { pdfWorkerConfig as config } from './config.js';
import { prepare } from './prepare.js';
import { raster } from './raster.js';

const limits = { maxImagePixels: config.MAX_IMAGE_PIXELS, maxRenderPixels: config.MAX_RENDER_PIXELS };

/**
 * The jobs of worker-pdf, run in an isolation thread (see main.ts): "prepare" (fetch or read a
 * document, its type and page count) and "raster" (one PDF page). They read job.data only.
 */
export async function processor(job: IsolatedJob<PrepareJob | RasterJob>, ctx: WorkerContext): Promise<unknown> {
  if (job.name === 'prepare') return prepare(job as unknown as Job<PrepareJob>, ctx, limits);
  if (job.name === 'raster') return raster(job as unknown as Job<RasterJob>, ctx, limits);
  throw new Error(`unknown job ${job.name}`);
}
