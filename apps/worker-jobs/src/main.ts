import { DelayedError, Queue } from 'bullmq';
import { JobStore, webhookJob } from '@docsvc/ocr-jobs';
import {
  QUEUES,
  countPages,
  countWebhookDelivery,
  openQueue,
  type OcrDocumentJob,
  type OcrDocumentResult,
  type OcrPageJob,
  type OcrPageResult,
  type OcrWebhookJob,
  type PdfQueueJob,
  type PdfQueueResult,
} from '@docsvc/queue';
import { loadWorkerConfig, runWorker } from '@docsvc/worker-runtime';
import { jobsWorkerConfig as config } from './config.js';
import { deliverWebhook, type WebhookDeps } from './deliver-webhook.js';
import { runDocumentJob, type CoordinatorDeps } from './run-document-job.js';
import { sweepExpiredJobs } from './sweep-expired.js';

let coordinator: CoordinatorDeps | undefined;
let webhooks: WebhookDeps | undefined;
let ownQueue: Queue | undefined;
let sweeper: NodeJS.Timeout | undefined;
const workerConfig = loadWorkerConfig('worker-jobs');
/** How long a deferred job waits before it looks for a free slot of its key again (plus up to as much at random). */
const DEFER_MS = 1_000;

/**
 * Runs asynchronous OCR jobs (POST /v1/vision/ocr/jobs) from the ocr-job queue: a "document" job is
 * one document, whose pages this process hands to worker-pdf and worker-ocr and whose results it
 * stores page by page; a "webhook" job is one attempt at announcing a job's end. It only coordinates,
 * so it runs many jobs at once; a job it was running when it died is taken up by another (or by it,
 * restarted) and resumed where it stopped. It also removes jobs whose retention has ended.
 */
await runWorker<OcrDocumentJob | OcrWebhookJob, OcrDocumentResult | undefined>({
  app: 'worker-jobs',
  kind: 'jobs',
  concurrency: config.JOBS_CONCURRENCY,
  // A job lives through restarts of its coordinator (deploys, crashes): each is a stall, not a failure.
  maxStalledCount: 100,
  // On SIGTERM its jobs go back to the queue rather than be waited for: a document waits for
  // pages that worker-ocr, stopping too under npm start, would never read (the stop overran its grace
  // period), a webhook attempt for a receiver's answer (up to WEBHOOK_TIMEOUT_MS). Both are resumed
  // by the next worker-jobs: a document where it stopped, a webhook attempt made again (at least once).
  handBackOnStop: true,
  setup: async (ctx) => {
    const jobs = new JobStore(ctx.redis, ctx.prefix, config.JOB_TTL_SECONDS);
    const queue = new Queue(QUEUES.jobs, { connection: ctx.redis, prefix: ctx.prefix });
    queue.on('error', () => {});
    ownQueue = queue;
    coordinator = {
      store: ctx.store,
      jobs,
      pdf: openQueue<PdfQueueJob, PdfQueueResult>(QUEUES.pdf, ctx.redis, ctx.prefix),
      ocr: openQueue<OcrPageJob, OcrPageResult>(QUEUES.ocr, ctx.redis, ctx.prefix),
      pagesInFlight: config.JOB_PAGES_IN_FLIGHT,
      priority: 10,
      stepWaitMs: 10 * 60_000,
      cancelCheckMs: 1_000,
      announce: async (job) => {
        if (!job.spec.webhookUrl) return;
        const first = webhookJob(job.id, job.logId);
        await queue.add(first.name, first.data, first.opts);
      },
    };
    webhooks = {
      jobs,
      queue,
      defaultSecret: config.WEBHOOK_SECRET,
      retryForMs: config.WEBHOOK_RETRY_HOURS * 3_600_000,
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
      post: { connectTimeoutMs: Math.min(5_000, config.WEBHOOK_TIMEOUT_MS), totalTimeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: workerConfig.ALLOW_PRIVATE_URLS },
    };
    const sweep = () =>
      void sweepExpiredJobs(jobs, ctx.store, ctx.log).catch((err: unknown) => ctx.log.warn({ err }, 'expired OCR jobs not swept; trying again later'));
    sweeper = setInterval(sweep, config.JOB_SWEEP_INTERVAL_MS);
    sweep();
  },
  teardown: async () => {
    clearInterval(sweeper);
    await Promise.allSettled([coordinator?.pdf.close(), coordinator?.ocr.close(), ownQueue?.close()]);
  },
  processor: async (job, ctx) => {
    if (!coordinator || !webhooks) throw new Error('worker-jobs not ready');
    if (job.name === 'webhook') {
      const delivery = await deliverWebhook(webhooks, job.data as OcrWebhookJob, ctx.log);
      // Shown by the API's /metrics for the whole service (this process serves none under npm start).
      if (delivery !== 'skipped') void countWebhookDelivery(ctx.redis, ctx.prefix, delivery).catch((err: unknown) => ctx.log.warn({ err }, 'webhook delivery not counted'));
      return undefined;
    }
    const countPage = (page: OcrPageResult) => {
      ctx.metrics?.observePage(page);
      void countPages(ctx.redis, ctx.prefix, [page]).catch((err: unknown) => ctx.log.warn({ err }, 'page not counted'));
    };
    const attempt = { attempt: job.attemptsMade + 1, attempts: job.opts.attempts ?? 1 };
    const outcome = await runDocumentJob({ ...coordinator, countPage }, (job.data as OcrDocumentJob).jobId, ctx.log, attempt);
    if (outcome.status === 'deferred') {
      // Back in the queue (not a failure, no attempt used): other keys' jobs can start meanwhile.
      await job.moveToDelayed(Date.now() + DEFER_MS + Math.round(Math.random() * DEFER_MS), ctx.token);
      throw new DelayedError();
    }
    // Its end was counted where its record was ended (JobStore.transition), once, for the whole service.
    return outcome;
  },
});
