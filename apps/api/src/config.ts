import { z } from 'zod';
import { RETRY_POLICY } from '@docsvc/queue';
import { apiShape, commonShape, downloadShape, envBoolean, envInt, jobsShape, redisShape, s3Shape, workerShape } from '@docsvc/config';

export const apiEnvShape = {
  ...commonShape,
  ...apiShape,
  ...jobsShape,
  ...redisShape,
  ...s3Shape,
  HEARTBEAT_INTERVAL_MS: workerShape.HEARTBEAT_INTERVAL_MS,
  /** A job's webhook_url is checked at creation by the rule worker-jobs delivers under: the same setting on both. */
  ALLOW_PRIVATE_URLS: downloadShape.ALLOW_PRIVATE_URLS,
  SHUTDOWN_GRACE_MS: workerShape.SHUTDOWN_GRACE_MS,
  /** Per-dependency time limit of a readiness check. */
  READY_CHECK_TIMEOUT_MS: envInt(1_500, { min: 50, max: 30_000 }),
  /** A file of `name:sha256hex` lines: keys held only as hashes, each with a name. */
  API_KEYS_FILE: z.string().optional(),
  /** Comma-separated keys that open the queue dashboard at /admin/queues (none: no dashboard); not API keys. */
  ADMIN_API_KEYS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((k) => k.trim()).filter((k) => k.length > 0)),
  /** The dashboard may retry, promote and remove jobs (default: it only shows them). */
  ADMIN_QUEUES_WRITABLE: envBoolean(false),
  /**
   * Origins of browser apps allowed to call the API from their own pages (CORS), comma-separated
   * (`https://app.example.com`), or `*` for any; none by default (the web page at / needs none).
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter((o) => o.length > 0)),
  /** The web page's built files (default: apps/web/dist of this checkout or image). */
  WEB_ROOT: z.string().optional(),
  /** Largest file POST /v1/store/file accepts. */
  MAX_UPLOAD_BYTES: envInt(100 * 1024 * 1024, { min: 1 }),
  /** Largest JSON request body. */
  JSON_BODY_LIMIT_BYTES: envInt(1024 * 1024, { min: 1_024 }),
  /** Requests per API key per window, across every API replica (counted in Redis). 0 turns the limit off. */
  RATE_LIMIT_MAX: envInt(600, { min: 0 }),
  RATE_LIMIT_WINDOW_MS: envInt(60_000, { min: 1_000 }),
  /** How long GET /v1/logs/:log_id can find a request. */
  REQUEST_LOG_TTL_SECONDS: envInt(7 * 24 * 3600, { min: 60 }),
  /** Lifetime of a temp_public_url. */
  PUBLIC_URL_TTL_SECONDS: envInt(3_600, { min: 10, max: 7 * 24 * 3600 }),
  /** Signing secret of temp_public_url links; unset: derived from the API keys (same on every replica). */
  PUBLIC_URL_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** Deadline of one OCR request, from arrival to answer (504 timeout past it). */
  OCR_TIMEOUT_MS: envInt(120_000, { min: 1_000, max: 3_600_000 }),
  /** Resolution PDF pages are rendered at for OCR (lowered per page to fit MAX_RENDER_PIXELS); 250 measured in bench/pdf-dpi.ts. */
  PDF_DPI: envInt(250, { min: 72, max: 600 }),
  /** OCR language when a request names none: 'auto' (chosen per page from what it reads), or codes such as 'en' or 'fra+eng'. */
  OCR_DEFAULT_LANGUAGE: z
    .string()
    .regex(/^[A-Za-z_-]{2,16}(\+[A-Za-z_-]{2,16})*$/, { message: "must be auto, or language codes such as en or fra+eng" })
    .default('auto'),
  /** Translation limits (413 payload_too_large beyond): characters per string, items, characters per request. */
  TRANSLATE_MAX_CHARS_PER_STRING: envInt(5_000, { min: 1 }),
  TRANSLATE_MAX_ITEMS: envInt(1_000, { min: 1 }),
  TRANSLATE_MAX_CHARS_PER_REQUEST: envInt(100_000, { min: 1 }),
  /** Strings per translation job: chunks of an array run in parallel across workers. */
  TRANSLATE_CHUNK_SIZE: envInt(50, { min: 1, max: 1_000 }),
  /** Deadline of one translate request (504 timeout past it). */
  TRANSLATE_TIMEOUT_MS: envInt(60_000, { min: 1_000, max: 3_600_000 }),
  /** Tries of each job the API enqueues: a transient failure (a download answered 5xx, S3 unreachable) is retried, a deterministic one never (the retry policy's `step` row). */
  JOB_ATTEMPTS: envInt(RETRY_POLICY.step.attempts, { min: 1, max: 20 }),
  /** Delay before the first retry of a job; doubled for each further one. */
  JOB_BACKOFF_MS: envInt(RETRY_POLICY.step.backoffMs, { min: 0, max: 600_000 }),
  /**
   * Backpressure: jobs allowed to wait in a queue per live worker process of its kind (at least one
   * worker is assumed). A request that finds its queue fuller is refused at once with 503
   * overloaded and Retry-After instead of waiting past its deadline. 0 turns a limit off.
   */
  OCR_MAX_WAITING_PER_WORKER: envInt(60, { min: 0 }),
  PDF_MAX_WAITING_PER_WORKER: envInt(120, { min: 0 }),
  TRANSLATE_MAX_WAITING_PER_WORKER: envInt(400, { min: 0 }),
  /** Base URL clients reach the API at, for the links in answers; unset: taken from each request's Host. */
  PUBLIC_BASE_URL: z.string().url().optional(),
};
