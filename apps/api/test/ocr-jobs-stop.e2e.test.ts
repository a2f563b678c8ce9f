import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess, type LogEntry } from '@docsvc/test-kit';
import { textPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, startApi, storeFile, type TestApi } from './harness.js';
import { png, prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, testBackend, type RunningWorkers } from '../../../test/stack.ts';

/**
 * What worker-jobs logs and does around a job's cancellation and its own stop, read from its JSON
 * lines: the API in process, worker-jobs as its own process, and no worker-pdf or worker-ocr at first,
 * so that the steps it hands out wait in their queues (as they do for a busy service, or under
 * `npm start` once the other workers have stopped).
 */

let api: TestApi;
let coordinator: AppProcess;
let resumed: AppProcess | undefined;
let ocr: RunningWorkers | undefined;
let hooks: Server;
let hooksUrl: string;
/** The webhook POSTs received, by path; the first one to /slow is never answered. */
const received = new Map<string, string[]>();
const held: ServerResponse[] = [];
let pngKey: string;
let pdfKey: string;

const SHUTDOWN_GRACE_MS = 15_000;
const startCoordinator = () =>
  startApp('worker-jobs', {
    backend: testBackend(api.deps.queuePrefix),
    output: 'memory',
    // A webhook receiver may take longer than the grace period to answer.
    env: { LOG_LEVEL: 'info', HEARTBEAT_INTERVAL_MS: '500', SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS), ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: '60000' },
  });

beforeAll(async () => {
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.set(path, [...(received.get(path) ?? []), body]);
      if (path === '/slow' && received.get(path)!.length === 1) held.push(res);
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
  api = await startApi();
  coordinator = await startCoordinator();
  pngKey = await storeFile(api, await png((await prosePage(sampleProse(2, 31), 900)).image), 'stop', 'page.png');
  pdfKey = await storeFile(api, textPdf([{ lines: ['prepared by nobody'] }]), 'stop', 'doc.pdf');
}, 120_000);
afterAll(async () => {
  for (const res of held) res.destroy();
  hooks?.close();
  await ocr?.stop();
  await Promise.all([coordinator, resumed].map((p) => p?.stop(5_000)));
  await api?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000, detail = () => ''): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check()); await sleep(100)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${detail()}`);
  }
}

async function createJob(body: object): Promise<string> {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(202);
  return ((await res.json()) as { job_id: string }).job_id;
}

const jobStatus = async (id: string) => (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}?answer=false`, { headers: bearer(ALICE) })).json()) as { status: string; webhook?: { delivered: boolean } };
const cancel = async (id: string) => expect((await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { method: 'DELETE', headers: bearer(ALICE) })).status).toBe(200);
/** A step of a job in its queue (the coordinator's ids: `<job>.prepare`, `<job>.ocr.<page>`). */
const stepQueued = async (queue: 'pdf' | 'ocr', id: string) => (await api.deps.ocr[queue].queue.getJob(id)) !== undefined;
const linesAbout = (proc: AppProcess, ids: string[]) => proc.logs().filter((l: LogEntry) => ids.some((id) => typeof l.job_id === 'string' && l.job_id.startsWith(id)));
const shown = (lines: LogEntry[]) => `:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`;

describe('a cancelled job', () => {
  it('ends cancelled with no warning, whether its document was waiting to be prepared or its page to be read; its steps leave the queues', async () => {
    const preparing = await createJob({ file_store_key: pdfKey });
    const reading = await createJob({ file_store_key: pngKey });
    await until('steps queued', async () => (await stepQueued('pdf', `${preparing}.prepare`)) && (await stepQueued('ocr', `${reading}.ocr.1`)));
    await cancel(preparing);
    await cancel(reading);
    const ids = [preparing, reading];
    await until(
      'both jobs ended cancelled by their coordinator',
      () => ids.every((id) => coordinator.logs().some((l) => l.msg === 'OCR job cancelled' && l.job_id === id)),
      15_000,
      () => shown(linesAbout(coordinator, ids)),
    );
    await sleep(500); // anything logged late
    const lines = linesAbout(coordinator, ids);
    expect(lines.filter((l) => (l.level as number) >= 40 || JSON.stringify(l).includes('restarted without its data')), shown(lines)).toEqual([]);
    expect(await stepQueued('pdf', `${preparing}.prepare`)).toBe(false);
    expect(await stepQueued('ocr', `${reading}.ocr.1`)).toBe(false);
    for (const id of ids) expect((await jobStatus(id)).status).toBe('cancelled');
  }, 60_000);
});

describe('worker-jobs on SIGTERM', () => {
  it('stops at once, well within its grace period, handing back a job waiting for its page and a webhook attempt waiting for its receiver; the next worker-jobs resumes both', async () => {
    // A webhook attempt in flight to a receiver that does not answer.
    const announced = await createJob({ file_store_key: pngKey, webhook_url: `${hooksUrl}/slow`, webhook_secret: 'a-long-enough-plain-secret' });
    await until('job running', async () => (await jobStatus(announced)).status === 'running');
    await cancel(announced);
    await until('webhook attempt received', () => (received.get('/slow')?.length ?? 0) === 1);
    // A job whose page waits for a worker-ocr (stopped, or not there yet).
    const waiting = await createJob({ file_store_key: pngKey });
    await until('page queued', () => stepQueued('ocr', `${waiting}.ocr.1`));

    const started = Date.now();
    const exit = await coordinator.stop(SHUTDOWN_GRACE_MS + 10_000);
    const tookMs = Date.now() - started;
    const lines = coordinator.logs();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs, shown(lines.slice(-20))).toBeLessThan(5_000);
    expect(lines.some((l) => l.msg === 'stopped')).toBe(true);
    expect(lines.filter((l) => /overran its grace period/.test(String(l.msg)))).toEqual([]);
    const handedBack = lines.filter((l) => l.msg === 'job handed back to the queue: this worker is stopping').map((l) => l.job);
    expect(handedBack.sort(), shown(lines.slice(-20))).toEqual(['document', 'webhook']);
    // Back in the queue, not left active until its lock expires.
    expect(['waiting', 'delayed', 'prioritized']).toContain(await api.deps.jobs.queue.getJobState(waiting));
    expect((await jobStatus(waiting)).status).toBe('running');

    resumed = await startCoordinator();
    ocr = await startWorkers(['ocr'], api.deps.queuePrefix, { OCR_CONCURRENCY: '1' });
    await until('job resumed and succeeded', async () => (await jobStatus(waiting)).status === 'succeeded', 60_000);
    await until('webhook delivered', async () => (await jobStatus(announced)).webhook?.delivered === true);
    expect(received.get('/slow')).toHaveLength(2);
    expect(JSON.parse(received.get('/slow')![1]!)).toMatchObject({ job_id: announced, status: 'cancelled' });
  }, 120_000);
});
