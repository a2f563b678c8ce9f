import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../../test/fixtures/pdf.js';
import { proseLines, renderLines } from '../../../../test/fixtures/render-text.js';
import { png, prosePage } from '../ocr-fixtures.js';
import { ALICE } from '../harness.js';
import { killAll, linesOf, post, sharedBackend, startApp, storeFile, type AppProcess, type Backend } from './stack.js';

// Poisoned documents: a page that makes the rasteriser hang (asynchronously or in a synchronous
// loop) or fill its heap, and a page the OCR engine takes too long over. Each request gets a clear
// 422 within the page limits, and the same worker process goes on serving the next request.

const here = path.dirname(fileURLToPath(import.meta.url));
let backend: Backend;
let api: AppProcess;
let pdfWorker: AppProcess;
let ocrWorker: AppProcess;
let goodPdf: Buffer;

beforeAll(async () => {
  backend = await sharedBackend();
  // The request's own deadline is far past the page limits: an answer before it comes from them.
  api = await startApp('api', backend, { OCR_TIMEOUT_MS: '60000' });
  [pdfWorker, ocrWorker] = await Promise.all([
    startApp('worker-pdf', backend, { PAGE_TIMEOUT_MS: '5000', PAGE_MEMORY_MB: '64', PDF_CONCURRENCY: '1' }, { script: path.join(here, 'poison-pdf-worker.ts') }),
    // The OCR engine's own limit is tested last, with a worker of its own: a limit short enough for a
    // dense page would also cut the small pages of the other tests on a loaded 2-core machine.
    startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' }),
    startApp('worker-jobs', backend),
  ]);
  goodPdf = scannedPdf([(await prosePage(['The page after the poison'], 1200)).image]);
  // One healthy document first: the workers' threads have loaded their modules (on a loaded 2-core
  // machine that took the first document's preparing past the 5 s limit under test), and they serve.
  await stillServing();
}, 120_000);
afterAll(killAll);

async function ocrOf(bytes: Buffer, name: string) {
  const key = `faults/${name}-${randomUUID()}.pdf`;
  await storeFile(api.baseUrl, key, bytes);
  return post(api.baseUrl, '/v1/vision/ocr', { file_store_key: key });
}

/** The same worker processes as at the start read a healthy document correctly. */
async function stillServing() {
  const { status, body } = await ocrOf(goodPdf, 'good');
  expect(status).toBe(200);
  expect(body.sections.map((s: { text: string }) => s.text).join(' ')).toBe('The page after the poison');
  expect(pdfWorker.alive() && ocrWorker.alive()).toBe(true);
}

describe('a poisoned document', () => {
  it.each([
    ['hangs the rasteriser (a promise that never settles)', 'poison-hang'],
    ['spins the rasteriser in a synchronous loop', 'poison-spin'],
  ])('that %s gets 422 at PAGE_TIMEOUT_MS; the worker goes on', async (_what, poison) => {
    const { status, body, ms } = await ocrOf(goodPdf, poison);
    expect(status).toBe(422);
    expect(body.error.code).toBe('invalid_document');
    expect(body.message).toBe('page 1 took longer than PAGE_TIMEOUT_MS (5000 ms) to process; the document is too complex or malformed');
    expect(ms).toBeLessThan(20_000); // the page limit plus queueing on a loaded 2-core machine, not the 60 s deadline
    // Deterministic: one attempt, logged with the request's log_id, not retried.
    const failures = linesOf(pdfWorker, body.log_id).filter((l) => l.code === 'invalid_document');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ attempt: 1, attempts: 3 });
    await stillServing();
  });

  it('that fills the rasteriser heap gets 422 at PAGE_MEMORY_MB; the worker goes on', async () => {
    const { status, body } = await ocrOf(goodPdf, 'poison-balloon');
    expect(status).toBe(422);
    expect(body.error.code).toBe('invalid_document');
    expect(body.message).toBe('page 1 needed more memory than PAGE_MEMORY_MB (64 MB) allows; the document is too complex or malformed');
    await stillServing();
  });
});

describe('an OCR job with a poisoned page', () => {
  it('fails with that page’s code and number; the workers go on', async () => {
    const pages = await Promise.all(['First page', 'Second page', 'Third page'].map(async (t) => (await prosePage([t], 1000)).image));
    const key = `faults/poison-page-2-${randomUUID()}.pdf`;
    await storeFile(api.baseUrl, key, scannedPdf(pages));
    const created = await post(api.baseUrl, '/v1/vision/ocr/jobs', { file_store_key: key });
    expect(created.status).toBe(202);
    let job: any;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      job = await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.body.job_id}`, { headers: { authorization: `Bearer ${ALICE}` } })).json();
      if (job.status === 'failed' || job.status === 'succeeded') break;
    }
    expect(job).toMatchObject({
      status: 'failed',
      error: { code: 'invalid_document', page: 2, message: 'page 2 took longer than PAGE_TIMEOUT_MS (5000 ms) to process; the document is too complex or malformed' },
    });
    await stillServing();
  });
});

describe('a page the OCR engine is too slow for', () => {
  it('gets 422 at PAGE_TIMEOUT_MS; the engine is replaced and the worker goes on', async () => {
    await ocrWorker.stop();
    ocrWorker = await startApp('worker-ocr', backend, { PAGE_TIMEOUT_MS: '4000', OCR_CONCURRENCY: '1' });
    // A dense page twice legal length at 300 DPI, 160 lines: 7.1 s of recognition on an idle machine of this kind (tesseract
    // alone; the legal-size page of 78 lines this test used came to 3.9 s on a faster day), twice the limit at least.
    const { image } = await renderLines(proseLines(160, 84), { width: 2550, height: 9900, fontSize: 42, lineHeight: 60, left: 150, top: 150, font: 'DejaVu Serif' });
    const key = `faults/dense-${randomUUID()}.png`;
    await storeFile(api.baseUrl, key, await png(image));
    const { status, body, ms } = await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: key });
    expect(status).toBe(422);
    expect(body.message).toBe('page 1 took longer than PAGE_TIMEOUT_MS (4000 ms) to process; the document is too complex or malformed');
    expect(ms).toBeLessThan(20_000); // the page limit plus queueing on a loaded 2-core machine, not the 60 s deadline
    await stillServing();
  });
});
