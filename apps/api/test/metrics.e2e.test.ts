import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@docsvc/embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, runJob, startApi, storeFile, type TestApi } from './harness.js';
import { png, prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/** GET /metrics on the API and on a worker's METRICS_PORT, after real work went through. */
let api: TestApi;
let guarded: TestApi;
let workers: RunningWorkers;
let jobWorkers: RunningWorkers;
let workerPort: number;
let hooks: Server;
/** The statuses the webhook receiver answers, by path, used up in order (200 after). */
const answers = new Map<string, number[]>([['/failed', [500]]]);
const secret = 'a-long-enough-plain-secret';

beforeAll(async () => {
  hooks = createServer((req, res) => {
    req.resume().on('end', () => res.writeHead(answers.get(req.url ?? '')?.shift() ?? 200).end());
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
  api = await startApi();
  guarded = await startApi({ deps: { metricsToken: 'metrics-token-123' } });
  workerPort = await freePort();
  workers = await startWorkers(['ocr'], api.deps.queuePrefix, { OCR_CONCURRENCY: '1', METRICS_PORT: String(workerPort) });
  // As under npm start: worker-jobs has no METRICS_PORT, its counts reach the API's /metrics through Redis.
  jobWorkers = await startWorkers(['jobs'], api.deps.queuePrefix, { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_BASE_MS: '200' });
  const key = `metrics/${randomUUID()}/page.png`;
  expect((await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: await png((await prosePage(sampleProse(3, 61), 1000)).image) })).status).toBe(200);
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify({ file_store_key: key }) });
  expect(res.status).toBe(200);
  // And the same page as a job (read by worker-jobs' pipeline, counted by it), announced to a webhook.
  const succeeded = await runJob(api, { file_store_key: key, webhook_url: `${hooksUrl}/succeeded`, webhook_secret: secret });
  // A job that fails (a PNG that does not decode), announced after one refused attempt.
  const broken = await storeFile(api, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]), 'metrics', 'broken.png');
  const failed = await runJob(api, { file_store_key: broken, webhook_url: `${hooksUrl}/failed`, webhook_secret: secret });
  // A job cancelled while its PDF waits to be prepared (no worker-pdf here).
  const pdf = await storeFile(api, textPdf([{ lines: ['never read'] }]), 'metrics', 'doc.pdf');
  const created = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify({ file_store_key: pdf }) })).json()) as { job_id: string };
  expect((await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.job_id}`, { method: 'DELETE', headers: bearer(ALICE) })).status).toBe(200);
  const status = async (id: string) => (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}?answer=false`, { headers: bearer(ALICE) })).json()) as { status: string; webhook?: { delivered: boolean } };
  expect((await status(succeeded)).status).toBe('succeeded');
  expect((await status(failed)).status).toBe('failed');
  // Both webhooks delivered (the failed job's on its second attempt).
  for (const deadline = Date.now() + 20_000; !(await Promise.all([succeeded, failed].map(status))).every((s) => s.webhook?.delivered); ) {
    if (Date.now() > deadline) throw new Error('webhooks not delivered');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);
afterAll(async () => {
  hooks?.close();
  await jobWorkers?.stop();
  await workers?.stop();
  await guarded?.close();
  await api?.close();
});

const sample = (body: string, pattern: RegExp): number => Number(pattern.exec(body)?.[1] ?? NaN);

describe('GET /metrics', () => {
  it('on the API: the pages just read (a synchronous answer’s and a job’s), the request by route and status, the queues, jobs by status, webhook deliveries, the process', async () => {
    const res = await fetch(`${api.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = await res.text();
    expect(sample(body, /^docsvc_pages_processed_total\{[^}]*source="ocr"[^}]*engine="(?:native|tesseract\.js)"[^}]*\} (\d+)/m)).toBe(2);
    expect(body).toMatch(/^docsvc_page_recognition_seconds_count\{[^}]*engine="(?:native|tesseract\.js)"[^}]*\} 1$/m);
    // Jobs and webhooks of the whole service: worker-jobs ended and announced them, in its own process.
    const jobs = (status: string) => sample(body, new RegExp(`^docsvc_ocr_jobs_total\\{status="${status}"[^}]*\\} (\\d+)`, 'm'));
    expect([jobs('queued'), jobs('succeeded'), jobs('failed'), jobs('cancelled')]).toEqual([3, 1, 1, 1]);
    const webhooks = (outcome: string) => sample(body, new RegExp(`^docsvc_webhook_deliveries_total\\{outcome="${outcome}"[^}]*\\} (\\d+)`, 'm'));
    expect([webhooks('delivered'), webhooks('retry')]).toEqual([2, 1]);
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
