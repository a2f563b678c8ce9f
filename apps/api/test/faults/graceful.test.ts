import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../../test/fixtures/pdf.js';
import { proseLines, renderLines } from '../../../../test/fixtures/render-text.js';
import { png, prosePage, sampleProse, wordAccuracy, wordsOf } from '../ocr-fixtures.js';
import { killAll, linesOf, post, queueOf, sharedBackend, sleep, startApp, storeFile, until, workerId, type AppProcess, type Backend } from './stack.js';

// SIGTERM: a worker finishes the jobs it holds, takes no new one and exits; the API stops accepting,
// finishes the requests in flight and exits. A rolling restart of every process under a steady
// stream of requests loses none: every request gets a correct 200.

let backend: Backend;
let smallKey: string;
let pdfKey: string;

beforeAll(async () => {
  backend = await sharedBackend();
  // Files are stored through a short-lived API of the same backend (one namespace: the key's).
  const api = await startApp('api', backend);
  smallKey = `faults/${randomUUID()}.png`;
  await storeFile(api.baseUrl, smallKey, await png((await prosePage(['A rolling restart loses nothing'], 1000)).image));
  pdfKey = `faults/${randomUUID()}.pdf`;
  const pages = await Promise.all([sampleProse(2, 71), sampleProse(2, 72)].map(async (t) => (await prosePage(t, 1200)).image));
  await storeFile(api.baseUrl, pdfKey, scannedPdf(pages));
  await api.stop();
}, 120_000);
afterAll(killAll);

const textOf = (body: any) => body.sections.map((s: { text: string }) => s.text).join('\n');

describe('SIGTERM', () => {
  it('to a worker: it finishes the page it holds, takes no new one, and exits 0', async () => {
    const api = await startApp('api', backend);
    const pdf = await startApp('worker-pdf', backend);
    const first = await startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' });
    const queue = queueOf(backend, 'ocr');
    try {
      // A dense page: several seconds of recognition.
      const lines = proseLines(40, 84, 5);
      const { image } = await renderLines(lines, { width: 2550, height: 2900, fontSize: 42, lineHeight: 60, left: 150, top: 150 });
      const denseKey = `faults/${randomUUID()}.png`;
      await storeFile(api.baseUrl, denseKey, await png(image));
      const held = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: denseKey });
      await until('worker-ocr holding the page', async () => (await queue.getActive()).some((j) => j.processedBy === workerId(first.pid)));
      first.kill('SIGTERM');
      const later = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: smallKey });

      const heldAnswer = await held;
      expect(heldAnswer.status).toBe(200);
      expect(wordAccuracy(lines.flatMap(wordsOf), wordsOf(textOf(heldAnswer.body)))).toBeGreaterThanOrEqual(0.95);
      expect(await first.exited).toEqual({ code: 0, signal: null });
      // The page that arrived after the SIGTERM waited for another worker.
      expect(linesOf(first, heldAnswer.body.log_id).some((l) => l.msg === 'page recognised')).toBe(true);
      await sleep(300);
      const second = await startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' });
      const laterAnswer = await later;
      expect(laterAnswer.status).toBe(200);
      expect(textOf(laterAnswer.body)).toBe('A rolling restart loses nothing');
      expect(linesOf(first, laterAnswer.body.log_id).filter((l) => l.msg === 'page recognised')).toHaveLength(0);
      expect(linesOf(second, laterAnswer.body.log_id).filter((l) => l.msg === 'page recognised')).toHaveLength(1);
      await second.stop();
    } finally {
      await queue.close();
      await Promise.all([pdf.stop(), api.stop()]);
    }
  });

  it('to the API: it finishes the requests in flight, then stops accepting and exits 0', async () => {
    const api = await startApp('api', backend);
    const workers = await Promise.all([startApp('worker-pdf', backend), startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' }), startApp('worker-translate', backend)]);
    try {
      const inFlight = [
        ...Array.from({ length: 3 }, () => post(api.baseUrl, '/v1/vision/ocr', { file_store_key: smallKey })),
        post(api.baseUrl, '/v1/ai/translate', { text: 'The cat is black.', source_language: 'en', target_language: 'es' }),
      ];
      // SIGTERM once the API holds all four (on a loaded machine a request can take longer than a fixed wait to arrive,
      // and one that arrives after SIGTERM is rightly refused with 503).
      await until('the API holding the four requests', () => api.logs().filter((l) => l.msg === 'incoming request').length >= 4);
      api.kill('SIGTERM');
      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(answers.slice(0, 3).map((a) => textOf(a.body))).toEqual(Array(3).fill('A rolling restart loses nothing'));
      expect(await api.exited).toEqual({ code: 0, signal: null });
      await expect(fetch(`${api.baseUrl}/healthz`)).rejects.toThrow();
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});

describe('a rolling restart of every process under load', () => {
  it('answers every request with a correct 200', async () => {
    const everyProcess: AppProcess[] = [];
    let api = await startApp('api', backend);
    everyProcess.push(api);
    const current: Record<'pdf' | 'ocr' | 'translate', AppProcess> = {
      pdf: await startApp('worker-pdf', backend),
      ocr: await startApp('worker-ocr', backend, { OCR_CONCURRENCY: '2' }),
      translate: await startApp('worker-translate', backend),
    };
    // What each request must answer, from one call made before the restarts.
    const sentences = ['The cat is black.', 'I have two houses and a big garden.', 'Good morning', 'The water is cold.'];
    const array = Array.from({ length: 60 }, (_, i) => `I have ${i} red cars.`);
    const expected = {
      sentences: await Promise.all(sentences.map(async (text) => (await post(api.baseUrl, '/v1/ai/translate', { text, source_language: 'en', target_language: 'es' })).body.translated_text)),
      array: (await post(api.baseUrl, '/v1/ai/translate', { text: array, source_language: 'en', target_language: 'es' })).body.translated_text,
      small: textOf((await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: smallKey })).body),
      pdf: textOf((await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: pdfKey })).body),
    };
    expect(expected.small).toBe('A rolling restart loses nothing');
    everyProcess.push(...Object.values(current));

    const results: Array<{ kind: string; status: number; ok: boolean; detail?: string }> = [];
    let running = true;
    const loop = async (kind: string, send: () => Promise<{ status: number; ok: boolean; detail?: string }>) => {
      while (running) {
        try {
          results.push({ kind, ...(await send()) });
        } catch (err) {
          results.push({ kind, status: 0, ok: false, detail: String(err) });
        }
      }
    };
    let n = 0;
    const loops = [
      loop('translate', async () => {
        const i = n++ % sentences.length;
        const r = await post(api.baseUrl, '/v1/ai/translate', { text: sentences[i], source_language: 'en', target_language: 'es' });
        return { status: r.status, ok: r.status === 200 && r.body.translated_text === expected.sentences[i], detail: JSON.stringify(r.body).slice(0, 300) };
      }),
      loop('translate-array', async () => {
        const r = await post(api.baseUrl, '/v1/ai/translate', { text: array, source_language: 'en', target_language: 'es' });
        return { status: r.status, ok: r.status === 200 && JSON.stringify(r.body.translated_text) === JSON.stringify(expected.array), detail: JSON.stringify(r.body).slice(0, 300) };
      }),
      loop('ocr-image', async () => {
        const r = await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: smallKey });
        return { status: r.status, ok: r.status === 200 && textOf(r.body) === expected.small, detail: JSON.stringify(r.body).slice(0, 300) };
      }),
      loop('ocr-pdf', async () => {
        const r = await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: pdfKey });
        return { status: r.status, ok: r.status === 200 && textOf(r.body) === expected.pdf, detail: JSON.stringify(r.body).slice(0, 300) };
      }),
    ];

    await sleep(2_000);
    // Each worker: the replacement first, then SIGTERM to the old one (what an orchestrator does).
    for (const kind of ['translate', 'pdf', 'ocr'] as const) {
      const old = current[kind];
      current[kind] = await startApp(`worker-${kind}`, backend, kind === 'ocr' ? { OCR_CONCURRENCY: '2' } : {});
      everyProcess.push(current[kind]);
      expect(await old.stop()).toEqual({ code: 0, signal: null });
      await sleep(1_000);
    }
    // Then the launcher's way: SIGTERM first, the replacement after (jobs wait in the queue meanwhile).
    for (const kind of ['ocr', 'translate'] as const) {
      expect(await current[kind].stop()).toEqual({ code: 0, signal: null });
      current[kind] = await startApp(`worker-${kind}`, backend);
      everyProcess.push(current[kind]);
      await sleep(1_000);
    }
    // The API: a new one takes the traffic (a load balancer's switch), the old one drains and exits.
    const oldApi = api;
    api = await startApp('api', backend);
    everyProcess.push(api);
    await sleep(100);
    expect(await oldApi.stop()).toEqual({ code: 0, signal: null });
    await sleep(2_000);
    running = false;
    await Promise.all(loops);

    const failed = results.filter((r) => !r.ok);
    const byKind = Object.fromEntries(['translate', 'translate-array', 'ocr-image', 'ocr-pdf'].map((k) => [k, results.filter((r) => r.kind === k).length]));
    console.log(`rolling restart: ${results.length} requests (${JSON.stringify(byKind)}), ${failed.length} failed`);
    if (failed.length > 0) {
      for (const f of failed.slice(0, 3)) {
        const logId = /"log_id":"([^"]+)"/.exec(f.detail ?? '')?.[1];
        if (logId) console.log(f.kind, JSON.stringify(everyProcess.flatMap((p) => linesOf(p, logId).map((l) => ({ app: p.app, pid: p.pid, ...l })))));
      }
    }
    expect(failed).toEqual([]);
    for (const count of Object.values(byKind)) expect(count).toBeGreaterThanOrEqual(3);
    // Nothing left behind in the queues.
    for (const kind of ['pdf', 'ocr', 'translate'] as const) {
      const queue = queueOf(backend, kind);
      expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 });
      await queue.close();
    }
    await Promise.all([api.stop(), ...Object.values(current).map((p) => p.stop())]);
  });
});
