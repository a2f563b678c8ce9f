import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';
import { prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The searchable PDF as a person uses it: opened in a PDF viewer in a real browser (pdf.js, the
 * viewer of Firefox, in Debian's headless Chromium), searched with the browser's find, the found
 * word selected where it is printed. Screenshots: test/output/searchable-pdf/.
 */
/** What the page's script sees (the tests are type-checked without the DOM's types). */
interface PageGlobals {
  viewerReady?: { width: number; height: number; pages: number };
  find(text: string, caseSensitive?: boolean): boolean;
  getSelection(): {
    rangeCount: number;
    toString(): string;
    removeAllRanges(): void;
    getRangeAt(i: number): { getBoundingClientRect(): { left: number; top: number; right: number; bottom: number } };
  } | null;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/output/searchable-pdf');
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/pdfjs/web/pdf_viewer.css">
<style>body { margin: 0 } #page { position: relative }</style></head>
<body><div id="page"><canvas id="canvas"></canvas><div id="text" class="textLayer"></div></div>
<script type="module">
import * as pdfjs from '/pdfjs/build/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/build/pdf.worker.mjs';
const doc = await pdfjs.getDocument({ url: '/doc.pdf' }).promise;
const page = await doc.getPage(1);
const viewport = page.getViewport({ scale: 1.5 });
const canvas = document.getElementById('canvas');
canvas.width = viewport.width;
canvas.height = viewport.height;
await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
const box = document.getElementById('page');
box.style.setProperty('--scale-factor', String(viewport.scale));
box.style.setProperty('--total-scale-factor', String(viewport.scale));
box.style.width = viewport.width + 'px';
box.style.height = viewport.height + 'px';
await new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: document.getElementById('text'), viewport }).render();
window.viewerReady = { width: viewport.width, height: viewport.height, pages: doc.numPages };
</script></body></html>`;

let api: TestApi;
let workers: RunningWorkers;
let browser: Browser;
let server: Server;
let pdf: Buffer;
let answer: { pages: Array<{ width: number; height: number }>; sections: Array<{ page: number; lines: Array<{ words: Array<{ text: string; bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } } }> }> }> };

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2' });
  const images = await Promise.all([sampleProse(6, 51), sampleProse(6, 52)].map(async (t) => (await prosePage(t, 1275)).image));
  const key = `viewer/${randomUUID()}/scan.pdf`;
  expect((await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: scannedPdf(images, 150) })).status).toBe(200);
  const ocr = (body: object) => fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  answer = await (await ocr({ file_store_key: key })).json();
  pdf = Buffer.from(await (await ocr({ file_store_key: key, output: 'pdf' })).arrayBuffer());

  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (url.pathname === '/doc.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    if (url.pathname.startsWith('/pdfjs/')) {
      const file = path.join(pdfjsDir, path.normalize(url.pathname.slice('/pdfjs/'.length)));
      if (!file.startsWith(pdfjsDir)) return res.writeHead(404).end();
      try {
        const type = file.endsWith('.mjs') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream';
        return res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
      } catch {
        return res.writeHead(404).end();
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  server?.close();
  await workers?.stop();
  await api?.close();
});

describe('a searchable PDF in a PDF viewer (pdf.js in headless Chromium)', () => {
  it('finds a recognised word with the browser’s find and selects it where it is printed', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1300 } });
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(String(err)));
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).viewerReady !== undefined, undefined, { timeout: 30_000 }).catch((err: unknown) => {
      throw new Error(`the viewer did not open the PDF: ${problems.join('; ') || String(err)}`);
    });
    const ready = (await page.evaluate(() => (globalThis as unknown as PageGlobals).viewerReady))!;
    expect(ready.pages).toBe(2);
    const scale = ready.width / answer.pages[0]!.width;
    // Words of at least 6 letters, each once on the page: find() must land on that very word.
    const lines = answer.sections.filter((s) => s.page === 1).flatMap((s) => s.lines);
    const words = lines.flatMap((l) => l.words);
    // Where the word's selection may end: its own right edge, or into the gap before the next word, which
    // the text layer takes into a word where it is wider than a space (so that extractors read the line whole).
    const reach = (word: (typeof words)[number]) => {
      const line = lines.find((l) => l.words.includes(word))!;
      const next = line.words[line.words.indexOf(word) + 1];
      return next ? next.bounds.top_left.x : word.bounds.bottom_right.x;
    };
    const unique = words.filter((w) => w.text.length >= 6 && /^[a-z]+$/.test(w.text) && words.filter((o) => o.text.includes(w.text)).length === 1).slice(0, 5);
    expect(unique.length).toBeGreaterThanOrEqual(3);
    for (const word of unique) {
      const found = await page.evaluate((text) => {
        const page = globalThis as unknown as PageGlobals;
        page.getSelection()?.removeAllRanges();
        const ok = page.find(text, true);
        const selection = page.getSelection()!;
        const rect = selection.rangeCount ? selection.getRangeAt(0).getBoundingClientRect() : undefined;
        return { ok, text: selection.toString(), rect: rect ? { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom } : undefined };
      }, word.text);
      expect(found.ok, word.text).toBe(true);
      expect(found.text).toBe(word.text);
      const want = { left: word.bounds.top_left.x * scale, top: word.bounds.top_left.y * scale, right: word.bounds.bottom_right.x * scale, bottom: word.bounds.bottom_right.y * scale };
      const r = found.rect!;
      // pdf.js draws a line of like words (one size, one baseline, as the text layer sets a line) as one
      // span and places the words in it by its own font's widths: the selection lies over the word, within
      // a character or so at each end, not exactly on its edges (as in tesseract's own PDFs).
      const across = Math.min(r.right, reach(word) * scale) - Math.max(r.left, want.left);
      expect(across, `${word.text} across`).toBeGreaterThanOrEqual(0.5 * (want.right - want.left));
      expect((r.left + r.right) / 2, `${word.text} centre`).toBeGreaterThanOrEqual(want.left);
      expect((r.left + r.right) / 2, `${word.text} centre`).toBeLessThanOrEqual(reach(word) * scale);
      expect(Math.abs((r.top + r.bottom) / 2 - (want.top + want.bottom) / 2), `${word.text} middle`).toBeLessThanOrEqual((want.bottom - want.top) / 2);
    }
    await page.evaluate((text) => (globalThis as unknown as PageGlobals).find(text), unique[0]!.text);
    await page.screenshot({ path: path.join(OUT, 'found-word.png') });
    await page.close();
  }, 120_000);
});
