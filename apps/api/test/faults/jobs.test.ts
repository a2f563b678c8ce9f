import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../../test/fixtures/pdf.js';
import { prosePage } from '../ocr-fixtures.js';
import { jsonHeaders, killAll, privateServers, startApp, storeFile, until, type AppProcess, type PrivateServers } from './stack.js';

// An asynchronous OCR job of 50 scanned pages survives the death of any process, and a restart of
// Redis from its append-only file: it ends succeeded with every page once and in order.

const PAGES = 50;
let servers: PrivateServers;
let api: AppProcess;
let pdfKey: string;
const apps: AppProcess[] = [];

beforeAll(async () => {
  servers = await privateServers();
  api = await startApp('api', servers);
  const images = await Promise.all(Array.from({ length: PAGES }, async (_, i) => (await prosePage([`Page ${i + 1} of fifty`], 700)).image));
  pdfKey = `faults/${randomUUID()}.pdf`;
  await storeFile(api.baseUrl, pdfKey, scannedPdf(images));
  apps.push(
    ...(await Promise.all([
      startApp('worker-pdf', servers, { PDF_CONCURRENCY: '1' }),
      startApp('worker-pdf', servers, { PDF_CONCURRENCY: '1' }),
      startApp('worker-ocr', servers, { OCR_CONCURRENCY: '1' }),
      startApp('worker-ocr', servers, { OCR_CONCURRENCY: '1' }),
      startApp('worker-jobs', servers, { JOB_PAGES_IN_FLIGHT: '4' }),
    ])),
  );
}, 180_000);
afterAll(async () => {
  await killAll();
  await servers?.close();
});

const live = (app: string) => apps.filter((a) => a.app === app && a.alive());

async function startJob(): Promise<string> {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ file_store_key: pdfKey }) });
  expect(res.status).toBe(202);
  return (await res.json()).job_id;
}

async function jobStatus(id: string): Promise<any> {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { headers: jsonHeaders }).catch(() => undefined);
  return res?.ok ? res.json() : undefined;
}

const pagesDone = async (id: string) => (await jobStatus(id))?.progress?.pages_done ?? 0;

/** The job ends succeeded: each of the 50 pages once, in order, each with its own text. */
async function expectCompleteAnswer(id: string): Promise<void> {
  let body: any;
  await until(
    `job ${id} ended`,
    async () => {
      body = await jobStatus(id);
      return ['succeeded', 'failed', 'cancelled'].includes(body?.status);
    },
    150_000,
    250,
  );
  expect(body).toMatchObject({ status: 'succeeded', progress: { pages_done: PAGES, pages_total: PAGES } });
  expect(body.pages.map((p: { page: number }) => p.page)).toEqual(Array.from({ length: PAGES }, (_, i) => i + 1));
  const order = body.sections.map((s: { page: number }) => s.page);
  expect(order).toEqual([...order].sort((a: number, b: number) => a - b));
  for (let page = 1; page <= PAGES; page++) {
    const text = body.sections.filter((s: { page: number }) => s.page === page).map((s: { text: string }) => s.text).join(' ');
    expect(text, `page ${page}`).toContain(`Page ${page} of fifty`);
  }
}

describe('an OCR job of 50 pages survives', () => {
  it('worker-jobs killed with SIGKILL mid-job: another takes the job up and resumes it', async () => {
    const id = await startJob();
    await until('10 pages done', async () => (await pagesDone(id)) >= 10, 120_000, 100);
    const [victim] = live('worker-jobs');
    victim!.kill('SIGKILL');
    const doneAtKill = await pagesDone(id);
    apps.push(await startApp('worker-jobs', servers, { JOB_PAGES_IN_FLIGHT: '4' }));
    await expectCompleteAnswer(id);
    const resumed = live('worker-jobs')[0]!.logs().find((l) => l.msg === 'OCR job resumed' && l.job_id === id);
    expect(resumed).toMatchObject({ pages_left: expect.any(Number) });
    expect(resumed!.pages_left as number).toBeLessThanOrEqual(PAGES - doneAtKill);
  }, 200_000);

  it('the API killed with SIGKILL mid-job: the job goes on; a new API answers it', async () => {
    const id = await startJob();
    await until('5 pages done', async () => (await pagesDone(id)) >= 5, 120_000, 100);
    api.kill('SIGKILL');
    await api.exited;
    api = await startApp('api', servers);
    await expectCompleteAnswer(id);
  }, 200_000);

  it.each(['worker-ocr', 'worker-pdf'] as const)('%s killed with SIGKILL mid-job: its page is done by the other', async (app) => {
    const id = await startJob();
    await until('5 pages done', async () => (await pagesDone(id)) >= 5, 120_000, 100);
    live(app)[0]!.kill('SIGKILL');
    await expectCompleteAnswer(id);
    apps.push(await startApp(app, servers, app === 'worker-ocr' ? { OCR_CONCURRENCY: '1' } : { PDF_CONCURRENCY: '1' }));
  }, 200_000);

  it('Redis stopped mid-job and started again from its append-only file', async () => {
    const id = await startJob();
    await until('10 pages done', async () => (await pagesDone(id)) >= 10, 120_000, 100);
    await servers.stopRedis();
    await new Promise((r) => setTimeout(r, 2_000));
    await servers.startRedis();
    await expectCompleteAnswer(id);
  }, 200_000);
});
