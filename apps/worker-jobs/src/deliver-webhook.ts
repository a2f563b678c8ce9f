import type { Queue } from 'bullmq';
import { postJson, type PostJsonOptions } from '@docsvc/fetcher';
import type { Logger } from '@docsvc/logger';
import { webhookHeaders, webhookJob, type JobStore } from '@docsvc/ocr-jobs';
import type { OcrWebhookJob } from '@docsvc/queue';

export interface WebhookDeps {
  jobs: JobStore;
  /** The ocr-job queue, where the next attempt is added. */
  queue: Pick<Queue, 'add'>;
  /** WEBHOOK_SECRET: for jobs without a webhook_secret of their own. */
  defaultSecret?: string | undefined;
  /** WEBHOOK_RETRY_HOURS, in ms. */
  retryForMs: number;
  /** WEBHOOK_RETRY_BASE_MS: the first retry's delay, doubling up to MAX_RETRY_DELAY_MS. */
  retryBaseMs: number;
  /** The address rule and time limits (ALLOW_PRIVATE_URLS, WEBHOOK_TIMEOUT_MS). */
  post: PostJsonOptions;
}

const MAX_RETRY_DELAY_MS = 3_600_000;

/** Delay before attempt `attempt + 1`: the base, doubled for each attempt made, at most an hour. */
export const retryDelayMs = (attempt: number, baseMs: number) => Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** (attempt - 1));

/**
 * One attempt at announcing a job's end: POSTs `{ type, job_id, status, status_url }` to its
 * webhook_url, signed as Standard Webhooks says (the same `webhook-id` on every attempt, so receivers
 * can drop duplicates: delivery is at least once). A 2xx answer delivers it; anything else (another
 * status, no answer, a refused address) adds the next attempt with a growing delay until
 * WEBHOOK_RETRY_HOURS have passed since the first. Every attempt is logged with the job's log_id and
 * shown on the job's status as `webhook: { delivered, attempts, last_status }`.
 */
export async function deliverWebhook(deps: WebhookDeps, data: OcrWebhookJob, log: Logger): Promise<WebhookOutcome> {
  const job = await deps.jobs.get(data.jobId);
  const url = job?.spec.webhookUrl;
  if (!job || !url) return 'skipped';
  if (job.webhook?.delivered) return 'skipped'; // an attempt that raced a successful one
  const firstAttemptAt = data.firstAttemptAt ?? Date.now();
  const secret = (await deps.jobs.webhookSecret(job.id)) ?? deps.defaultSecret;
  if (!secret) {
    // The API refuses such jobs; this is a WEBHOOK_SECRET removed since the job was created.
    await deps.jobs.setWebhook(job.id, { delivered: false, attempts: data.attempt - 1, last_error: 'no signing secret: set WEBHOOK_SECRET or send webhook_secret' });
    log.error({ job_id: job.id }, 'webhook not sent: no signing secret');
    return 'failed';
  }
  const body = JSON.stringify({ type: `ocr.job.${job.status}`, job_id: job.id, status: job.status, status_url: job.spec.statusUrl });
  const outcome = await postJson(url, body, webhookHeaders(secret, `${job.id}.${job.status}`, body), deps.post);
  const delivered = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
  const state = {
    delivered,
    attempts: data.attempt,
    ...('status' in outcome ? { last_status: outcome.status } : { last_error: outcome.error }),
  };
  await deps.jobs.setWebhook(job.id, state);
  const fields = { job_id: job.id, webhook_url: url, attempt: data.attempt, ...('status' in outcome ? { status: outcome.status } : { error: outcome.error }) };
  if (delivered) {
    log.info(fields, 'webhook delivered');
    return 'delivered';
  }
  const delayMs = retryDelayMs(data.attempt, deps.retryBaseMs);
  if (Date.now() + delayMs - firstAttemptAt > deps.retryForMs) {
    log.warn(fields, 'webhook attempt failed; no attempt left (WEBHOOK_RETRY_HOURS)');
    return 'failed';
  }
  log.info({ ...fields, retry_in_ms: delayMs }, 'webhook attempt failed; it will be tried again');
  const next = webhookJob(job.id, data.requestId, data.attempt + 1, { firstAttemptAt, delayMs });
  await deps.queue.add(next.name, next.data, next.opts);
  return 'retry';
}

/** What became of one delivery attempt (the metric docsvc_webhook_deliveries_total counts them). */
export type WebhookOutcome = 'delivered' | 'retry' | 'failed' | 'skipped';
