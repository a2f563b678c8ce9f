import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createRedis, readJobTotals } from '@docsvc/queue';
import { JobStore, type JobSpec } from './job-store.js';

const redis = createRedis(inject('redisUrl'), 'client');
afterAll(() => redis.disconnect());

const spec: JobSpec = { options: { language: 'auto' }, source: { objectKey: 'files/a/scan.pdf', kind: 'pdf' }, dpi: 250, maxPages: 2000, statusUrl: 'http://api/v1/vision/ocr/jobs/x' };
const freshStore = (ttlSeconds = 3600) => new JobStore(redis, `{j${randomUUID().slice(0, 8)}}`, ttlSeconds);

describe('JobStore', () => {
  it('creates a queued job that only its owner can read, and moves it only along allowed transitions', async () => {
    const store = freshStore();
    const outcome = await store.create({ owner: 'alice', logId: 'log-1', spec, webhookSecret: 'whsec_abc' });
    if (!('created' in outcome) || !outcome.created) throw new Error('not created');
    const id = outcome.job.id;
    expect(outcome.job).toMatchObject({ owner: 'alice', logId: 'log-1', status: 'queued', pagesDone: 0, spec });
    expect(await store.getOwned('bob', id)).toBeUndefined();
    expect(await store.webhookSecret(id)).toBe('whsec_abc');

    expect(await store.transition(id, 'succeeded')).toBe('queued'); // not allowed from queued: unchanged
    expect((await store.get(id))!.status).toBe('queued');
    expect(await store.transition(id, 'running')).toBe('queued');
    await store.setPlan(id, { kind: 'pdf', totalPages: 12, pageRange: [1, 12], sourceKey: 'files/a/scan.pdf' });
    expect(await store.pageDone(id, 3)).toBe(1);
    expect(await store.pageDone(id, 3)).toBe(1); // the same page twice counts once
    expect(await store.pageDone(id, 1)).toBe(2);
    expect([...(await store.donePages(id))].sort()).toEqual([1, 3]);
    expect(await store.transition(id, 'cancelled')).toBe('running');
    expect(await store.transition(id, 'succeeded')).toBe('cancelled'); // a cancelled job stays cancelled
    expect(await store.get(id)).toMatchObject({ status: 'cancelled', pagesDone: 2, plan: { totalPages: 12 } });
    expect(await store.transition(randomUUID(), 'running')).toBeUndefined();
  });

  it('counts each job once for the status it reached (the metrics of the whole service), however many processes race to end it', async () => {
    const prefix = `{j${randomUUID().slice(0, 8)}}`;
    const store = new JobStore(redis, prefix, 3_600);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await store.create({ owner: 'alice', logId: `l${i}`, spec, idempotency: { key: `k${i}`, bodyHash: 'h' } });
      if (!('job' in outcome)) throw new Error('conflict');
      ids.push(outcome.job.id);
    }
    await store.create({ owner: 'alice', logId: 'replay', spec, idempotency: { key: 'k0', bodyHash: 'h' } }); // a replay: no new job
    const [a, b, c] = ids as [string, string, string];
    await store.transition(a, 'running');
    await Promise.all([store.transition(a, 'succeeded'), store.transition(a, 'cancelled'), store.transition(a, 'succeeded')]);
    await store.transition(b, 'running');
    await store.transition(b, 'failed', { error: { code: 'invalid_document', message: 'damaged' } });
    await Promise.all([store.transition(c, 'cancelled'), store.transition(c, 'cancelled')]);
    const totals = await readJobTotals(redis, prefix);
    const byStatus = Object.fromEntries(totals.jobs.map((t) => [t.status, t.count]));
    const endedA = (await store.get(a))!.status;
    expect(byStatus).toEqual({ queued: 3, failed: 1, cancelled: endedA === 'cancelled' ? 2 : 1, ...(endedA === 'succeeded' ? { succeeded: 1 } : {}) });
  });

  it('records a failure with its code and page', async () => {
    const store = freshStore();
    const outcome = await store.create({ owner: 'alice', logId: 'l', spec });
    if (!('job' in outcome)) throw new Error('conflict');
    await store.transition(outcome.job.id, 'running');
    await store.transition(outcome.job.id, 'failed', { error: { code: 'invalid_document', message: 'page 7 is damaged', page: 7 } });
    expect(await store.get(outcome.job.id)).toMatchObject({ status: 'failed', error: { code: 'invalid_document', page: 7 } });
  });

  it('shows a failed job with its error from the moment it is failed (a poller never sees one without the other)', async () => {
    const prefix = `{j${randomUUID().slice(0, 8)}}`;
    const own = createRedis(inject('redisUrl'), 'client');
    const store = new JobStore(own, prefix, 3_600);
    const outcome = await store.create({ owner: 'alice', logId: 'l', spec });
    if (!('job' in outcome)) throw new Error('conflict');
    await store.transition(outcome.job.id, 'running');
    // What another client reads at every command the store sends once the status has changed.
    const seen: Array<Record<string, string>> = [];
    for (const command of ['hget', 'zrangebyscore', 'multi'] as const) {
      const real = (own[command] as (...args: unknown[]) => unknown).bind(own);
      (own as unknown as Record<string, unknown>)[command] = (...args: unknown[]) => {
        seen.push({});
        void redis.hgetall(`${prefix}:ocrjob:${outcome.job.id}`).then((hash) => Object.assign(seen[seen.length - 1]!, hash));
        return real(...args);
      };
    }
    await store.transition(outcome.job.id, 'failed', { error: { code: 'invalid_document', message: 'page 2 is damaged', page: 2 } });
    await redis.ping();
    own.disconnect();
    const failed = seen.filter((hash) => hash.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const hash of failed) expect(JSON.parse(hash.error ?? 'null')).toMatchObject({ code: 'invalid_document', page: 2 });
  });

  it('replays an idempotency key with the same body and refuses it with another, per owner', async () => {
    const store = freshStore();
    const first = await store.create({ owner: 'alice', logId: 'l1', spec, idempotency: { key: 'k-1', bodyHash: 'h1' } });
    const again = await store.create({ owner: 'alice', logId: 'l2', spec, idempotency: { key: 'k-1', bodyHash: 'h1' } });
    const other = await store.create({ owner: 'alice', logId: 'l3', spec, idempotency: { key: 'k-1', bodyHash: 'h2' } });
    const bobs = await store.create({ owner: 'bob', logId: 'l4', spec, idempotency: { key: 'k-1', bodyHash: 'h2' } });
    if (!('job' in first) || !('job' in again) || !('job' in bobs)) throw new Error('unexpected conflict');
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, job: { id: first.job.id } });
    expect(other).toEqual({ conflict: true, jobId: first.job.id });
    expect(bobs.created).toBe(true);
    expect(bobs.job.id).not.toBe(first.job.id);
  });

  it('lists an owner’s jobs newest first, a page at a time, by status', async () => {
    const store = freshStore();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const outcome = await store.create({ owner: 'alice', logId: `l${i}`, spec });
      if (!('job' in outcome)) throw new Error('conflict');
      ids.push(outcome.job.id);
      if (i % 2 === 0) await store.transition(outcome.job.id, 'cancelled');
    }
    await store.create({ owner: 'bob', logId: 'b', spec });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await store.list('alice', { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.jobs.map((j) => j.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    // Jobs created in the same millisecond have no order of their own: compare as sets, and check times.
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen).toHaveLength(7);
    const all = await store.list('alice', { limit: 100 });
    const times = all.jobs.map((j) => j.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const cancelled = await store.list('alice', { limit: 100, status: 'cancelled' });
    expect(cancelled.jobs.map((j) => j.id).sort()).toEqual([ids[0], ids[2], ids[4], ids[6]].sort());
    expect((await store.list('bob', { limit: 10 })).jobs).toHaveLength(1);
  });

  it('hands each expired job to one taker, and forgets its record', async () => {
    const store = freshStore(60);
    const outcome = await store.create({ owner: 'alice', logId: 'l', spec });
    if (!('job' in outcome)) throw new Error('conflict');
    expect(await store.takeExpired(Date.now())).toEqual([]);
    const later = Date.now() + 61_000;
    const [a, b] = await Promise.all([store.takeExpired(later), store.takeExpired(later)]);
    expect([...a!, ...b!].map((e) => e.id)).toEqual([outcome.job.id]);
    expect(await store.get(outcome.job.id)).toBeUndefined();
    expect((await store.list('alice', { limit: 10 })).jobs).toEqual([]);
  });

  it('shares an owner’s slots for pages in work between its jobs, and frees slots a dead coordinator left', async () => {
    const store = freshStore();
    expect(await store.takeSlot('alice', 'job-a', 1, 2)).toBe(true);
    expect(await store.takeSlot('alice', 'job-b', 1, 2)).toBe(true);
    expect(await store.takeSlot('alice', 'job-b', 2, 2)).toBe(false);
    expect(await store.takeSlot('bob', 'job-c', 1, 2)).toBe(true); // another key's slots are its own
    await store.endPage('alice', 'job-a', 1);
    expect(await store.takeSlot('alice', 'job-b', 2, 2)).toBe(true);
    // Half an hour later, slots never given back are free again.
    expect(await store.takeSlot('alice', 'job-d', 1, 2, Date.now() + 31 * 60_000)).toBe(true);
  });

  it('frees the slots a job still held when it ends (its coordinator died holding them)', async () => {
    const store = freshStore();
    const outcome = await store.create({ owner: 'alice', logId: 'l', spec });
    if (!('job' in outcome)) throw new Error('conflict');
    const id = outcome.job.id;
    expect(await store.takeSlot('alice', id, 1, 2)).toBe(true);
    expect(await store.takeSlot('alice', id, 2, 2)).toBe(true);
    expect(await store.takeSlot('alice', 'other-job', 1, 2)).toBe(false);
    await store.transition(id, 'cancelled');
    expect(await store.takeSlot('alice', 'other-job', 1, 2)).toBe(true);
  });

  it('counts the pages an owner’s unfinished jobs have left to read', async () => {
    const store = freshStore();
    const a = await store.create({ owner: 'alice', logId: 'l', spec: { ...spec, options: { page_range: [1, 50] } } });
    const b = await store.create({ owner: 'alice', logId: 'l', spec });
    if (!('job' in a) || !('job' in b)) throw new Error('conflict');
    expect(await store.pendingPages('alice')).toBe(51); // 50 asked, and at least 1 for the document not yet opened
    await store.setPlan(b.job.id, { kind: 'pdf', totalPages: 30, pageRange: [1, 30], sourceKey: 'k' });
    expect(await store.pendingPages('alice')).toBe(80);
    await store.pageDone(b.job.id, 1);
    await store.pageDone(b.job.id, 2);
    expect(await store.pendingPages('alice')).toBe(78);
    await store.transition(a.job.id, 'cancelled');
    expect(await store.pendingPages('alice')).toBe(28);
    expect(await store.pendingPages('bob')).toBe(0);
  });
});
