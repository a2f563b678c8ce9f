import { z } from 'zod';
import { envBoolean, envInt, envUrl } from './env.js';

/** Variables every process reads. */
export const commonShape = {
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, GET /metrics needs `Authorization: Bearer METRICS_TOKEN` (API and workers). */
  METRICS_TOKEN: z.string().min(1).optional(),
};

/** Redis, through which every process coordinates. */
export const redisShape = {
  REDIS_URL: envUrl(['redis:', 'rediss:']),
  /** Every key lives under this prefix; the braces make it a Redis Cluster hash tag. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^\{[A-Za-z0-9_-]+\}$/, { message: 'must be a hash tag such as {docsvc}' })
    .default('{docsvc}'),
};

/** Object storage (any S3-protocol server). */
export const s3Shape = {
  /** Unset means AWS S3 itself (the SDK's default endpoint for S3_REGION). */
  S3_ENDPOINT: envUrl(['http:', 'https:']).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid S3 bucket name' })
    .default('docsvc'),
  S3_REGION: z.string().default('us-east-1'),
  /** Unset means the SDK's default credential chain (instance role, ~/.aws, ...). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: envBoolean(false),
};

/** Worker processes. */
export const workerShape = {
  /** A worker's Prometheus endpoint (GET /metrics on this port); 0: none. */
  METRICS_PORT: envInt(0, { min: 0, max: 65_535 }),
  /** How often a worker writes its heartbeat; readiness treats 3 missed beats as dead. */
  HEARTBEAT_INTERVAL_MS: envInt(5_000, { min: 100, max: 60_000 }),
  /** On SIGTERM, how long a worker may finish the jobs it holds before it exits anyway. */
  SHUTDOWN_GRACE_MS: envInt(30_000, { min: 0, max: 600_000 }),
  /**
   * A job's lock in Redis: renewed every half of this while its worker is alive. A worker that dies
   * (SIGKILL, crash, machine lost) stops renewing, and the job goes back to the queue once the lock
   * has expired and a stalled-job check has seen it: within JOB_LOCK_MS + 2 x STALLED_CHECK_MS.
   */
  JOB_LOCK_MS: envInt(8_000, { min: 1_000, max: 600_000 }),
  /** How often a worker looks for jobs whose worker died (one check per queue per interval). */
  STALLED_CHECK_MS: envInt(2_000, { min: 500, max: 600_000 }),
  /** A job whose worker died more than this many times fails instead of going back to the queue. */
  MAX_STALLED_COUNT: envInt(2, { min: 0, max: 100 }),
  /**
   * A worker whose main thread stops answering this long (a synchronous hang) kills itself, so that
   * its jobs are recovered by other workers and a supervisor restarts it. 0 turns the watchdog off.
   */
  WATCHDOG_MS: envInt(60_000, { min: 0, max: 3_600_000 }),
};

/** Downloads of user-supplied URLs (workers only: the API downloads nothing). */
export const downloadShape = {
  MAX_DOWNLOAD_BYTES: envInt(100 * 1024 * 1024, { min: 1 }),
  DOWNLOAD_CONNECT_TIMEOUT_MS: envInt(5_000, { min: 100, max: 120_000 }),
  DOWNLOAD_TIMEOUT_MS: envInt(60_000, { min: 100, max: 3_600_000 }),
  /** Lifts the public-addresses-only rule: for local testing only, never in production. */
  ALLOW_PRIVATE_URLS: envBoolean(false),
};

/** Document decoding limits, shared by the workers that decode (pdf and ocr). */
export const documentShape = {
  /** Images with more pixels than this are refused (413 image_too_large): decompression bombs. */
  MAX_IMAGE_PIXELS: envInt(100_000_000, { min: 1_000 }),
  /** A PDF page whose raster would exceed this many pixels is rendered at a lower DPI to fit. */
  MAX_RENDER_PIXELS: envInt(36_000_000, { min: 10_000 }),
  /**
   * Time limit of one job of a decoding worker (preparing a document, rendering or recognising one
   * page). Past it the job's work is stopped and the request answered 422 invalid_document.
   */
  PAGE_TIMEOUT_MS: envInt(60_000, { min: 100, max: 3_600_000 }),
  /** Heap limit (MB) of the thread that prepares and renders a PDF page in worker-pdf; past it 422 invalid_document. */
  PAGE_MEMORY_MB: envInt(512, { min: 16, max: 65_536 }),
};

/** The HTTP API. */
export const apiShape = {
  HOST: z.string().default('127.0.0.1'),
  PORT: envInt(8080, { min: 0, max: 65_535 }),
  /** Comma-separated keys accepted as Bearer tokens. */
  API_KEYS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((k) => k.trim()).filter((k) => k.length > 0)),
};

export type S3Settings = {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
};

/** Asynchronous OCR jobs: read by the API (limits, retention) and worker-jobs (running, removal). */
export const jobsShape = {
  /** Job records, results and uploads are kept this long after a job's last change (its end), then removed. */
  JOB_TTL_SECONDS: envInt(7 * 24 * 3600, { min: 60, max: 366 * 24 * 3600 }),
  /** Pages one job may cover. */
  MAX_JOB_PAGES: envInt(2_000, { min: 1, max: 100_000 }),
  /** Pages an API key's unfinished jobs may have left to read before its new jobs are refused (429). 0: no limit. */
  MAX_QUEUED_JOB_PAGES_PER_KEY: envInt(10_000, { min: 0 }),
  /** Signing secret of job webhooks sent without a webhook_secret of their own ("whsec_<base64>" or 16+ characters); unset: such jobs need their own. */
  WEBHOOK_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** A webhook is retried (non-2xx answer, no answer) for this long after its first attempt. */
  WEBHOOK_RETRY_HOURS: envInt(24, { min: 0, max: 24 * 30 }),
  /** Delay before the second attempt; it doubles for each next one, up to an hour. */
  WEBHOOK_RETRY_BASE_MS: envInt(5_000, { min: 10, max: 3_600_000 }),
  /** One delivery attempt's time limit (connection, request, answer). */
  WEBHOOK_TIMEOUT_MS: envInt(10_000, { min: 100, max: 120_000 }),
};
