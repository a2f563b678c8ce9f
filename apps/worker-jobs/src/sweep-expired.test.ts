import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '@docsvc/logger';
import { JobStore, jobObjects } from '@docsvc/ocr-jobs';
import { createRedis } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { sweepExpiredJobs } from './sweep-expired.js';

const redis = createRedis(inject('redisUrl'), 'client');
const client = createS3Client(inject('s3'));
const store = new ObjectStore(client, inject('s3').S3_BUCKET);
afterAll(() => {
  redis.disconnect();
  client.destroy();
});

describe('sweepExpiredJobs', () => {
  it('removes a job whose retention has ended with every object under jobs/<id>/, and leaves the others', async () => {
    const jobs = new JobStore(redis, `{s${randomUUID().slice(0, 8)}}`, 60);
    const make = async () => {
      const outcome = await jobs.create({ owner: 'alice', logId: 'l', spec: { options: {}, source: { objectKey: 'files/alice/doc.pdf' }, dpi: 250, maxPages: 10, statusUrl: 'http://x' } });
      if (!('job' in outcome)) throw new Error('conflict');
      const id = outcome.job.id;
      await store.put(jobObjects.upload(id), 'upload');
      await store.put(`${jobObjects.pages(id)}000001.json`, '{}');
      await store.put(jobObjects.answer(id), '{}');
      return id;
    };
    const old = await make();
    await jobs.transition(old, 'cancelled');
    const removed = await sweepExpiredJobs(jobs, store, createLogger('test', 'silent'), Date.now() + 61_000);
    expect(removed).toBe(1);
    expect(await store.list(jobObjects.prefix(old))).toEqual([]);
    expect(await jobs.get(old)).toBeUndefined();

    // A job whose retention has not ended is left alone.
    const fresh = await make();
    expect(await sweepExpiredJobs(jobs, store, createLogger('test', 'silent'))).toBe(0);
    expect(await store.list(jobObjects.prefix(fresh))).toHaveLength(3);
    expect(await jobs.get(fresh)).toBeDefined();
  });
});
