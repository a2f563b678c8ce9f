import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceError } from '@docsvc/schemas';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLines, wordAccuracy, type DrawnLine } from '../../../../test/fixtures/render-text.ts';
import { DEFAULT_LANG_PATH } from '../languages.js';
import { blank, PARAGRAPH, PARAGRAPH_WORDS as TRUTH, SLOW, words } from '../../test/engines.js';

import { TesseractJsEngine as OcrEngine } from './engine.js';
import type { GrayImage } from '@docsvc/image';

/** The pool's first thread (tests reach inside to kill it). */
const firstThread = (engine: OcrEngine): { worker: Worker } =>
  (engine as unknown as { pool: { slots: Array<{ thread: { worker: Worker } | null }> } }).pool.slots[0]!.thread!;

/** Worker threads alive in this process, seen as their message ports. */
const threadHandles = (): number => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort' || r === 'Worker').length;

let paragraph: { image: GrayImage; lines: DrawnLine[] };
beforeAll(async () => {
  paragraph = await renderLines(PARAGRAPH, { width: 1800, height: 460, fontSize: 46, lineHeight: 80 });
}, 60_000);

describe('tesseract.js pool, one worker', SLOW, () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    engine = await OcrEngine.create();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('switches a worker between languages in place, and back', async () => {
    const before = engine.stats.languageSwitches;
    await engine.recognize(blank(200, 100), { language: 'spa' });
    const english = await engine.recognize(paragraph.image, { language: 'eng' });
    expect(wordAccuracy(TRUTH, words(english).map((w) => w.text))).toBeGreaterThanOrEqual(0.95);
    expect(engine.stats.languageSwitches).toBe(before + 2);
  });

  it('queues a page while its only worker is busy, and drops it from the queue when it is cancelled', async () => {
    const first = engine.recognize(paragraph.image);
    const queued = new AbortController();
    const second = engine.recognize(paragraph.image, { signal: queued.signal });
    expect(engine.stats.queued).toBe(1);
    queued.abort(new Error('queued page cancelled'));
    await expect(second).rejects.toThrow('queued page cancelled');
    expect(engine.stats.queued).toBe(0);
    await first;
  });

  it('replaces a worker that dies while idle', async () => {
    const { workersReplaced, workersStarted } = engine.stats;
    await firstThread(engine).worker.terminate();
    expect(engine.stats.workersReplaced).toBe(workersReplaced + 1);
    expect(wordAccuracy(TRUTH, words(await engine.recognize(paragraph.image)).map((w) => w.text))).toBeGreaterThanOrEqual(0.95);
    expect(engine.stats.workersStarted).toBe(workersStarted + 1);
  });

  it('fails the page of a worker that dies mid-page with a retryable internal_error, and replaces it', async () => {
    const { workersReplaced } = engine.stats;
    const page = engine.recognize(paragraph.image);
    await new Promise((r) => setTimeout(r, 20));
    await firstThread(engine).worker.terminate();
    const err = await page.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'internal_error', retryable: true });
    expect(engine.stats.workersReplaced).toBe(workersReplaced + 1);
    expect(wordAccuracy(TRUTH, words(await engine.recognize(paragraph.image)).map((w) => w.text))).toBeGreaterThanOrEqual(0.95);
  });
});

describe('tesseract.js pool', SLOW, () => {
  it('recycles a worker every recycleAfterPages pages without failing a page', async () => {
    const engine = await OcrEngine.create({ recycleAfterPages: 2 });
    try {
      const { image } = await renderLines(['Recycled workers still read this line'], { width: 1200, height: 200, fontSize: 46, lineHeight: 80 });
      for (let i = 0; i < 5; i++) {
        const page = await engine.recognize(image);
        expect(words(page).map((w) => w.text).join(' ')).toBe('Recycled workers still read this line');
      }
      expect(engine.stats).toMatchObject({ workersStarted: 3, workersRecycled: 2, pagesRecognized: 5 });
    } finally {
      await engine.close();
    }
  });

  it('recycles workers while the process RSS is above maxRssBytes', async () => {
    const engine = await OcrEngine.create({ maxRssBytes: 1 });
    try {
      await engine.recognize(blank(200, 100));
      await engine.recognize(blank(200, 100));
      expect(engine.stats).toMatchObject({ workersRecycled: 2, pagesRecognized: 2 });
    } finally {
      await engine.close();
    }
  });

  it('runs two pages at once with concurrency 2', async () => {
    const engine = await OcrEngine.create({ concurrency: 2 });
    try {
      expect(engine.stats.workersStarted).toBe(2);
      const [a, b] = await Promise.all([engine.recognize(paragraph.image), engine.recognize(paragraph.image, { language: 'eng+spa' })]);
      for (const page of [a, b]) expect(wordAccuracy(TRUTH, words(page).map((w) => w.text))).toBeGreaterThanOrEqual(0.95);
      expect(engine.stats).toMatchObject({ workersStarted: 2, pagesRecognized: 2, queued: 0 });
    } finally {
      await engine.close();
    }
  });

  it('close() stops every worker thread, fails queued pages and refuses new ones', async () => {
    const baseline = threadHandles();
    const engine = await OcrEngine.create({ concurrency: 2 });
    expect(threadHandles()).toBeGreaterThanOrEqual(baseline + 2);
    const inFlight = engine.recognize(paragraph.image);
    const alsoInFlight = engine.recognize(paragraph.image);
    const queued = engine.recognize(paragraph.image).catch((e: unknown) => e);
    await engine.close();
    await expect(inFlight).resolves.toMatchObject({ width: 1800 });
    await expect(alsoInFlight).resolves.toMatchObject({ width: 1800 });
    expect(await queued).toMatchObject({ code: 'internal_error' });
    await expect(engine.recognize(paragraph.image)).rejects.toMatchObject({ code: 'internal_error' });
    expect(threadHandles()).toBe(baseline);
  });
});

describe('tesseract.js start failures', SLOW, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ocr-engine-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('rejects, without crashing or leaving threads, on traineddata that does not load', async () => {
    const baseline = threadHandles();
    // Cut short: tesseract's initialise fails on it (with createWorker this killed the process).
    await writeFile(join(dir, 'eng.traineddata'), new Uint8Array(100_000).fill(7));
    await expect(OcrEngine.create({ langPath: dir })).rejects.toMatchObject({ code: 'internal_error' });
    expect(threadHandles()).toBe(baseline);
  });

  it('rejects on a load that outlasts initTimeoutMs, leaving no threads', async () => {
    const baseline = threadHandles();
    await copyFile(join(DEFAULT_LANG_PATH, 'eng.traineddata'), join(dir, 'eng.traineddata'));
    await expect(OcrEngine.create({ langPath: dir, initTimeoutMs: 5 })).rejects.toThrow(/did not load within 5 ms/);
    expect(threadHandles()).toBe(baseline);
  });

  it('rejects a langPath without languages', async () => {
    await expect(OcrEngine.create({ langPath: join(dir, 'missing') })).rejects.toThrow(/cannot be read/);
  });
});
