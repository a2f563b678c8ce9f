import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, startApi, type TestApi } from '../../api/test/harness.js';
import { png, prosePage, sampleProse, wordsOf } from '../../api/test/ocr-fixtures.js';
import { jbig2Pdf, threshold } from '../../../test/fixtures/jbig2.ts';
import { drawnPdf } from '../../../test/fixtures/pdf.ts';
import { proseLines, renderLines, renderPlaced, toPng, wordAccuracy } from '../../../test/fixtures/render-text.ts';
import { STATEMENT, STATEMENT_TABLE } from '../../../test/fixtures/tables.ts';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The web page in a real browser (Debian's Chromium, driven by playwright-core): a key pasted, a scan
 * uploaded, the page drawn with its word boxes, each box on the word's ink (read back from the canvas);
 * a JBIG2 scan, a document given by URL, a 17-page PDF read as a job, the languages asked for with a
 * key only, a phone-sized screen. Screenshots: test/output/web/.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/output/web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the page's script sees (the tests are type-checked without the DOM's types). */
interface CanvasLike {
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number } };
}
interface ElementLike {
  id: string;
  tagName: string;
  textContent: string | null;
  disabled?: boolean;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { right: number };
  dataset: Record<string, string>;
}
interface DocumentLike {
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
  querySelector(selector: string): unknown;
  scrollingElement: { scrollWidth: number };
}
interface WindowLike {
  document: DocumentLike;
  innerWidth: number;
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, boolean>): void };
  seen?: Array<{ status: string; disabled: boolean }>;
}

let api: TestApi;
let workers: RunningWorkers;
let browser: Browser;
let dir: string;
/** A web server of the test's files (`/files/<name>`), with no CORS headers: like most sites, it lets no other page fetch them. */
let files: Server;
let filesUrl: string;
const LETTER = sampleProse(5, 91);
const JBIG2_LINES = proseLines(5, 40, 17);
const SIDEWAYS_LINES = proseLines(4, 60, 23);

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  api = await startApi();
  // worker-pdf fetches URLs (the test's server is on loopback) and opens PDFs; worker-jobs runs the jobs.
  workers = await startWorkers(['pdf', 'ocr', 'jobs'], api.deps.queuePrefix, { OCR_CONCURRENCY: '1', ALLOW_PRIVATE_URLS: 'true' });
  dir = mkdtempSync(path.join(tmpdir(), 'docsvc-web-'));
  const letter = await png((await prosePage(LETTER, 1200)).image);
  writeFileSync(path.join(dir, 'letter.png'), letter);
  writeFileSync(path.join(dir, 'letter-from-url.png'), letter);
  writeFileSync(path.join(dir, 'statement.png'), await toPng(await renderPlaced(STATEMENT, { dpi: 200 })));
  // A 300-DPI black-and-white scan stored as JBIG2, as office scanners write them.
  const scan = await renderLines(JBIG2_LINES, { width: 1300, height: 500, fontSize: 40, lineHeight: 60 });
  writeFileSync(path.join(dir, 'jbig2-scan.pdf'), jbig2Pdf([threshold(scan.image)], 300));
  // 17 small scanned pages (JBIG2 too), each saying its number: more than the synchronous route's 10.
  const pages = await Promise.all(
    Array.from({ length: 17 }, async (_, i) => threshold((await renderLines([`Page ${i + 1} report`, 'market water system'], { width: 700, height: 300, fontSize: 40, lineHeight: 60, top: 60 })).image)),
  );
  writeFileSync(path.join(dir, 'long-report.pdf'), jbig2Pdf(pages, 200));
  // A landscape page of text set sideways on a portrait page (no /Rotate), as reports set wide tables.
  writeFileSync(path.join(dir, 'sideways-report.pdf'), drawnPdf([{ turned: 'sideways', widthPt: 792, heightPt: 612, texts: SIDEWAYS_LINES.map((text, i) => ({ text, x: 72, y: 90 + 30 * i, size: 16 })) }]));
  files = createServer((req, res) => {
    const name = /^\/files\/([\w.-]+)$/.exec(req.url ?? '')?.[1];
    if (!name) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': name.endsWith('.pdf') ? 'application/pdf' : 'image/png' }).end(readFileSync(path.join(dir, name)));
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/files/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  files?.close();
  await workers?.stop();
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A new tab with the key pasted; what the page's console says and what fails on it are kept in `problems`. */
async function openPage(viewport = { width: 1400, height: 1000 }) {
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${String(err)}`));
  page.on('console', (message) => problems.push(`console ${message.type()}: ${message.text()}`));
  page.on('response', (response) => void (response.status() >= 400 && problems.push(`${response.status()} ${response.request().method()} ${response.url()}`)));
  await page.goto(`${api.baseUrl}/`);
  await page.fill('#key', ALICE);
  await page.dispatchEvent('#key', 'change');
  return { page, problems };
}

/**
 * A new tab with the key pasted, `source` (a file of the test's folder, or a URL) read with the boxes
 * `ticks` ticked, to the end: the Read button is disabled meanwhile, and the first page drawn after.
 */
async function readIn(source: string, ticks: string[] = [], prompts: string[] = [], opened?: Awaited<ReturnType<typeof openPage>>) {
  const { page, problems } = opened ?? (await openPage());
  if (source.startsWith('http')) await page.fill('#url', source);
  else await page.setInputFiles('#file', path.join(dir, source));
  for (const tick of ticks) await page.check(tick);
  if (prompts.length) await page.fill('#prompts', prompts.join('\n'));
  await page.click('#run');
  expect(await page.isDisabled('#run')).toBe(true);
  await page.waitForSelector('body[data-state="done"], body[data-state="failed"]', { timeout: 120_000 });
  expect(await page.getAttribute('body', 'data-state'), `${await page.textContent('#status')} ${problems.join('; ')}`).toBe('done');
  expect(await page.isDisabled('#run')).toBe(false);
  await page.waitForSelector('.page[data-page="1"][data-drawn]');
  expect(errorsIn(problems)).toEqual([]);
  return page;
}

/**
 * For the first `count` word boxes of page `n` (words cut by the page's right edge left out): the box,
 * and the extent of the dark pixels of the canvas near it (the box widened a little sideways and by
 * half its height up and down).
 */
function inkUnderWords(page: Page, n = 1, count = 12) {
  return page.evaluate(
    ({ n, count }) => {
      const doc = (globalThis as unknown as { document: DocumentLike }).document;
      const canvas = doc.querySelector(`.page[data-page="${n}"] canvas`) as CanvasLike;
      const ctx = canvas.getContext('2d');
      const width = Number((canvas as unknown as { width: number }).width);
      const words = Array.from(doc.querySelectorAll(`.page[data-page="${n}"] rect.word`)).filter((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width')) < width - 20);
      return words.slice(0, count).map((r) => {
        const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
        const x0 = Math.max(0, Math.floor(x! - 3));
        const y0 = Math.max(0, Math.floor(y! - h! / 2));
        const img = ctx.getImageData(x0, y0, Math.ceil(w! + 6), Math.ceil(h! * 2));
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, ink = 0;
        for (let i = 0; i < img.data.length; i += 4) {
          if (img.data[i]! >= 128) continue;
          const px = (i / 4) % img.width;
          const py = Math.floor(i / 4 / img.width);
          ink += 1;
          minX = Math.min(minX, px);
          maxX = Math.max(maxX, px + 1);
          minY = Math.min(minY, py);
          maxY = Math.max(maxY, py + 1);
        }
        return { text: r.dataset.text, box: [x!, y!, x! + w!, y! + h!], ink: [x0 + minX, y0 + minY, x0 + maxX, y0 + maxY], inkPixels: ink };
      });
    },
    { n, count },
  );
}

/** Each word's box on the word's ink: the ink's extent is the box's, within `tolerance` pixels. */
function expectBoxesOnInk(checks: Awaited<ReturnType<typeof inkUnderWords>>, count = 12, tolerance = 3) {
  expect(checks.length).toBe(count);
  for (const c of checks) {
    expect(c.inkPixels, c.text).toBeGreaterThan(20);
    c.ink.forEach((v, k) => expect(Math.abs(v - c.box[k]!), `${c.text} edge ${k}: ink ${c.ink} box ${c.box}`).toBeLessThanOrEqual(tolerance));
  }
}

/** The errors among a page's problems: its script's, the console's, failed answers (not pdf.js's warnings, nor Chromium's hints). */
const errorsIn = (problems: string[]) => problems.filter((p) => /^(pageerror|console error|\d{3} )/.test(p));

/** A download started by clicking the button of `format`: its suggested name and its bytes. */
async function download(page: Page, format: string) {
  const [started] = await Promise.all([page.waitForEvent('download'), page.click(`#downloads button[data-format="${format}"]`)]);
  const saved = path.join(dir, `downloaded-${format}`);
  await started.saveAs(saved);
  return { name: started.suggestedFilename(), bytes: readFileSync(saved) };
}

describe('the web page (GET /)', () => {
  it('reads an uploaded scan and draws each word’s box on the word’s ink; hover shows the word', async () => {
    const page = await readIn('letter.png');
    const checks = await inkUnderWords(page);
    expectBoxesOnInk(checks);

    await page.hover('.page rect.word');
    expect(await page.textContent('#tooltip')).toMatch(/^\S+ \(0\.\d{3}|1\.000\)$/);
    expect(await page.textContent('#text')).toContain(checks[0]!.text!);
    await page.screenshot({ path: path.join(OUT, 'page-with-boxes.png'), fullPage: true });

    // A button for each format the service's OpenAPI document offers; a download is named after the file.
    expect(await page.$$eval('#downloads button', (buttons) => buttons.map((b) => (b as unknown as { textContent: string }).textContent))).toEqual(['JSON', 'text', 'searchable PDF', 'hOCR', 'ALTO', 'tables as CSV', 'tables as Excel']);
    const text = await download(page, 'text');
    expect(text.name).toBe('letter.txt');
    expect(text.bytes.toString('utf8')).toContain(checks[0]!.text!);
    await page.close();
  }, 120_000);

  it('draws the table cells, the key-value links and the prompted fields of a scanned statement over it, and lists them beside it', async () => {
    const page = await readIn('statement.png', ['#tables', '#pairs'], ['Line of Credit', 'Rate']);

    // Beside the page: the table, as a table.
    const listed = await page.$$eval('#structure table tr', (rows) =>
      rows.map((r) => Array.from((r as unknown as { children: ArrayLike<{ textContent: string }> }).children, (c) => c.textContent)),
    );
    expect(listed).toEqual(STATEMENT_TABLE);
    expect(await page.textContent('#structure dl.pairs')).toContain('Rate4.2000');

    const drawn = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: DocumentLike }).document;
      const box = (r: { getAttribute(name: string): string | null }) => ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
      const word = (text: string) => Array.from(doc.querySelectorAll('.page rect.word')).filter((r) => r.dataset.text === text).map(box);
      const cells = Array.from(doc.querySelectorAll('.page rect.cell'));
      const cell = cells.filter((r) => r.dataset.cellText === '32,414.50').map((r) => ({ box: box(r), row: r.dataset.row, column: r.dataset.column }));
      const link = Array.from(doc.querySelectorAll('.page line.kv-link')).filter((l) => l.dataset.key === 'Line of Credit').map((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))));
      const key = Array.from(doc.querySelectorAll('.page rect.kv-key')).filter((r) => r.dataset.key === 'Line of Credit').map(box);
      const value = Array.from(doc.querySelectorAll('.page rect.kv-value')).filter((r) => r.dataset.key === 'Line of Credit').map(box);
      const field = (name: string) => Array.from(doc.querySelectorAll('.page rect.field')).filter((r) => r.dataset.field === name).map((r) => ({ box: box(r), value: r.dataset.value }));
      const named = Array.from(doc.querySelectorAll('.page text.field-name')).map((t) => t.dataset.field);
      return { cells: cells.length, cell, amount: word('32,414.50'), credit: word('100,000.00'), rate: word('4.2000'), link, key, value, creditField: field('Line of Credit'), rateField: field('Rate'), named };
    });
    // The prompted fields: each value outlined where it is printed, named, and listed with what it was read as.
    expect(drawn.creditField).toHaveLength(1);
    expect(drawn.creditField[0]!.value).toBe('100,000.00');
    expect(drawn.rateField[0]!.value).toBe('4.2000');
    expect(drawn.named.sort()).toEqual(['Line of Credit', 'Rate']);
    expect(await page.textContent('#fields dd[data-field="Line of Credit"]')).toMatch(/^100,000\.00 \(amount 100000, page 1, key_value\)/);
    expect(await page.textContent('#fields dd[data-field="Rate"]')).toMatch(/^4\.2000 \(number 4\.2, page 1, key_value\)/);
    const inside = (inner: number[], outer: number[]) => inner[0]! >= outer[0]! - 1 && inner[1]! >= outer[1]! - 1 && inner[0]! + inner[2]! <= outer[0]! + outer[2]! + 1 && inner[1]! + inner[3]! <= outer[1]! + outer[3]! + 1;
    expect(drawn.cells).toBeGreaterThanOrEqual(17); // the non-empty cells at least
    expect(drawn.cell).toHaveLength(1);
    expect(drawn.cell[0]).toMatchObject({ row: '2', column: '3' });
    expect(drawn.amount).toHaveLength(1);
    expect(inside(drawn.amount[0]!, drawn.cell[0]!.box)).toBe(true);
    expect(inside(drawn.credit[0]!, drawn.creditField[0]!.box)).toBe(true);
    expect(inside(drawn.rate[0]!, drawn.rateField[0]!.box)).toBe(true);
    // The link runs from the key's right edge to the value's left edge, and the value is 100,000.00's box.
    expect(drawn.key).toHaveLength(1);
    expect(drawn.value).toHaveLength(1);
    expect(inside(drawn.credit[0]!, drawn.value[0]!)).toBe(true);
    const [x1, y1, x2, y2] = drawn.link[0]!;
    const [kx, ky, kw, kh] = drawn.key[0]!;
    const [vx, vy, , vh] = drawn.value[0]!;
    expect(Math.abs(x1! - (kx! + kw!))).toBeLessThan(1);
    expect(Math.abs(x2! - vx!)).toBeLessThan(1);
    expect(y1).toBeGreaterThan(ky!);
    expect(y1).toBeLessThan(ky! + kh!);
    expect(y2).toBeGreaterThan(vy!);
    expect(y2).toBeLessThan(vy! + vh!);
    await page.screenshot({ path: path.join(OUT, 'page-with-table.png'), fullPage: true });
    await page.close();
  }, 120_000);

  it('draws a JBIG2 scanned PDF (pdf.js given its WebAssembly decoders) under its word boxes', async () => {
    const opened = await openPage();
    const page = await readIn('jbig2-scan.pdf', [], [], opened);
    // The service read it (its own renderer) ...
    expect(wordAccuracy(wordsOf(JBIG2_LINES.join(' ')), wordsOf((await page.textContent('#text')) ?? ''))).toBeGreaterThan(0.9);
    // ... and the browser drew it: each word's box on the word's ink, and pdf.js said nothing of JBIG2 or wasm.
    expectBoxesOnInk(await inkUnderWords(page));
    expect(opened.problems.filter((p) => /jbig2|wasm|standardFontDataUrl|cMapUrl|iccUrl/i.test(p))).toEqual([]);
    await page.screenshot({ path: path.join(OUT, 'jbig2-scan.png'), fullPage: true });
    await page.close();
  }, 120_000);

  it('draws a born-digital page whose text is set sideways turned upright, as it was read from its text layer, each word’s box over its ink', async () => {
    const page = await readIn('sideways-report.pdf');
    expect(wordsOf((await page.textContent('#text')) ?? '')).toEqual(wordsOf(SIDEWAYS_LINES.join(' ')));
    // From the text layer (every word sure), not recognised from the page's pixels.
    expect(new Set(await page.$$eval('.page rect.word', (rects) => rects.map((r) => r.getAttribute('data-confidence'))))).toEqual(new Set(['1.000']));
    // Typographic boxes (ascent to descent, side bearings in): the ink spans each box across and lies within it up and down.
    const checks = await inkUnderWords(page);
    expect(checks.length).toBe(12);
    for (const c of checks) {
      expect(c.inkPixels, c.text).toBeGreaterThan(20);
      expect(Math.abs(c.ink[0]! - c.box[0]!), `${c.text}: ink ${c.ink} box ${c.box}`).toBeLessThanOrEqual(6);
      expect(Math.abs(c.ink[2]! - c.box[2]!), `${c.text}: ink ${c.ink} box ${c.box}`).toBeLessThanOrEqual(6);
      expect(c.ink[1]!, c.text).toBeGreaterThanOrEqual(c.box[1]! - 2);
      expect(c.ink[3]!, c.text).toBeLessThanOrEqual(c.box[3]! + 2);
    }
    await page.screenshot({ path: path.join(OUT, 'sideways-text-layer.png'), fullPage: true });
    await page.close();
  }, 120_000);

  it('reads a document given by URL, draws its page (from the job’s searchable PDF) and names downloads after the URL’s file', async () => {
    // The test's server sends no CORS headers: the page cannot fetch the URL itself.
    const page = await readIn(`${filesUrl}letter-from-url.png`);
    expectBoxesOnInk(await inkUnderWords(page));
    const pdf = await download(page, 'pdf');
    expect(pdf.name).toBe('letter-from-url.pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await download(page, 'text')).name).toBe('letter-from-url.txt');
    await page.screenshot({ path: path.join(OUT, 'page-from-url.png'), fullPage: true });
    await page.close();
  }, 120_000);

  it('reads a 17-page PDF as a job: the pages read of 17 shown as they are read, the Read button disabled, every page drawn', async () => {
    const { page, problems } = await openPage();
    // Every status the page shows, with the Read button's state at that moment.
    await page.evaluate(() => {
      const w = globalThis as unknown as WindowLike;
      const seen: Array<{ status: string; disabled: boolean }> = (w.seen = []);
      const status = w.document.querySelector('#status') as ElementLike;
      const run = w.document.querySelector('#run') as ElementLike;
      new w.MutationObserver(() => seen.push({ status: status.textContent ?? '', disabled: Boolean(run.disabled) })).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await page.setInputFiles('#file', path.join(dir, 'long-report.pdf'));
    await page.click('#run');
    await page.waitForSelector('body[data-state="done"], body[data-state="failed"]', { timeout: 180_000 });
    expect(await page.getAttribute('body', 'data-state'), `${await page.textContent('#status')} ${problems.join('; ')}`).toBe('done');
    expect(await page.textContent('#status')).toBe('17 page(s) read');

    const seen = await page.evaluate(() => (globalThis as unknown as WindowLike).seen!);
    const counts = seen.map((s) => /^reading: (\d+) of 17 pages$/.exec(s.status)?.[1]).filter((n) => n !== undefined).map(Number);
    expect(counts.some((n) => n > 0 && n < 17), JSON.stringify(seen)).toBe(true);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(seen.slice(0, -1).every((s) => s.disabled), JSON.stringify(seen)).toBe(true);
    expect(seen.at(-1)!.disabled).toBe(false);

    // Every page, with its own words; the last one drawn once scrolled to.
    const words = await page.$$eval('.page', (boxes) =>
      boxes.map((b) => Array.from((b as unknown as { querySelectorAll(s: string): ArrayLike<ElementLike> }).querySelectorAll('rect.word'), (r) => r.dataset.text).join(' ')),
    );
    expect(words).toHaveLength(17);
    words.forEach((w, i) => expect(w).toContain(`Page ${i + 1} report`));
    await page.locator('.page[data-page="17"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('.page[data-page="17"][data-drawn]');
    expectBoxesOnInk(await inkUnderWords(page, 17, 4), 4);
    expect(await page.$$eval('#warnings li', (items) => items.length)).toBe(0);
    // Downloads come from the job's result: all 17 pages.
    const text = await download(page, 'text');
    expect(text.name).toBe('long-report.txt');
    expect(text.bytes.toString('utf8')).toContain('Page 17 report');
    await page.screenshot({ path: path.join(OUT, 'long-document.png') });
    await page.close();
  }, 240_000);

  it('asks for the languages only once a key is given, and again when the key changes; nothing is refused on the way', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => void (r.url().includes('/v1/') && asked.push(new URL(r.url()).pathname)));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto(`${api.baseUrl}/`, { waitUntil: 'networkidle' });
    expect(asked).toEqual([]);
    const optionCount = () => page.$$eval('#language option', (options) => options.length);
    await page.fill('#key', ALICE);
    await page.dispatchEvent('#key', 'change');
    await page.waitForFunction(() => (globalThis as unknown as WindowLike).document.querySelectorAll('#language option').length > 1);
    expect(await optionCount()).toBeGreaterThan(1);
    await page.dispatchEvent('#key', 'change'); // the same key: not asked again
    await page.fill('#key', BOB);
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/v1/vision/ocr/languages')), page.dispatchEvent('#key', 'change')]);
    expect(asked).toEqual(['/v1/vision/ocr/languages', '/v1/vision/ocr/languages']);
    // Chromium's own requests (a favicon) show in the console only: no 401 there either.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a 390-pixel-wide screen: columns stacked, a long error and the answer’s warnings wrapped', async () => {
    const opened = await openPage({ width: 390, height: 844 });
    const { page } = opened;
    // The answer's `warnings` (extension), added here to the service's real answer (a job's, read by URL): the page lists them.
    await page.route(/\/v1\/vision\/ocr\/jobs\/[\w-]+$/, async (route) => {
      const response = await route.fetch();
      const message = 'The document has 2,017 pages; pages 2001-2017 were not read: a job reads at most MAX_JOB_PAGES (2,000); give page_range for the others';
      await route.fulfill({ response, json: { ...((await response.json()) as object), warnings: [{ code: 'pages_not_read', message, pages: Array.from({ length: 17 }, (_, i) => 2001 + i) }] } });
    });
    await readIn(`${filesUrl}letter-from-url.png`, [], [], opened);
    expect(await page.textContent('#warnings li[data-code="pages_not_read"]')).toMatch(/^The document has 2,017 pages; pages 2001-2017 were not read/);
    await page.fill('#source-text', 'hello');
    await page.fill('#target', 'xx-no-such-language-code-with-a-name-long-enough-to-run-off-a-phone-screen');
    await page.click('#translate-run');
    await page.waitForSelector('#translation.error');
    expect(await page.textContent('#translation')).toMatch(/^400: /);

    const layout = await page.evaluate(() => {
      const w = globalThis as unknown as WindowLike;
      const over = Array.from(w.document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > w.innerWidth + 0.5);
      return { scrollWidth: w.document.scrollingElement.scrollWidth, over: over.map((e) => `${e.tagName}#${e.id}`) };
    });
    await page.screenshot({ path: path.join(OUT, 'narrow-390.png'), fullPage: true });
    expect(layout.over).toEqual([]);
    expect(layout.scrollWidth).toBeLessThanOrEqual(390);
    // Stacked: the translation under the OCR section, the text under the page.
    const [ocr, translate] = await Promise.all([page.locator('#ocr').boundingBox(), page.locator('#translate').boundingBox()]);
    expect(translate!.y).toBeGreaterThan(ocr!.y + ocr!.height - 1);
    await page.close();
  }, 120_000);
});
