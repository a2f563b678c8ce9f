import { createHash } from 'node:crypto';
import { loadOrExit } from '@docsvc/config';
import { exitWithParent, onShutdown } from '@docsvc/lifecycle';
import { createLogger } from '@docsvc/logger';
import { ServiceMetrics } from '@docsvc/metrics';
import { Queue } from 'bullmq';
import { JobStore } from '@docsvc/ocr-jobs';
import { QUEUES, RETRY_POLICY, createRedis, jobOptions, openQueue, readJobTotals, readPageTotals, type OcrDocumentJob, type OcrDocumentResult, type OcrWebhookJob, type OcrPageJob, type OcrPageResult, type PdfQueueJob, type PdfQueueResult, type TranslateJob, type TranslateResult } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { KeyRing } from './auth/keys.js';
import { Backpressure } from './backpressure.js';
import { queueDepthOf } from './queue-depth.js';
import { apiEnvShape } from './config.js';
import { PublicUrlSigner } from './public-url.js';
import { RequestLog } from './request-log.js';
import { buildServer } from './server.js';
import { OcrWorkers } from './ocr/ocr-workers.js';
import { TranslationRoutes } from './translate/routes-cache.js';

const config = loadOrExit('api', apiEnvShape);
const log = createLogger('api', config.LOG_LEVEL);

let keys: KeyRing;
try {
  keys = KeyRing.fromConfig(config.API_KEYS, config.API_KEYS_FILE);
} catch (err) {
  process.stderr.write(`api: invalid configuration: API_KEYS_FILE: ${(err as Error).message}\n`);
  process.exit(78);
}
if (keys.size === 0) {
  process.stderr.write('api: invalid configuration: API_KEYS or API_KEYS_FILE must name at least one key\n');
  process.exit(78);
}

const redis = createRedis(config.REDIS_URL, 'client');
const store = new ObjectStore(createS3Client(config), config.S3_BUCKET);
// Without an explicit secret, every replica derives the same one from the keys it shares.
const publicUrlSecret = createHash('sha256')
  .update(config.PUBLIC_URL_SECRET ?? `docsvc-public-url:${[...config.API_KEYS].sort().join(',')}:${config.API_KEYS_FILE ?? ''}`)
  .digest();

// The retry policy's `step` row, with JOB_ATTEMPTS and JOB_BACKOFF_MS (its defaults) for a request's own steps.
const queueOptions = { defaultJobOptions: jobOptions({ attempts: config.JOB_ATTEMPTS, backoffMs: config.JOB_BACKOFF_MS }) };
const queues = {
  pdf: openQueue<PdfQueueJob, PdfQueueResult>(QUEUES.pdf, redis, config.QUEUE_PREFIX, queueOptions),
  ocr: openQueue<OcrPageJob, OcrPageResult>(QUEUES.ocr, redis, config.QUEUE_PREFIX, queueOptions),
  translate: openQueue<TranslateJob, TranslateResult>(QUEUES.translate, redis, config.QUEUE_PREFIX, queueOptions),
};
// A job's document run is run again after an outage or a fault (it resumes where it stopped): the policy's `document` row.
const jobsQueue = new Queue<OcrDocumentJob | OcrWebhookJob, OcrDocumentResult | undefined>(QUEUES.jobs, {
  connection: redis,
  prefix: config.QUEUE_PREFIX,
  defaultJobOptions: jobOptions(RETRY_POLICY.document),
});
jobsQueue.on('error', () => {});
const admission = new Backpressure({
  redis,
  prefix: config.QUEUE_PREFIX,
  heartbeatIntervalMs: config.HEARTBEAT_INTERVAL_MS,
  queues,
  maxWaitingPerWorker: { pdf: config.PDF_MAX_WAITING_PER_WORKER, ocr: config.OCR_MAX_WAITING_PER_WORKER, translate: config.TRANSLATE_MAX_WAITING_PER_WORKER },
});

const app = await buildServer({
  log,
  redis,
  store,
  keys,
  requestLog: new RequestLog(redis, config.QUEUE_PREFIX, config.REQUEST_LOG_TTL_SECONDS),
  publicUrls: new PublicUrlSigner(publicUrlSecret),
  queuePrefix: config.QUEUE_PREFIX,
  heartbeatIntervalMs: config.HEARTBEAT_INTERVAL_MS,
  readyCheckTimeoutMs: config.READY_CHECK_TIMEOUT_MS,
  publicBaseUrl: config.PUBLIC_BASE_URL,
  corsOrigins: config.CORS_ORIGINS,
  ocr: {
    pdf: queues.pdf,
    ocr: queues.ocr,
    store,
    timeoutMs: config.OCR_TIMEOUT_MS,
    dpi: config.PDF_DPI,
    defaultLanguage: config.OCR_DEFAULT_LANGUAGE,
    workers: new OcrWorkers(redis, config.QUEUE_PREFIX, config.HEARTBEAT_INTERVAL_MS),
    admission,
  },
  translate: {
    queue: queues.translate,
    routes: new TranslationRoutes(redis, config.QUEUE_PREFIX),
    limits: {
      maxCharsPerString: config.TRANSLATE_MAX_CHARS_PER_STRING,
      maxItems: config.TRANSLATE_MAX_ITEMS,
      maxCharsPerRequest: config.TRANSLATE_MAX_CHARS_PER_REQUEST,
      chunkSize: config.TRANSLATE_CHUNK_SIZE,
      timeoutMs: config.TRANSLATE_TIMEOUT_MS,
    },
    admission,
  },
  metrics: new ServiceMetrics('api', { queueDepth: queueDepthOf([queues.pdf.queue, queues.ocr.queue, queues.translate.queue, jobsQueue]), pageTotals: () => readPageTotals(redis, config.QUEUE_PREFIX), jobTotals: () => readJobTotals(redis, config.QUEUE_PREFIX) }),
  metricsToken: config.METRICS_TOKEN,
  admin: { keys: config.ADMIN_API_KEYS, writable: config.ADMIN_QUEUES_WRITABLE },
  webRoot: config.WEB_ROOT,
  jobs: { store: new JobStore(redis, config.QUEUE_PREFIX, config.JOB_TTL_SECONDS), queue: jobsQueue, maxPages: config.MAX_JOB_PAGES, maxPendingPagesPerKey: config.MAX_QUEUED_JOB_PAGES_PER_KEY, webhookSecretConfigured: Boolean(config.WEBHOOK_SECRET), webhookCheck: { allowPrivate: config.ALLOW_PRIVATE_URLS, timeoutMs: Math.min(5_000, config.WEBHOOK_TIMEOUT_MS) } },
  limits: {
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
    jsonBodyLimitBytes: config.JSON_BODY_LIMIT_BYTES,
    rateLimitMax: config.RATE_LIMIT_MAX,
    rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS,
    publicUrlTtlSeconds: config.PUBLIC_URL_TTL_SECONDS,
  },
});

onShutdown(
  async () => {
    await app.close(); // stops accepting, lets requests in flight finish
    await Promise.all([...Object.values(queues).map((q) => q.close()), jobsQueue.close()]);
    redis.disconnect();
  },
  { log, graceMs: config.SHUTDOWN_GRACE_MS },
);
exitWithParent(() => {
  log.warn('launcher is gone; stopping');
  process.kill(process.pid, 'SIGTERM');
});

try {
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  log.info({ address }, 'api listening');
} catch (err) {
  log.fatal({ err }, 'api could not listen');
  process.exit(1);
}
