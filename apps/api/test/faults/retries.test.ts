import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../../../test/fixtures/pdf.js';
import { png, prosePage } from '../ocr-fixtures.js';
import { killAll, serveFiles, type FileServer, linesOf, post, sharedBackend, startApp, storeFile, type AppProcess, type Backend } from './stack.js';

// Transient failures are retried with backoff (JOB_ATTEMPTS, JOB_BACKOFF_MS), deterministic ones
// are not; every failed attempt is logged with the request's log_id, saying what happens next.

let backend: Backend;
let api: AppProcess;
let pdf: AppProcess;
let ocr: AppProcess;
let files: FileServer;
/** Per path: statuses to answer before the document itself (then 200), or a fixed status for ever. */
const plan = new Map<string, { failures: number[]; always?: number; body: Buffer; hits: number }>();

beforeAll(async () => {
  backend = await sharedBackend();
  api = await startApp('api', backend, { JOB_BACKOFF_MS: '200' });
  [pdf, ocr] = await Promise.all([startApp('worker-pdf', backend, { ALLOW_PRIVATE_URLS: 'true' }), startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' })]);
  files = await serveFiles((req, res) => {
    const entry = plan.get(req.url ?? '');
    if (!entry) return res.writeHead(404).end();
    entry.hits += 1;
    const status = entry.always ?? entry.failures.shift();
    if (status) return res.writeHead(status).end('try later');
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(entry.body);
  });
}, 120_000);
afterAll(async () => {
  files?.close();
  await killAll();
});

describe('retries', () => {
  it('a download answered 503 twice is retried with backoff and the request succeeds', async () => {
    const bytes = await png((await prosePage(['Third time lucky'], 1000)).image);
    plan.set('/flaky.png', { failures: [503, 502], body: bytes, hits: 0 });
    const { status, body } = await post(api.baseUrl, '/v1/vision/ocr', { url: `${files.url}/flaky.png` });
    expect(status).toBe(200);
    expect(body.sections.map((s: { text: string }) => s.text).join(' ')).toBe('Third time lucky');
    expect(plan.get('/flaky.png')!.hits).toBe(3);
    const retries = linesOf(pdf, body.log_id).filter((l) => l.msg === 'job attempt failed; it will be retried');
    expect(retries.map((l) => [l.attempt, l.retry_in_ms])).toEqual([
      [1, 200],
      [2, 400],
    ]);
  });

  it('a download that keeps failing with 503 is answered with its error after the last attempt, logged as final', async () => {
    plan.set('/down.png', { failures: [], always: 503, body: Buffer.alloc(0), hits: 0 });
    const { status, body } = await post(api.baseUrl, '/v1/vision/ocr', { url: `${files.url}/down.png` });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'download_failed', details: [{ upstream_status: 503 }] });
    expect(plan.get('/down.png')!.hits).toBe(3);
    const lines = linesOf(pdf, body.log_id);
    expect(lines.filter((l) => l.msg === 'job attempt failed; it will be retried')).toHaveLength(2);
    expect(lines.filter((l) => l.msg === 'job failed; no attempt left')).toMatchObject([{ attempt: 3, attempts: 3 }]);
  });

  it('a download answered 404 is not retried', async () => {
    plan.set('/gone.png', { failures: [], always: 404, body: Buffer.alloc(0), hits: 0 });
    const { status, body } = await post(api.baseUrl, '/v1/vision/ocr', { url: `${files.url}/gone.png` });
    expect(status).toBe(422);
    expect(body.error).toMatchObject({ code: 'download_failed', details: [{ upstream_status: 404 }] });
    expect(plan.get('/gone.png')!.hits).toBe(1);
  });

  it('a corrupt PDF is not retried: one attempt, one log line with its code', async () => {
    const key = `faults/${randomUUID()}.pdf`;
    await storeFile(api.baseUrl, key, textPdf([{ lines: ['x'] }]).subarray(0, 60));
    const { status, body } = await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: key });
    expect(status).toBe(422);
    expect(body.error.code).toBe('invalid_document');
    const lines = linesOf(pdf, body.log_id).filter((l) => l.code === 'invalid_document');
    expect(lines).toMatchObject([{ attempt: 1, attempts: 3, level: 'info' }]);
    expect(ocr.alive()).toBe(true);
  });
});
