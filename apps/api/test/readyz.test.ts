import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@docsvc/embedded';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { createRedis, startHeartbeat, type Heartbeat, type WorkerKind } from '@docsvc/queue';
import { inject } from 'vitest';
import { startApi, type TestApi } from './harness.js';

const beats: Heartbeat[] = [];
afterAll(async () => {
  await Promise.all(beats.map((b) => b.stop()));
});

const beatAll = (api: TestApi, kinds: readonly WorkerKind[]) => {
  for (const kind of kinds) beats.push(startHeartbeat(api.deps.redis, api.deps.queuePrefix, kind, `test:${kind}`, 1_000));
};

describe('GET /healthz', () => {
  it('answers 200 without a key, even with Redis unreachable', async () => {
    const api = await startApi({ deps: { redis: createRedis(`redis://127.0.0.1:${await freePort()}`, 'client') } });
    const res = await fetch(`${api.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ status: 'ok', log_id: expect.any(String) });
    await api.close();
  });
});

describe('GET /readyz', () => {
  let api: TestApi;
  beforeAll(async () => {
    // The checks' own limit, generous: the S3 server of the test run lives in the runner's process,
    // which two OCR test files beside this one can keep busy past a second (seen in CI).
    api = await startApi({ deps: { readyCheckTimeoutMs: 5_000 } });
  });
  afterAll(() => api.close());

  it('is 503 naming each kind of worker that is missing', async () => {
    beatAll(api, ['ocr', 'translate', 'jobs']);
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`${api.baseUrl}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not_ready', missing: ['worker-pdf'] });
  });

  it('is 200 when Redis and S3 answer and a worker of each kind is alive; no key needed', async () => {
    beatAll(api, ['pdf']);
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`${api.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', checks: { redis: { ok: true }, s3: { ok: true }, workers: { pdf: 1, ocr: 1, translate: 1, jobs: 1 } } });
  });

  it('is 503 naming S3 when the bucket does not answer', async () => {
    const other = await startApi({ deps: { store: new ObjectStore(createS3Client(inject('s3')), `no-such-bucket-${Date.now()}`) } });
    for (const kind of ['pdf', 'ocr', 'translate', 'jobs'] as const) beats.push(startHeartbeat(other.deps.redis, other.deps.queuePrefix, kind, 'x', 1_000));
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`${other.baseUrl}/readyz`);
    expect(res.status).toBe(503);
    expect((await res.json()).missing).toEqual(['s3']);
    await other.close();
  });

  it('is 503 naming Redis, promptly, when Redis is unreachable', async () => {
    const other = await startApi({ deps: { redis: createRedis(`redis://127.0.0.1:${await freePort()}`, 'client') } });
    const started = Date.now();
    const res = await fetch(`${other.baseUrl}/readyz`);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(res.status).toBe(503);
    expect((await res.json()).missing).toContain('redis');
    await other.close();
  });
});
