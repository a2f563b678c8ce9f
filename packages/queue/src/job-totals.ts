import type { Redis } from 'ioredis';

/**
 * OCR jobs by the status they reached, and webhook delivery attempts by outcome, for the whole service,
 * in two Redis hashes (as pages are, page-totals.ts): a job is created by the API, ends in worker-jobs
 * (or in the API, cancelled while queued) and is announced by worker-jobs, so no one process's counters
 * see it all. The job store adds to the first with each status it writes (create, transition: once a
 * job, whoever writes it); worker-jobs adds to the second; every API replica reports both
 * (docsvc_ocr_jobs_total, docsvc_webhook_deliveries_total).
 */
export const jobTotalsKey = (prefix: string) => `${prefix}:metrics:jobs`;
export const webhookTotalsKey = (prefix: string) => `${prefix}:metrics:webhooks`;

export interface JobTotals {
  jobs: Array<{ status: string; count: number }>;
  webhooks: Array<{ outcome: string; count: number }>;
}

export async function countWebhookDelivery(redis: Redis, prefix: string, outcome: string): Promise<void> {
  await redis.hincrby(webhookTotalsKey(prefix), outcome, 1);
}

export async function readJobTotals(redis: Redis, prefix: string): Promise<JobTotals> {
  const [jobs, webhooks] = await Promise.all([redis.hgetall(jobTotalsKey(prefix)), redis.hgetall(webhookTotalsKey(prefix))]);
  return {
    jobs: Object.entries(jobs).map(([status, count]) => ({ status, count: Number(count) })),
    webhooks: Object.entries(webhooks).map(([outcome, count]) => ({ outcome, count: Number(count) })),
  };
}
