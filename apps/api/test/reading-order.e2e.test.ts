import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letter, orderedWordAccuracy, twoColumnArticle } from '../../../test/fixtures/layouts.ts';
import { drawnPdf } from '../../../test/fixtures/pdf.ts';
import { renderPlaced, toPng } from '../../../test/fixtures/render-text.ts';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';

/**
 * Reading order through the real service: a two-column article read column by column (from a PDF's
 * text layer, whose rows run across both columns, and from a 300-DPI scan), a letter's head read as it
 * stands, and the searchable PDF's text layer read back by pdftotext (poppler, not ours) line by line.
 */

let api: TestApi;
let workers: RunningWorkers;
const dir = mkdtempSync(path.join(tmpdir(), 'reading-order-'));
beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr'], api.deps.queuePrefix);
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function read(bytes: Buffer, name: string, output: 'text' | 'pdf'): Promise<Buffer> {
  const key = `reading-order/${randomUUID()}/${name}`;
  expect((await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: bytes })).status).toBe(200);
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify({ file_store_key: key, output }) });
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.status, body.toString('utf8').slice(0, 300)).toBe(200);
  return body;
}
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

describe('reading order', () => {
  const article = twoColumnArticle();
  const truth = article.lines.flatMap(wordsOf);

  it('reads a born-digital two-column article column by column, though its text layer runs each row across both', async () => {
    const text = (await read(drawnPdf([article.page]), 'article.pdf', 'text')).toString('utf8');
    expect(orderedWordAccuracy(truth, wordsOf(text))).toBe(1);
    // The title first, the left column's last line right before the right column's first.
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    const leftLast = article.lines[18]!;
    expect(lines[0]).toBe(article.lines[0]);
    expect(lines.indexOf(article.lines[19]!)).toBe(lines.indexOf(leftLast) + 1);
  });

  it('reads the same article scanned at 300 DPI column by column', async () => {
    const png = await toPng(await renderPlaced(article.page, { dpi: 300 }));
    const text = (await read(png, 'article.png', 'text')).toString('utf8');
    expect(orderedWordAccuracy(truth, wordsOf(text))).toBeGreaterThanOrEqual(0.95);
  });

  it('writes a scanned letter’s searchable PDF so that pdftotext reads it in order, each line whole', async () => {
    const page = letter();
    const png = await toPng(await renderPlaced(page.page, { dpi: 300 }));
    const file = path.join(dir, 'letter.pdf');
    writeFileSync(file, await read(png, 'letter.png', 'pdf'));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(orderedWordAccuracy(page.lines.flatMap(wordsOf), wordsOf(text))).toBeGreaterThanOrEqual(0.95);
    // A justified body line comes back as one line, not cut at its widened spaces.
    const lines = text.split('\n').map((l) => l.trim());
    const whole = page.lines.slice(8, 20).filter((l) => lines.includes(l));
    expect(whole.length).toBeGreaterThanOrEqual(10);
  });
});
