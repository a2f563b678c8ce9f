import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '@docsvc/logger';
import { JobStore } from '@docsvc/ocr-jobs';
import { createRedis } from '@docsvc/queue';
import { deliverWebhook, retryDelayMs, type WebhookDeps } from './deliver-webhook.js';

const redis = createRedis(inject('redisUrl'), 'client');
const prefix = `{w${randomUUID().slice(0, 8)}}`;
const queue = new Queue('ocr-job', { connection: redis, prefix });
const jobs = new JobStore(redis, prefix, 3_600);
const log = createLogger('test', 'silent');
let receiver: Server;
let url: string;
let hits = 0;

beforeAll(async () => {
  receiver = createServer((_req, res) => {
    hits += 1;
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver.close();
  await queue.close();
  redis.disconnect();
});

const deps = (retryForMs: number): WebhookDeps => ({
  jobs,
  queue,
  retryForMs,
  retryBaseMs: 5_000,
  post: { connectTimeoutMs: 1_000, totalTimeoutMs: 2_000, allowPrivate: true },
});

async function endedJob(): Promise<string> {
  const outcome = await jobs.create({
    owner: 'alice',
    logId: 'log-w',
    spec: { options: {}, source: { objectKey: 'x' }, dpi: 250, maxPages: 10, statusUrl: 'http://api/x', webhookUrl: url },
    webhookSecret: 'a-long-enough-plain-secret',
  });
  if (!('job' in outcome)) throw new Error('conflict');
  await jobs.transition(outcome.job.id, 'failed', { error: { code: 'invalid_document', message: 'broken' } });
  return outcome.job.id;
}

describe('deliverWebhook', () => {
  it('doubles the delay from the base up to an hour', () => {
    expect([1, 2, 3, 4].map((a) => retryDelayMs(a, 5_000))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(20, 5_000)).toBe(3_600_000);
  });

  it('adds the next attempt, delayed, after a failed one, and records it on the job', async () => {
    const id = await endedJob();
    await deliverWebhook(deps(86_400_000), { requestId: 'log-w', jobId: id, attempt: 1 }, log);
    expect(hits).toBe(1);
    expect((await jobs.get(id))!.webhook).toEqual({ delivered: false, attempts: 1, last_status: 503 });
    const next = await queue.getJob(`${id}.webhook.2`);
    expect(next?.data).toMatchObject({ jobId: id, attempt: 2, firstAttemptAt: expect.any(Number) });
    expect(next?.opts.delay).toBe(5_000);
  });

  it('stops once WEBHOOK_RETRY_HOURS have passed since the first attempt', async () => {
    const id = await endedJob();
    await deliverWebhook(deps(3_600_000), { requestId: 'log-w', jobId: id, attempt: 9, firstAttemptAt: Date.now() - 3_590_000 }, log);
    expect((await jobs.get(id))!.webhook).toEqual({ delivered: false, attempts: 9, last_status: 503 });
    expect(await queue.getJob(`${id}.webhook.10`)).toBeUndefined();
  });
});
