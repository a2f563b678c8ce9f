import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { JobStore } from '@docsvc/ocr-jobs';
import type { OcrDocumentJob, OcrDocumentResult, OcrWebhookJob } from '@docsvc/queue';
import type { Logger } from '@docsvc/logger';
import type { ServiceMetrics } from '@docsvc/metrics';
import type { ObjectStore } from '@docsvc/storage';
import type { KeyRing } from './auth/keys.js';
import type { OcrPipeline } from './ocr/run-ocr.js';
import type { TranslatePipeline } from './translate/run-translate.js';
import type { PublicUrlSigner } from './public-url.js';
import type { RequestLog } from './request-log.js';

/** Limits the routes enforce; each comes from a documented variable. */
export interface ApiLimits {
  maxUploadBytes: number;
  jsonBodyLimitBytes: number;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  publicUrlTtlSeconds: number;
}

/** What the routes need from the outside world; built once in main.ts, or by a test. */
export interface ApiDeps {
  log: Logger;
  redis: Redis;
  store: ObjectStore;
  keys: KeyRing;
  requestLog: RequestLog;
  publicUrls: PublicUrlSigner;
  queuePrefix: string;
  heartbeatIntervalMs: number;
  readyCheckTimeoutMs: number;
  limits: ApiLimits;
  publicBaseUrl?: string | undefined;
  /** Browser origins allowed to call the API (CORS_ORIGINS; `*`: any); none: no CORS headers at all. */
  corsOrigins?: string[] | undefined;
  /** The queues and settings of the OCR pipeline. */
  ocr: OcrPipeline;
  /** The queue, routes and limits of translation. */
  translate: TranslatePipeline;
  /** Asynchronous OCR jobs: their records and the queue worker-jobs runs them from. */
  jobs: OcrJobsDeps;
  /** The API's metrics (GET /metrics); METRICS_TOKEN, when set, guards them. */
  metrics: ServiceMetrics;
  metricsToken?: string | undefined;
  /** The queue dashboard's keys (ADMIN_API_KEYS) and whether it may change jobs (ADMIN_QUEUES_WRITABLE). */
  admin?: { keys: string[]; writable: boolean };
  /** Where the web page's built files are (WEB_ROOT; default apps/web/dist). */
  webRoot?: string | undefined;
  /** The served OpenAPI document, as JSON text: written by buildServer from the routes it registers. */
  contract?: string;
}

export interface OcrJobsDeps {
  store: JobStore;
  queue: Queue<OcrDocumentJob | OcrWebhookJob, OcrDocumentResult | undefined>;
  /** MAX_JOB_PAGES. */
  maxPages: number;
  /** MAX_QUEUED_JOB_PAGES_PER_KEY (0: no limit). */
  maxPendingPagesPerKey: number;
  /** Whether WEBHOOK_SECRET is set: without it, a webhook_url needs its own webhook_secret. */
  webhookSecretConfigured: boolean;
  /** How a webhook_url is checked when its job is created: ALLOW_PRIVATE_URLS, and how long resolving its host may take. */
  webhookCheck: { allowPrivate: boolean; timeoutMs: number };
}
