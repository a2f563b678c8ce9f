import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '@docsvc/logger';
import { ServiceError } from '@docsvc/schemas';
// The built pool: its thread script is dist/isolate-thread.js.
import { ThreadPool, type IsolatedJob } from '../dist/isolate.js';

// The threads read the worker's configuration from the environment, as in a worker process.
process.env.REDIS_URL = inject('redisUrl');
const module = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/processor.js');
const pool = new ThreadPool({ module, size: 1, memoryMb: 32, app: 'isolate-test', log: createLogger('isolate-test', 'silent'), recycleAfterJobs: 3 });
afterAll(() => pool.close());

const job = (data: Record<string, unknown>): IsolatedJob<unknown> => ({ id: '1', name: 'raster', data: { requestId: 'r', ...data }, attemptsMade: 0 });
const limits = {
  timeoutMs: 1_000,
  onTimeout: () => new ServiceError('invalid_document', 'too slow'),
  onOutOfMemory: () => new ServiceError('invalid_document', 'too big'),
};
const run = (data: Record<string, unknown>) => pool.run(job(data), limits) as Promise<{ threadId: number; page: number }>;

describe('ThreadPool', () => {
  it('runs jobs in a warm thread, replaced after recycleAfterJobs jobs', async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 6; page++) {
      const r = await run({ page });
      expect(r.page).toBe(page);
      ids.push(r.threadId);
    }
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(ids.slice(3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
  });

  it.each([
    ['spins in a synchronous loop', 'spin', 'too slow'],
    ['never settles', 'hang', 'too slow'],
    ['fills its heap', 'balloon', 'too big'],
  ])('fails a job that %s with its limit error, and goes on with a new thread', async (_what, what, message) => {
    const before = (await run({ page: 0 })).threadId;
    await expect(run({ what })).rejects.toMatchObject({ code: 'invalid_document', message });
    const after = await run({ page: 7 });
    expect(after.page).toBe(7);
    expect(after.threadId).not.toBe(before);
  });

  it("brings a processor's error back", async () => {
    await expect(run({ what: 'throw' })).rejects.toThrow('processor failed');
    expect((await run({ page: 8 })).page).toBe(8);
  });

  it('keeps one thread warm, starts more while slow jobs wait for one, and ends them once idle', async () => {
    const elastic = new ThreadPool({ module, size: 3, warm: 1, growAfterMs: 100, slowJobMs: 300, idleMs: 500, memoryMb: 32, app: 'isolate-test', log: createLogger('isolate-test', 'silent') });
    try {
      const runOn = (data: Record<string, unknown>) => elastic.run(job(data), { ...limits, timeoutMs: 10_000 }) as Promise<{ threadId: number }>;
      expect(elastic.threads).toBe(1);
      // Quick jobs one after another never wait: one thread serves them.
      for (let i = 0; i < 4; i++) await runOn({ page: i });
      expect(elastic.threads).toBe(1);
      // Quick jobs queued together wait their turn on it: they are done sooner than a thread starts.
      await Promise.all(Array.from({ length: 6 }, () => runOn({ what: 'sleep', ms: 150 })));
      expect(elastic.threads).toBe(1);
      // Three slow jobs at once: the waiting ones start threads of their own. Slow enough that the
      // first is still running when both new threads have started on a loaded machine (CI: 1.5 s was not).
      const slow = await Promise.all([1, 2, 3].map(() => runOn({ what: 'sleep', ms: 4_000 })));
      expect(new Set(slow.map((r) => r.threadId)).size).toBe(3);
      // Idle, the extra threads end; the warm one stays and serves.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(elastic.threads).toBe(1);
      expect((await runOn({ page: 9 })).threadId).toBeGreaterThan(0);
    } finally {
      await elastic.close();
    }
  });
});
