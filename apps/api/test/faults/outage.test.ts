import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../../test/fixtures/pdf.js';
import { ALICE } from '../harness.js';
import { png, prosePage, sampleProse, wordAccuracy, wordsOf } from '../ocr-fixtures.js';
import { killAll, serveFiles, type FileServer, post, privateServers, queueOf, sleep, startApp, storeFile, until, type AppProcess, type PrivateServers } from './stack.js';

// Redis and S3 going away and coming back, on a private redis-server (append-only file, as under
// `npm start`) and S3 server that the test stops and starts again on the same ports. New requests
// get 503 dependency_unavailable at once instead of hanging, /readyz says what is missing, work in
// flight resumes, and everything recovers by itself: no process is restarted.

let servers: PrivateServers;
let api: AppProcess;
let workers: AppProcess[];
let smallKey: string;
let pdfKey: string;
const pdfTexts = [sampleProse(3, 81), sampleProse(3, 82), sampleProse(3, 83)];
let files: FileServer;
let smallPng: Buffer;

beforeAll(async () => {
  servers = await privateServers();
  api = await startApp('api', servers);
  workers = await Promise.all([
    startApp('worker-pdf', servers, { ALLOW_PRIVATE_URLS: 'true' }),
    startApp('worker-ocr', servers, { OCR_CONCURRENCY: '1' }),
    startApp('worker-translate', servers),
    startApp('worker-jobs', servers),
  ]);
  smallPng = await png((await prosePage(['Back after the outage'], 1000)).image);
  smallKey = `faults/${randomUUID()}.png`;
  await storeFile(api.baseUrl, smallKey, smallPng);
  pdfKey = `faults/${randomUUID()}.pdf`;
  await storeFile(api.baseUrl, pdfKey, scannedPdf(await Promise.all(pdfTexts.map(async (t) => (await prosePage(t, 1400)).image))));
  files = await serveFiles((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(smallPng));
}, 120_000);
afterAll(async () => {
  files?.close();
  await killAll();
  await servers?.close();
});

const textOf = (body: any) => body.sections.map((s: { text: string }) => s.text).join(' ');
const translate = (text: string) => post(api.baseUrl, '/v1/ai/translate', { text, source_language: 'en', target_language: 'es' });
const ocrSmall = () => post(api.baseUrl, '/v1/vision/ocr', { file_store_key: smallKey });

async function readyz(): Promise<{ status: number; body: any; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${api.baseUrl}/readyz`);
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

async function expectHealthyAgain() {
  await until('/readyz 200', async () => (await readyz()).status === 200, 30_000, 250);
  const [t, o] = await Promise.all([translate('The cat is black.'), ocrSmall()]);
  expect(t.status).toBe(200);
  expect(t.body.translated_text).toMatch(/gato/);
  expect(o.status).toBe(200);
  expect(textOf(o.body)).toBe('Back after the outage');
  // Nothing was restarted: the same processes served before, during and after.
  for (const p of [api, ...workers]) expect(p.alive(), p.app).toBe(true);
}

function expectUnavailable(r: { status: number; body: any; headers: Headers; ms: number }) {
  expect(r.status).toBe(503);
  expect(r.body.error.code).toBe('dependency_unavailable');
  expect(r.headers.get('retry-after')).toBe('5');
  expect(r.ms).toBeLessThan(2_000);
}

describe('Redis goes away and comes back', () => {
  it('new requests get 503 dependency_unavailable at once, /readyz says redis, the request in flight completes, and all recovers by itself', async () => {
    expect((await readyz()).status).toBe(200);
    // A request in flight across the outage: three pages, one being recognised when Redis stops.
    const queue = queueOf(servers, 'ocr');
    const inFlight = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: pdfKey });
    await until('a page being recognised', async () => (await queue.getActiveCount()) > 0);
    await queue.close();
    await servers.stopRedis();
    const stoppedAt = Date.now();

    expectUnavailable(await translate('The cat is black.'));
    expectUnavailable(await ocrSmall());
    const logs = await fetch(`${api.baseUrl}/v1/logs/${randomUUID()}`, { headers: { authorization: `Bearer ${ALICE}` } });
    expect(logs.status).toBe(503);
    const ready = await readyz();
    expect(ready.status).toBe(503);
    expect(ready.body.missing).toContain('redis');
    expect(ready.ms).toBeLessThan(2_000);
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    // A file read needs S3 only: still served.
    const file = await fetch(`${api.baseUrl}/v1/store/file/read/${smallKey}`, { headers: { authorization: `Bearer ${ALICE}` } });
    expect(file.status).toBe(200);

    await sleep(Math.max(0, 3_000 - (Date.now() - stoppedAt)));
    await servers.startRedis();
    const { status, body } = await inFlight;
    expect(status).toBe(200);
    expect(body.pages.map((p: { page: number }) => p.page)).toEqual([1, 2, 3]);
    pdfTexts.forEach((truth, i) => {
      const words = body.sections.filter((s: { page: number }) => s.page === i + 1).flatMap((s: { text: string }) => wordsOf(s.text));
      expect(wordAccuracy(truth.flatMap(wordsOf), words), `page ${i + 1}`).toBeGreaterThanOrEqual(0.95);
    });
    await expectHealthyAgain();
  });
});

describe('Redis comes back without its data', () => {
  it('the request in flight gets 503 soon after (its jobs are gone), not a timeout; workers and routes come back by themselves', async () => {
    const queue = queueOf(servers, 'ocr');
    const inFlight = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: pdfKey });
    await until('a page being recognised', async () => (await queue.getActiveCount()) > 0);
    await queue.close();
    await servers.stopRedis();
    await servers.startRedis({ empty: true });
    const returnedAt = Date.now();
    const { status, body } = await inFlight;
    expect(status).toBe(503);
    expect(body.error.code).toBe('dependency_unavailable');
    expect(body.message).toMatch(/lost/);
    expect(Date.now() - returnedAt).toBeLessThan(12_000);
    // Heartbeats and the translation routes are written again: /readyz and translation recover.
    await expectHealthyAgain();
  });
});

describe('S3 goes away and comes back', () => {
  it('requests that need S3 get 503 at once, translation goes on, /readyz says s3, a job caught by the outage is retried, and all recovers by itself', async () => {
    await servers.stopS3();
    expectUnavailable(await ocrSmall());
    const upload = await fetch(`${api.baseUrl}/v1/store/file?key=during-outage`, { method: 'POST', headers: { authorization: `Bearer ${ALICE}` }, body: 'x' });
    expect(upload.status).toBe(503);
    const t = await translate('Good morning');
    expect(t.status).toBe(200);
    const ready = await readyz();
    expect(ready.status).toBe(503);
    expect(ready.body.missing).toEqual(['s3']);

    // A document fetched from a URL: worker-pdf cannot keep it in S3, its job is retried (1 s backoff),
    // and S3 is back before the next attempt.
    const retried = () => workers[0]!.logs().filter((l) => l.msg === 'job attempt failed; it will be retried').length;
    const retriedBefore = retried();
    const caught = post(api.baseUrl, '/v1/vision/ocr', { url: `${files.url}/doc.png` });
    await until('the attempt that fails', async () => retried() > retriedBefore, 10_000, 50);
    await servers.startS3();
    const { status, body } = await caught;
    expect(status).toBe(200);
    expect(textOf(body)).toBe('Back after the outage');
    expect(workers[0]!.logs().some((l) => l.log_id === body.log_id && l.msg === 'job attempt failed; it will be retried' && l.code === undefined)).toBe(true);
    await expectHealthyAgain();
  });

  it('a job that cannot reach S3 on any attempt is answered 503 dependency_unavailable', async () => {
    await servers.stopS3();
    try {
      const { status, body } = await post(api.baseUrl, '/v1/vision/ocr', { url: `${files.url}/doc.png` });
      expect(status).toBe(503);
      expect(body.error.code).toBe('dependency_unavailable');
    } finally {
      await servers.startS3();
    }
    await expectHealthyAgain();
  });
});
