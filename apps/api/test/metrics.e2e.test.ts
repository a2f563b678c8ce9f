import { randomUUID } from 'node:crypto';
import { freePort } from '@docsvc/embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, bearer, runJob, startApi, type TestApi } from './harness.js';
import { png, prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/** GET /metrics on the API and on a worker's METRICS_PORT, after real work went through. */
let api: TestApi;
let guarded: TestApi;
let workers: RunningWorkers;
let jobWorkers: RunningWorkers;
let workerPort: number;

beforeAll(async () => {
  api = await startApi();
  guarded = await startApi({ deps: { metricsToken: 'metrics-token-123' } });
  workerPort = await freePort();
  workers = await startWorkers(['ocr'], api.deps.queuePrefix, { OCR_CONCURRENCY: '1', METRICS_PORT: String(workerPort) });
  jobWorkers = await startWorkers(['jobs'], api.deps.queuePrefix);
  const key = `metrics/${randomUUID()}/page.png`;
  expect((await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: await png((await prosePage(sampleProse(3, 61), 1000)).image) })).status).toBe(200);
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify({ file_store_key: key }) });
  expect(res.status).toBe(200);
  // And the same page as a job (read by worker-jobs' pipeline, counted by it).
  await runJob(api, { file_store_key: key });
}, 120_000);
afterAll(async () => {
  await jobWorkers?.stop();
  await workers?.stop();
  await guarded?.close();
  await api?.close();
});

const sample = (body: string, pattern: RegExp): number => Number(pattern.exec(body)?.[1] ?? NaN);

describe('GET /metrics', () => {
  it('on the API: the pages just read (a synchronous answer’s and a job’s), the request by route and status, the queues, jobs, the process', async () => {
    const res = await fetch(`${api.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.text();
    expect(sample(body, /^docsvc_pages_processed_total\{[^}]*source="ocr"[^}]*engine="(?:native|tesseract\.js)"[^}]*\} (\d+)/m)).toBe(2);
    expect(body).toMatch(/^docsvc_page_recognition_seconds_count\{[^}]*engine="(?:native|tesseract\.js)"[^}]*\} 1$/m);
    expect(sample(body, /^docsvc_ocr_jobs_total\{status="queued"[^}]*\} (\d+)/m)).toBe(1);
    expect(sample(body, /^docsvc_http_requests_total\{method="POST",route="\/v1\/vision\/ocr",status="200"[^}]*\} (\d+)/m)).toBe(1);
    expect(body).toMatch(/^docsvc_http_request_duration_seconds_bucket\{[^}]*route="\/v1\/store\/file"[^}]*\} \d+/m);
    expect(body).toMatch(/^docsvc_queue_jobs\{queue="ocr-page",state="waiting"[^}]*\} 0$/m);
    expect(body).toMatch(/^docsvc_process_resident_memory_bytes\{app="api"\} \d+/m);
    expect(body).toMatch(/^docsvc_nodejs_eventloop_lag_seconds\{app="api"\} /m);
  });

  it('needs METRICS_TOKEN when one is set', async () => {
    expect((await fetch(`${guarded.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${guarded.baseUrl}/metrics`, { headers: bearer(ALICE) })).status).toBe(401);
    expect((await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: 'Bearer metrics-token-123' } })).status).toBe(200);
  });

  it('on a worker’s METRICS_PORT: the jobs it ended', async () => {
    const body = await (await fetch(`http://127.0.0.1:${workerPort}/metrics`)).text();
    expect(sample(body, /^docsvc_worker_jobs_total\{queue="ocr-page",name="page",outcome="completed"[^}]*\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(body).toMatch(/^docsvc_process_resident_memory_bytes\{app="worker-ocr"\} \d+/m);
  });
});
