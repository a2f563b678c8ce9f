import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../../test/fixtures/pdf.js';
import { prosePage, sampleProse, wordAccuracy, wordsOf } from '../ocr-fixtures.js';
import { killAll, linesOf, post, queueOf, sharedBackend, startApp, storeFile, until, workerId, type AppProcess, type Backend } from './stack.js';

// SIGKILL of a worker in the middle of a page: BullMQ's lock on the job is no longer renewed, a
// stalled-job check of another worker puts the job back in the queue (JOB_LOCK_MS + 2 x
// STALLED_CHECK_MS at most, defaults 8 s and 2 s), the other worker does the page, and the waiting
// request answers complete and correct, every page exactly once.

let backend: Backend;
let api: AppProcess;
const pageTexts = Array.from({ length: 4 }, (_, i) => sampleProse(4, 40 + i));
let pdfKey: string;

beforeAll(async () => {
  backend = await sharedBackend();
  api = await startApp('api', backend);
  const images = await Promise.all(pageTexts.map(async (t) => (await prosePage(t)).image));
  pdfKey = `faults/${randomUUID()}.pdf`;
  await storeFile(api.baseUrl, pdfKey, scannedPdf(images));
}, 120_000);
afterAll(killAll);

function expectAllPages(body: any, pages: number[]) {
  expect(body.pages.map((p: { page: number }) => p.page)).toEqual(pages); // each page once, in order
  for (const page of pages) {
    const words = body.sections.filter((s: { page: number }) => s.page === page).flatMap((s: { text: string }) => wordsOf(s.text));
    expect(wordAccuracy(pageTexts[page - 1]!.flatMap(wordsOf), words), `page ${page}`).toBeGreaterThanOrEqual(0.95);
  }
  const order = body.sections.map((s: { page: number }) => s.page);
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

describe('a worker killed with SIGKILL in the middle of a page', () => {
  it('worker-ocr: the page is picked up again by the other worker within seconds; the answer is complete and correct', async () => {
    const pdf = await startApp('worker-pdf', backend);
    const ocr = await Promise.all([startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' }), startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' })]);
    const queue = queueOf(backend, 'ocr');
    try {
      const started = Date.now();
      const answer = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: pdfKey });
      // The victim: whichever OCR worker holds a page first.
      let victim: AppProcess | undefined;
      let victimPage = 0;
      await until('an OCR worker holding a page', async () => {
        for (const job of await queue.getActive()) {
          const holder = ocr.find((w) => workerId(w.pid) === job.processedBy);
          if (holder) {
            victim = holder;
            victimPage = job.data.page;
            return true;
          }
        }
        return false;
      });
      victim!.kill('SIGKILL');
      const killedAt = Date.now();
      const survivor = ocr.find((w) => w !== victim)!;

      const { status, body } = await answer;
      expect(status).toBe(200);
      expectAllPages(body, [1, 2, 3, 4]);
      expect((await victim!.exited).signal).toBe('SIGKILL');
      // The survivor logged that it found the page stalled and then recognised it, under the request's log_id.
      const lines = linesOf(survivor, body.log_id);
      expect(lines.some((l) => /stalled/.test(String(l.msg)))).toBe(true);
      expect(lines.filter((l) => l.msg === 'page recognised' && l.page === victimPage)).toHaveLength(1);
      const recoveredMs = Date.now() - killedAt;
      console.log(`killed worker-ocr ${victim!.pid} on page ${victimPage}; answered ${recoveredMs} ms after the kill (${Date.now() - started} ms in all)`);
      expect(recoveredMs).toBeLessThan(30_000); // lock 8 s + two stalled checks of 2 s, plus the page itself
    } finally {
      await queue.close();
      await Promise.all([pdf.stop(), ...ocr.map((w) => w.stop())]);
    }
  });

  it('worker-pdf: a page being rendered is rendered again by the other worker', async () => {
    const pdfWorkers = await Promise.all([startApp('worker-pdf', backend, { PDF_CONCURRENCY: '1' }), startApp('worker-pdf', backend, { PDF_CONCURRENCY: '1' })]);
    const ocr = await startApp('worker-ocr', backend, { OCR_CONCURRENCY: '2' });
    const queue = queueOf(backend, 'pdf');
    try {
      const answer = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: pdfKey });
      let victim: AppProcess | undefined;
      await until(
        'a worker-pdf rendering a page',
        async () => {
          for (const job of await queue.getActive()) {
            const holder = pdfWorkers.find((w) => workerId(w.pid) === job.processedBy);
            if (holder && job.name === 'raster') {
              victim = holder;
              return true;
            }
          }
          return false;
        },
        30_000,
        5,
      );
      victim!.kill('SIGKILL');
      const { status, body } = await answer;
      expect(status).toBe(200);
      expectAllPages(body, [1, 2, 3, 4]);
    } finally {
      await queue.close();
      await Promise.all([...pdfWorkers.map((w) => w.stop()), ocr.stop()]);
    }
  });
});
