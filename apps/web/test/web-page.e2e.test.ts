import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, startApi, type TestApi } from '../../api/test/harness.js';
import { png, prosePage, sampleProse } from '../../api/test/ocr-fixtures.js';
import { renderPlaced, toPng } from '../../../test/fixtures/render-text.ts';
import { STATEMENT, STATEMENT_TABLE } from '../../../test/fixtures/tables.ts';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The web page in a real browser (Debian's Chromium, driven by playwright-core): a key pasted, a scan
 * uploaded, the page drawn with its word boxes, each box on the word's ink (read back from the canvas).
 * Screenshot: test/output/web/.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/output/web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the page's script sees (the tests are type-checked without the DOM's types). */
interface CanvasLike {
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number } };
}
interface DocumentLike {
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null; dataset: Record<string, string> }>;
  querySelector(selector: string): unknown;
}

let api: TestApi;
let workers: RunningWorkers;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  api = await startApi();
  workers = await startWorkers(['ocr'], api.deps.queuePrefix, { OCR_CONCURRENCY: '1' });
  dir = mkdtempSync(path.join(tmpdir(), 'docsvc-web-'));
  writeFileSync(path.join(dir, 'letter.png'), await png((await prosePage(sampleProse(5, 91), 1200)).image));
  writeFileSync(path.join(dir, 'statement.png'), await toPng(await renderPlaced(STATEMENT, { dpi: 200 })));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await workers?.stop();
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A new tab with the key pasted, `file` uploaded with the boxes `ticks` ticked, read to the end. */
async function readIn(file: string, ticks: string[] = [], prompts: string[] = []) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(String(err)));
  await page.goto(`${api.baseUrl}/`);
  await page.fill('#key', ALICE);
  await page.dispatchEvent('#key', 'change');
  await page.setInputFiles('#file', path.join(dir, file));
  for (const tick of ticks) await page.check(tick);
  if (prompts.length) await page.fill('#prompts', prompts.join('\n'));
  await page.click('#run');
  await page.waitForSelector('body[data-state="done"], body[data-state="failed"]', { timeout: 60_000 });
  expect(await page.getAttribute('body', 'data-state'), `${await page.textContent('#status')} ${problems.join('; ')}`).toBe('done');
  return page;
}

describe('the web page (GET /)', () => {
  it('reads an uploaded scan and draws each word’s box on the word’s ink; hover shows the word', async () => {
    const page = await readIn('letter.png');

    // For each word box: the dark pixels of the canvas near it (the box widened a little sideways and by
    // half its height up and down) have the box's extent, within 3 pixels.
    const checks = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: DocumentLike }).document;
      const canvas = doc.querySelector('.page canvas') as CanvasLike;
      const ctx = canvas.getContext('2d');
      // Words cut by the page's right edge (the fixture's long lines) have no whole ink to compare.
      const width = Number((canvas as unknown as { width: number }).width);
      const words = Array.from(doc.querySelectorAll('.page rect.word')).filter((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width')) < width - 20);
      return words.slice(0, 12).map((r) => {
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
    });
    expect(checks.length).toBe(12);
    for (const c of checks) {
      expect(c.inkPixels, c.text).toBeGreaterThan(20);
      c.ink.forEach((v, k) => expect(Math.abs(v - c.box[k]!), `${c.text} edge ${k}: ink ${c.ink} box ${c.box}`).toBeLessThanOrEqual(3));
    }

    await page.hover('.page rect.word');
    expect(await page.textContent('#tooltip')).toMatch(/^\S+ \(0\.\d{3}|1\.000\)$/);
    expect(await page.textContent('#text')).toContain(checks[0]!.text!);
    await page.screenshot({ path: path.join(OUT, 'page-with-boxes.png'), fullPage: true });

    // A button for each format the service's OpenAPI document offers; a download is named after the file.
    expect(await page.$$eval('#downloads button', (buttons) => buttons.map((b) => (b as unknown as { textContent: string }).textContent))).toEqual(['JSON', 'text', 'searchable PDF', 'hOCR', 'ALTO', 'tables as CSV', 'tables as Excel']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#downloads button[data-format="text"]')]);
    expect(download.suggestedFilename()).toBe('letter.txt');
    const saved = path.join(dir, 'downloaded.txt');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toContain(checks[0]!.text!);
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
});
