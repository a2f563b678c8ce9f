import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ccittImagePdf, letterLines, textPdf } from '../../../test/fixtures/pdf.ts';
import { FRENCH_LETTER, grayPng, scannedPage } from '../../../test/fixtures/scans.ts';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * Answers that succeed without doing all that was asked say so (`warnings`), through the API and
 * real workers: pages past the synchronous route's 10 (and a job's MAX_JOB_PAGES), an image too
 * large to read left out of its page, a page in a language whose model is not installed (the OCR
 * worker here has only English).
 */

type Warning = { code: string; message: string; pages?: number[] };
type Answer = { warnings?: Warning[]; total_pages: number; page_range: [number, number]; has_text: boolean; pages: Array<{ page: number; language?: string }> };

const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';
const JOB_PAGES = 10;

let api: TestApi;
let workers: RunningWorkers;
let tessdata: string;

beforeAll(async () => {
  api = await startApi({ jobs: { maxPages: JOB_PAGES } });
  // English (and orientation) only: a French page has no model of its own here.
  tessdata = mkdtempSync(join(tmpdir(), 'docsvc-tessdata-'));
  for (const model of ['eng', 'osd']) symlinkSync(join(process.env.TESSDATA_DIR ?? TESSDATA, `${model}.traineddata`), join(tessdata, `${model}.traineddata`));
  workers = await startWorkers(['pdf', 'ocr', 'jobs'], api.deps.queuePrefix, { TESSDATA_DIR: tessdata, OCR_CONCURRENCY: '2' });
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
  if (tessdata) rmSync(tessdata, { recursive: true, force: true });
});

async function store(bytes: Buffer): Promise<string> {
  const key = `warnings/${randomUUID()}`;
  const res = await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: bytes });
  expect(res.status).toBe(200);
  return key;
}

async function ocr(body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as Answer;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** A born-digital PDF of `count` pages, page N saying "Page N" (read from its text layer: no OCR). */
const numberedPdf = (count: number) => textPdf(Array.from({ length: count }, (_, i) => ({ lines: [`Page ${i + 1}`, ...letterLines(3)] })));

describe('warnings: work an answer was given without', () => {
  it('a 17-page PDF read at once lists pages 11-17 as not read, and says how to read them', async () => {
    const key = await store(numberedPdf(17));
    const answer = await ocr({ file_store_key: key });
    expect(answer.total_pages).toBe(17);
    expect(answer.page_range).toEqual([1, 10]);
    expect(answer.warnings).toEqual([expect.objectContaining({ code: 'pages_not_read', pages: [11, 12, 13, 14, 15, 16, 17] })]);
    expect(answer.warnings?.[0]?.message).toMatch(/pages 11-17 of 17 were not read.*page_range.*\/v1\/vision\/ocr\/jobs/);

    // Pages chosen with page_range: the others were left out on purpose, nothing to warn of.
    expect((await ocr({ file_store_key: key, page_range: [12, 17] })).warnings).toBeUndefined();
    // A document read whole: no warnings at all.
    expect((await ocr({ file_store_key: await store(numberedPdf(3)) })).warnings).toBeUndefined();
  });

  it('a job past MAX_JOB_PAGES says which pages it did not read', async () => {
    const created = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, {
      method: 'POST',
      headers: { ...bearer(ALICE), 'content-type': 'application/json' },
      body: JSON.stringify({ file_store_key: await store(numberedPdf(JOB_PAGES + 2)) }),
    });
    expect(created.status).toBe(202);
    const { job_id: id } = (await created.json()) as { job_id: string };
    const deadline = Date.now() + 60_000;
    let status = '';
    while (Date.now() < deadline && !['succeeded', 'failed'].includes(status)) {
      await new Promise((r) => setTimeout(r, 250));
      status = ((await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { headers: bearer(ALICE) })).json()) as { status: string }).status;
    }
    expect(status).toBe('succeeded');
    const result = (await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}/result`, { headers: bearer(ALICE) })).json()) as Answer;
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'pages_not_read', pages: [11, 12] })]);
    expect(result.warnings?.[0]?.message).toContain(`at most ${JOB_PAGES} pages`);
  });

  it('a scan too large to read (a 35000x35000 image) is answered with the image named as left out, not a silent blank page', async () => {
    const answer = await ocr({ file_store_key: await store(ccittImagePdf(35_000)) });
    expect(answer.has_text).toBe(false);
    expect(answer.warnings).toEqual([expect.objectContaining({ code: 'image_skipped', pages: [1] })]);
    expect(answer.warnings?.[0]?.message).toMatch(/35000x35000.*MAX_IMAGE_PIXELS/);
  });

  it('a French letter read with language auto where only English is installed says French has no model, naming what to install', async () => {
    const answer = await ocr({ file_store_key: await store(await grayPng(await scannedPage(FRENCH_LETTER, { height: 1000 }))) });
    expect(answer.pages[0]?.language).toBe('eng');
    expect(answer.warnings).toEqual([expect.objectContaining({ code: 'language_not_installed', pages: [1] })]);
    expect(answer.warnings?.[0]?.message).toMatch(/French \(fr; OCR model fra, Debian package tesseract-ocr-fra\).*read with eng/);
    // An English page: nothing to warn of.
    const english = await ocr({ file_store_key: await store(await grayPng(await scannedPage(letterLines(6), { height: 1000 }))) });
    expect(english.warnings).toBeUndefined();
  });
});
