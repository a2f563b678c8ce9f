import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, translateRoutesKey } from '@docsvc/queue';
import { png, prosePage } from '../ocr-fixtures.js';
import { killAll, post, sharedBackend, startApp, storeFile, type AppProcess, type Backend } from './stack.js';

// Backpressure: with more work waiting than the workers can take (here: no worker at all, and
// limits of one waiting job per worker), a new request is refused at once with 503 overloaded and
// Retry-After instead of waiting for its deadline; once the queues drain, requests are taken again.

let backend: Backend;
let api: AppProcess;
let imageKey: string;

beforeAll(async () => {
  backend = await sharedBackend();
  api = await startApp('api', backend, { PDF_MAX_WAITING_PER_WORKER: '1', OCR_MAX_WAITING_PER_WORKER: '1', TRANSLATE_MAX_WAITING_PER_WORKER: '2' });
  imageKey = `faults/${randomUUID()}.png`;
  await storeFile(api.baseUrl, imageKey, await png((await prosePage(['Queued behind the others'], 1000)).image));
  // The routes a translation worker published before it went away.
  const redis = createRedis(backend.redisUrl, 'client');
  await redis.set(translateRoutesKey(backend.prefix), JSON.stringify([{ source: 'en', target: 'es', direct: true }]));
  redis.disconnect();
}, 60_000);
afterAll(killAll);

const texts = (n: number) => Array.from({ length: n }, (_, i) => `I have ${i} red cars.`);

describe('backpressure', () => {
  it('refuses new work at once with 503 overloaded and Retry-After while the queues are too deep, and takes it again once they drain', async () => {
    // Admitted: the queues are empty. They wait, as there is no worker yet (an image goes straight
    // to the OCR queue: it needs no preparing).
    const ocrWaiting = post(api.baseUrl, '/v1/vision/ocr', { file_store_key: imageKey });
    const translateWaiting = post(api.baseUrl, '/v1/ai/translate', { text: texts(120), source_language: 'en', target_language: 'es' }); // 3 chunks
    await new Promise((r) => setTimeout(r, 500));

    const ocrRefused = await post(api.baseUrl, '/v1/vision/ocr', { file_store_key: imageKey });
    expect(ocrRefused.status).toBe(503);
    expect(ocrRefused.body.error.code).toBe('overloaded');
    expect(ocrRefused.body.error.details).toMatchObject([{ queue: 'ocr', waiting: 1, limit: 1, live_workers: 0 }]);
    expect(ocrRefused.body.message).toMatch(/^the service is at capacity: 1 pages are waiting for 0 worker-ocr processes \(limit 1\); retry after \d+ s$/);
    expect(Number(ocrRefused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(ocrRefused.ms).toBeLessThan(1_000);

    const translateRefused = await post(api.baseUrl, '/v1/ai/translate', { text: 'Good morning', source_language: 'en', target_language: 'es' });
    expect(translateRefused.status).toBe(503);
    expect(translateRefused.body.error).toMatchObject({ code: 'overloaded', details: [{ queue: 'translate', waiting: 3, limit: 2 }] });
    expect(Number(translateRefused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(translateRefused.ms).toBeLessThan(1_000);

    // Workers arrive: the waiting requests are answered, new ones are taken again.
    await Promise.all([startApp('worker-pdf', backend), startApp('worker-ocr', backend, { OCR_CONCURRENCY: '1' }), startApp('worker-translate', backend)]);
    const [ocrDone, translateDone] = await Promise.all([ocrWaiting, translateWaiting]);
    expect(ocrDone.status).toBe(200);
    expect(ocrDone.body.sections.map((s: { text: string }) => s.text).join(' ')).toBe('Queued behind the others');
    expect(translateDone.status).toBe(200);
    expect(translateDone.body.translated_text).toHaveLength(120);

    const again = await Promise.all([
      post(api.baseUrl, '/v1/vision/ocr', { file_store_key: imageKey }),
      post(api.baseUrl, '/v1/ai/translate', { text: 'Good morning', source_language: 'en', target_language: 'es' }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
  });
});
