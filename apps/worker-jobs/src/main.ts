import { jobsWorkerConfig as config } from './config.js';
import { JobStore } from '@docsvc/ocr-jobs';
import { QUEUES, openQueue, type OcrDocumentJob, type OcrDocumentResult, type OcrPageJob, type OcrPageResult, type PrepareJob, type PrepareResult, type RasterJob, type RasterResult } from '@docsvc/queue';
import { runWorker } from '@docsvc/worker-runtime';
import { runDocumentJob, type CoordinatorDeps } from './run-document-job.js';
import { sweepExpiredJobs } from './sweep-expired.js';

let deps: CoordinatorDeps | undefined;
let sweeper: NodeJS.Timeout | undefined;

/**
 * Runs asynchronous OCR jobs (POST /v1/vision/ocr/jobs): each BullMQ job of the ocr-job queue is one
 * document, whose pages this process hands to worker-pdf and worker-ocr and whose results it stores
 * page by page. It only coordinates, so it runs many jobs at once; a job it was running when it died
 * is taken up by another (or by it, restarted) and resumed where it stopped.
 */
await runWorker<OcrDocumentJob, OcrDocumentResult>({
  app: 'worker-jobs',
  kind: 'jobs',
  concurrency: config.JOBS_CONCURRENCY,
  // A job lives through restarts of its coordinator (deploys, crashes): each is a stall, not a failure.
  maxStalledCount: 100,
  setup: async (ctx) => {
    const jobs = new JobStore(ctx.redis, ctx.prefix, config.JOB_TTL_SECONDS);
    deps = {
      store: ctx.store,
      jobs,
      pdf: openQueue<PrepareJob | RasterJob, PrepareResult | RasterResult>(QUEUES.pdf, ctx.redis, ctx.prefix),
      ocr: openQueue<OcrPageJob, OcrPageResult>(QUEUES.ocr, ctx.redis, ctx.prefix),
      pagesInFlight: config.JOB_PAGES_IN_FLIGHT,
      priority: 10,
      stepWaitMs: 10 * 60_000,
      pageAttempts: 3,
      cancelCheckMs: 1_000,
    };
    const sweep = () =>
      void sweepExpiredJobs(jobs, ctx.store, ctx.log).catch((err: unknown) => ctx.log.warn({ err }, 'expired OCR jobs not swept; trying again later'));
    sweeper = setInterval(sweep, config.JOB_SWEEP_INTERVAL_MS);
    sweep();
  },
  teardown: async () => {
    clearInterval(sweeper);
    await Promise.allSettled([deps?.pdf.close(), deps?.ocr.close()]);
  },
  processor: async (job, ctx) => {
    if (!deps) throw new Error('worker-jobs not ready');
    return runDocumentJob(deps, job.data.jobId, ctx.log);
  },
});
