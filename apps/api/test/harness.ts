import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLogger } from '@docsvc/logger';
import { ServiceMetrics } from '@docsvc/metrics';
import { Queue } from 'bullmq';
import { JobStore } from '@docsvc/ocr-jobs';
import { QUEUES, RETRY_POLICY, createRedis, jobOptions, openQueue, readJobTotals, readPageTotals, type OcrDocumentJob, type OcrDocumentResult, type OcrWebhookJob, type OcrPageJob, type OcrPageResult, type PdfQueueJob, type PdfQueueResult, type TranslateJob, type TranslateResult } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { bearer, newPrefix } from '@docsvc/test-kit';
import { KeyRing, sha256 } from '../src/auth/keys.js';
import type { ApiDeps, ApiLimits, OcrJobsDeps } from '../src/deps.js';
import { PublicUrlSigner } from '../src/public-url.js';
import { RequestLog } from '../src/request-log.js';
import type { RouteSpec } from '../src/route.js';
import { ROUTES } from '../src/routes/index.js';
import { buildServer } from '../src/server.js';
import { OcrWorkers } from '../src/ocr/ocr-workers.js';
import { TranslationRoutes } from '../src/translate/routes-cache.js';
import { queueDepthOf } from '../src/queue-depth.js';

export const ALICE = 'alice-key-0123456789';
export const BOB = 'bob-key-0123456789';
/** A key known only by its hash, through the keys file. */
export const CAROL = 'carol-key-0123456789';

export interface TestApi {
  app: FastifyInstance;
  deps: ApiDeps;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real API server on a free port, over the test run's real Redis and S3. */
export async function startApi(
  opts: { limits?: Partial<ApiLimits>; routes?: RouteSpec[]; deps?: Partial<ApiDeps>; jobs?: Partial<Omit<OcrJobsDeps, 'store' | 'queue'>>; ocrTimeoutMs?: number } = {},
): Promise<TestApi> {
  const s3 = inject('s3');
  const redis = createRedis(inject('redisUrl'), 'client');
  const client = createS3Client(s3);
  const prefix = newPrefix('a');
  const store = new ObjectStore(client, s3.S3_BUCKET);
  const queues = {
    pdf: openQueue<PdfQueueJob, PdfQueueResult>(QUEUES.pdf, redis, prefix),
    ocr: openQueue<OcrPageJob, OcrPageResult>(QUEUES.ocr, redis, prefix),
    translate: openQueue<TranslateJob, TranslateResult>(QUEUES.translate, redis, prefix),
  };
  const jobsQueue = new Queue<OcrDocumentJob | OcrWebhookJob, OcrDocumentResult | undefined>(QUEUES.jobs, { connection: redis, prefix, defaultJobOptions: jobOptions({ ...RETRY_POLICY.document, backoffMs: 500 }) });
  const deps: ApiDeps = {
    ocr: { pdf: queues.pdf, ocr: queues.ocr, store, timeoutMs: opts.ocrTimeoutMs ?? 60_000, dpi: 250, defaultLanguage: 'auto', workers: new OcrWorkers(redis, prefix, 1_000) },
    translate: {
      queue: queues.translate,
      routes: new TranslationRoutes(redis, prefix),
      limits: { maxCharsPerString: 5_000, maxItems: 1_000, maxCharsPerRequest: 100_000, chunkSize: 50, timeoutMs: 30_000 },
    },
    metrics: new ServiceMetrics('api', { queueDepth: queueDepthOf([queues.pdf.queue, queues.ocr.queue, queues.translate.queue, jobsQueue]), pageTotals: () => readPageTotals(redis, prefix), jobTotals: () => readJobTotals(redis, prefix) }),
    jobs: { store: new JobStore(redis, prefix, 3_600), queue: jobsQueue, maxPages: 2_000, maxPendingPagesPerKey: 10_000, webhookSecretConfigured: false, webhookCheck: { allowPrivate: true, timeoutMs: 2_000 }, ...opts.jobs },
    log: createLogger('api-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
    redis,
    store,
    keys: new KeyRing([ALICE, BOB], `# test keys\ncarol:${sha256(CAROL).toString('hex')}\n`),
    requestLog: new RequestLog(redis, prefix, 3_600),
    publicUrls: new PublicUrlSigner(Buffer.from('test-secret-test-secret')),
    queuePrefix: prefix,
    heartbeatIntervalMs: 1_000,
    readyCheckTimeoutMs: 1_000,
    limits: {
      maxUploadBytes: 100 * 1024 * 1024,
      jsonBodyLimitBytes: 1024 * 1024,
      rateLimitMax: 0,
      rateLimitWindowMs: 60_000,
      publicUrlTtlSeconds: 3_600,
      ...opts.limits,
    },
    ...opts.deps,
  };
  const app = await buildServer(deps, [...ROUTES, ...(opts.routes ?? [])]);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    deps,
    baseUrl: address,
    async close() {
      await app.close();
      await Promise.all([...Object.values(queues).map((q) => q.close()), jobsQueue.close()]);
      redis.disconnect();
      client.destroy();
    },
  };
}

export { bearer };

/** Stores `bytes` under a fresh key in `folder` through POST /v1/store/file; the key. */
export async function storeFile(api: TestApi, bytes: Buffer, folder: string, name: string, key = ALICE): Promise<string> {
  const fileKey = `${folder}/${randomUUID()}/${name}`;
  const res = await fetch(`${api.baseUrl}/v1/store/file?key=${fileKey}`, { method: 'POST', headers: bearer(key), body: bytes });
  if (res.status !== 200) throw new Error(`storing ${fileKey}: ${res.status} ${await res.text()}`);
  return fileKey;
}

/** Creates an OCR job for `body` and polls its status (without the answer) until it has ended; its id. */
export async function runJob(api: TestApi, body: object, key = ALICE, timeoutMs = 90_000): Promise<string> {
  const created = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { job_id: string };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.job_id}?answer=false`, { headers: bearer(key) })).json()) as { status: string };
    if (['succeeded', 'failed', 'cancelled'].includes(status)) return created.job_id;
    if (Date.now() > deadline) throw new Error(`job ${created.job_id} still ${status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
