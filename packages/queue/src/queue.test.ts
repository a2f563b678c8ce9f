import { randomUUID } from 'node:crypto';
import { UnrecoverableError, Worker } from 'bullmq';
import { ServiceError } from '@docsvc/schemas';
import { toJobError } from './job-errors.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createRedis } from './connection.js';
import { countLiveWorkers, liveWorkerInfo, startHeartbeat } from './heartbeat.js';
import { enqueue, openQueue, runAndWait } from './jobs.js';

const redisUrl = inject('redisUrl');
const prefix = `{t${randomUUID().slice(0, 8)}}`;
const redis = createRedis(redisUrl, 'client');
const closers: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  redis.disconnect();
});

const attempts = { corrupt: 0, flaky: 0, down: 0 };

describe('runAndWait through a real worker', () => {
  type Data = { words: string[] };
  type Result = { joined: string; worker: string };
  const handles = openQueue<Data, Result>('join', redis, prefix);
  closers.push(() => handles.close());
  const worker = new Worker<Data, Result>(
    'join',
    async (job) => {
      if (job.data.words.length === 0) throw new UnrecoverableError('nothing to join');
      if (job.data.words[0] === 'corrupt') attempts.corrupt += 1;
      if (job.data.words[0] === 'corrupt') throw toJobError(new ServiceError('invalid_document', 'the PDF is damaged', [{ page: 2 }]));
      if (job.data.words[0] === 'slow') await new Promise((r) => setTimeout(r, 1_000));
      if (job.data.words[0] === 'flaky' && ++attempts.flaky < 3) throw toJobError(new ServiceError('download_failed', 'upstream answered 503', [{ upstream_status: 503 }], true));
      if (job.data.words[0] === 'down') {
        attempts.down += 1;
        throw toJobError(new ServiceError('dependency_unavailable', 'S3 is unreachable', [], true));
      }
      return { joined: job.data.words.join(' '), worker: 'w1' };
    },
    { connection: createRedis(redisUrl, 'worker'), prefix },
  );
  closers.push(() => worker.close());

  it('returns the result the worker computed', async () => {
    await expect(runAndWait(handles, 'join', { words: ['hello', 'queue'] }, 10_000)).resolves.toEqual({ joined: 'hello queue', worker: 'w1' });
  });

  it('rejects with the reason the worker failed the job', async () => {
    await expect(runAndWait(handles, 'join', { words: [] }, 10_000)).rejects.toMatchObject({ code: 'internal_error' });
  });

  it("brings a worker's ServiceError back with its code and details, without retrying it", async () => {
    const pending = await enqueue(handles, 'join', { words: ['corrupt'] }, 10_000, { attempts: 3 });
    await expect(pending.finished).rejects.toMatchObject({ code: 'invalid_document', status: 422, message: 'the PDF is damaged', details: [{ page: 2 }] });
    expect(attempts.corrupt).toBe(1);
    expect(await handles.queue.getJob(pending.job.id as string)).toBeUndefined(); // nothing left in Redis
  });

  it('retries a transient failure with backoff; the waiting request gets the attempt that succeeded', async () => {
    // BullMQ publishes `failed` only once no attempt is left, so waitUntilFinished does not reject on a retried attempt.
    const started = Date.now();
    const pending = await enqueue(handles, 'join', { words: ['flaky', 'then', 'fine'] }, 10_000, { attempts: 3, backoff: { type: 'exponential', delay: 100 } });
    await expect(pending.finished).resolves.toEqual({ joined: 'flaky then fine', worker: 'w1' });
    expect(attempts.flaky).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300); // 100 ms, then 200 ms
  });

  it('answers a transient failure that persists with its own error, after the last attempt only', async () => {
    const pending = await enqueue(handles, 'join', { words: ['down'] }, 10_000, { attempts: 3, backoff: { type: 'fixed', delay: 50 } });
    await expect(pending.finished).rejects.toMatchObject({ code: 'dependency_unavailable', status: 503 });
    expect(attempts.down).toBe(3);
  });

  it('uses the queue-level default attempts and backoff', async () => {
    const handles2 = openQueue<Data, Result>('join', redis, prefix, { defaultJobOptions: { attempts: 5, backoff: { type: 'fixed', delay: 10 } } });
    closers.push(() => handles2.close());
    const pending = await enqueue(handles2, 'join', { words: ['x'] }, 10_000);
    expect(pending.job.opts).toMatchObject({ attempts: 5, backoff: { type: 'fixed', delay: 10 }, removeOnComplete: true, removeOnFail: true });
    await pending.finished;
  });

  it('answers every one of many jobs that finish (and are removed) at once', async () => {
    // BullMQ's job.waitUntilFinished rejected a job that finished and was removed before it looked.
    const fast = openQueue<Data, Result>('fast', redis, prefix);
    const fastWorker = new Worker<Data, Result>('fast', async (job) => ({ joined: job.data.words.join(' '), worker: 'fast' }), {
      connection: createRedis(redisUrl, 'worker'),
      prefix,
      concurrency: 50,
    });
    closers.push(() => fast.close(), () => fastWorker.close());
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => runAndWait(fast, 'join', { words: [`f${i}`] }, 10_000)));
    expect(results.map((r) => r.joined)).toEqual(Array.from({ length: 300 }, (_, i) => `f${i}`));
  });

  it('fails a job that disappears from Redis without finishing with a retryable 503, before its deadline', async () => {
    const idle = openQueue<Data, Result>('nobody-consumes', redis, prefix);
    closers.push(() => idle.close());
    const pending = await enqueue(idle, 'join', { words: ['lost'] }, 60_000);
    await idle.queue.remove(pending.job.id as string); // what a Redis restarted without its data does
    const started = Date.now();
    await expect(pending.finished).rejects.toMatchObject({ code: 'dependency_unavailable', retryable: true });
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);

  it('rejects at once with the caller’s error a job its caller took out of the queue and abandoned, not as work lost', async () => {
    const idle = openQueue<Data, Result>('nobody-consumes', redis, prefix);
    closers.push(() => idle.close());
    const pending = await enqueue(idle, 'join', { words: ['cancelled'] }, 60_000);
    await pending.job.remove();
    const started = Date.now();
    pending.abandon(new ServiceError('timeout', 'job cancelled'));
    await expect(pending.finished).rejects.toMatchObject({ code: 'timeout', message: 'job cancelled' });
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('rejects with a 504 timeout when the job outlives its deadline', async () => {
    await expect(runAndWait(handles, 'join', { words: ['slow'] }, 200)).rejects.toMatchObject({ code: 'timeout', status: 504 });
  });

  it('never loses a fast job that finishes and is removed before anyone could look at it', async () => {
    // A regression test: waiting through BullMQ's waitUntilFinished failed about 1 in 500 such jobs.
    const results = await Promise.allSettled(Array.from({ length: 600 }, (_, i) => runAndWait(handles, 'join', { words: [`f${i}`] }, 20_000)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('keeps results of concurrent jobs apart', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => runAndWait(handles, 'join', { words: [`n${i}`] }, 10_000)));
    expect(results.map((r) => r.joined)).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
  });

  it('removes completed jobs so that Redis does not grow with traffic', async () => {
    await runAndWait(handles, 'join', { words: ['x'] }, 10_000);
    expect(await handles.queue.getCompletedCount()).toBe(0);
  });
});

describe('heartbeats', () => {
  it('count live workers per kind and forget one that stopped beating', async () => {
    const hbPrefix = `{h${randomUUID().slice(0, 8)}}`;
    const ocr1 = startHeartbeat(redis, hbPrefix, 'ocr', 'host:1', 100);
    const ocr2 = startHeartbeat(redis, hbPrefix, 'ocr', 'host:2', 100);
    const pdf = startHeartbeat(redis, hbPrefix, 'pdf', 'host:3', 100);
    await new Promise((r) => setTimeout(r, 150));
    expect(await countLiveWorkers(redis, hbPrefix, 100)).toEqual({ pdf: 1, ocr: 2, translate: 0, jobs: 0 });
    await ocr2.stop();
    expect((await countLiveWorkers(redis, hbPrefix, 100)).ocr).toBe(1);
    // A worker that died without stopping its heartbeat drops out after three missed beats.
    await redis.zadd(`${hbPrefix}:workers:translate`, Date.now() - 1_000, 'host:dead');
    expect((await countLiveWorkers(redis, hbPrefix, 100)).translate).toBe(0);
    await Promise.all([ocr1.stop(), pdf.stop()]);
  });

  it('carry what each live worker says about itself, and forget a dead one', async () => {
    const hbPrefix = `{h${randomUUID().slice(0, 8)}}`;
    const a = startHeartbeat(redis, hbPrefix, 'ocr', 'host:a', 100, { engine: 'native', languages: ['eng'] });
    const b = startHeartbeat(redis, hbPrefix, 'ocr', 'host:b', 100, { engine: 'tesseract.js', languages: ['eng', 'fra'] });
    await new Promise((r) => setTimeout(r, 150));
    const infos = await liveWorkerInfo<{ engine: string }>(redis, hbPrefix, 'ocr', 100);
    expect(Object.fromEntries(infos)).toEqual({ 'host:a': { engine: 'native', languages: ['eng'] }, 'host:b': { engine: 'tesseract.js', languages: ['eng', 'fra'] } });
    await b.stop();
    expect([...(await liveWorkerInfo(redis, hbPrefix, 'ocr', 100)).keys()]).toEqual(['host:a']);
    // Killed without a goodbye: its beat ages out, and its entry is removed when read.
    await redis.hset(`${hbPrefix}:workers:ocr:info`, 'host:dead', '{}');
    await redis.zadd(`${hbPrefix}:workers:ocr`, Date.now() - 1_000, 'host:dead');
    expect([...(await liveWorkerInfo(redis, hbPrefix, 'ocr', 100)).keys()]).toEqual(['host:a']);
    expect(await redis.hexists(`${hbPrefix}:workers:ocr:info`, 'host:dead')).toBe(0);
    await a.stop();
  });
});
