import type { JobsOptions } from 'bullmq';
import type { OcrWebhookJob } from '@docsvc/queue';

/**
 * The "webhook" job of attempt `attempt` at announcing job `jobId`'s end, for the ocr-job queue. Its id
 * is derived from the job and the attempt, so whoever ends a job (worker-jobs, or the API cancelling a
 * queued one) can add it without a second delivery.
 */
export function webhookJob(jobId: string, requestId: string, attempt = 1, extra: { firstAttemptAt?: number; delayMs?: number } = {}): { name: 'webhook'; data: OcrWebhookJob; opts: JobsOptions } {
  return {
    name: 'webhook',
    data: { requestId, jobId, attempt, ...(extra.firstAttemptAt ? { firstAttemptAt: extra.firstAttemptAt } : {}) },
    // Attempts are chained by hand (each failure adds the next, delayed): BullMQ's own retries would
    // double the delay without bound and stop counting at a fixed number.
    opts: { jobId: `${jobId}.webhook.${attempt}`, attempts: 3, ...(extra.delayMs ? { delay: extra.delayMs } : {}) },
  };
}
