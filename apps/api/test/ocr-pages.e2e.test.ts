import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scannedPdf } from '../../../test/fixtures/pdf.ts';
import { proseLines, wordAccuracy } from '../../../test/fixtures/render-text.ts';
import { asScanned, billWords, FRENCH_LETTER, grayJpeg, grayPng, photographedBill, rgbJpeg, rgbPng, scannedPage, turned, type RgbImage } from '../../../test/fixtures/scans.ts';
import { renderPlaced } from '../../../test/fixtures/render-text.ts';
import { STATEMENT, STATEMENT_TABLE } from '../../../test/fixtures/tables.ts';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * Pages as users send them, through the API and real workers: scans lying at any orientation (as
 * images, as PDF pages, with and without /Rotate), colour photos and conversions the engine's own
 * reader would need, letters in another language, with no options.
 */

type Answer = {
  sections: Array<{ page: number; text: string; lines: Array<{ words: Array<{ text: string; bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } } }> }> }>;
  pages: Array<{ page: number; width: number; height: number; rotation: number; skew: number; language?: string; source: string }>;
  width: number;
  height: number;
};

const words = (answer: Answer, page?: number): string[] =>
  answer.sections.filter((s) => page === undefined || s.page === page).flatMap((s) => s.lines.flatMap((l) => l.words.map((w) => w.text)));
const split = (lines: readonly string[]) => lines.join(' ').split(/\s+/);

let dir: string;

/** The `tesseract` command on a file, as a user would run it (single-threaded, English): the reference reader. */
function tesseractCli(bytes: Buffer, name: string): string[] {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  const run = spawnSync('tesseract', [file, 'stdout', '-l', 'eng'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, encoding: 'utf8' });
  return run.stdout.split(/\s+/).filter(Boolean);
}

function client(api: TestApi) {
  return {
    async store(bytes: Buffer): Promise<string> {
      const key = `pages/${randomUUID()}`;
      const res = await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: bytes });
      expect(res.status).toBe(200);
      return key;
    },
    async ocr(body: Record<string, unknown>): Promise<{ status: number; body: Answer & Record<string, unknown> }> {
      const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
  };
}

/** Ink as opaque black, paper fully transparent with black underneath: a decoder that drops alpha sees a black page. */
async function transparentPage(page: { width: number; height: number; data: Uint8Array }): Promise<Buffer> {
  const rgba = Buffer.alloc(page.width * page.height * 4);
  for (let i = 0; i < page.data.length; i++) rgba[i * 4 + 3] = 255 - page.data[i]!;
  return sharp(rgba, { raw: { width: page.width, height: page.height, channels: 4 } }).png().toBuffer();
}

const PROSE = proseLines(10, 52, 808);
const PAGE = { width: 1700, height: 1150 };
let bill: RgbImage;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ocr-pages-'));
  bill = await photographedBill();
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('with the native engine (the default where tesseract 5 is installed)', () => {
  let api: TestApi;
  let workers: RunningWorkers;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    api = await startApi();
    workers = await startWorkers(['pdf', 'ocr'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2', OCR_QUIET_NOISE: '2' });
    c = client(api);
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await api?.close();
  });

  it('says which engine runs, at /readyz, and lists 20+ languages by ISO code, tesseract code and script', async () => {
    const ready = await (await fetch(`${api.baseUrl}/readyz`)).json();
    expect(ready.checks.ocr_engines).toEqual([{ engine: 'native', version: expect.stringMatching(/^tesseract 5\./), workers: 1 }]);
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr/languages`, { headers: bearer(ALICE) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, default: 'auto', orientation_detection: true, engines: [{ engine: 'native' }] });
    expect(body.languages.length).toBeGreaterThanOrEqual(20);
    expect(body.languages).toEqual(
      expect.arrayContaining([
        { code: 'fr', iso: 'fr', tesseract: 'fra', name: 'French', script: 'Latin' },
        { code: 'ru', iso: 'ru', tesseract: 'rus', name: 'Russian', script: 'Cyrillic' },
        { code: 'zh', iso: 'zh', tesseract: 'chi_sim', name: 'Chinese (Simplified)', script: 'Han' },
        { code: 'zh-Hant', iso: 'zh-Hant', tesseract: 'chi_tra', name: 'Chinese (Traditional)', script: 'Han' },
      ]),
    );
    const scripts = new Set(body.languages.map((l: { script: string }) => l.script));
    for (const script of ['Latin', 'Cyrillic', 'Greek', 'Arabic', 'Hebrew', 'Devanagari', 'Han', 'Japanese', 'Korean']) expect(scripts).toContain(script);
  });

  it('turns a scan lying upside down upright: rotation 180, boxes on the upright image', async () => {
    const page = await scannedPage(PROSE, PAGE);
    const { status, body } = await c.ocr({ file_store_key: await c.store(await grayPng(await turned(page, 180))) });
    expect(status).toBe(200);
    expect(body.pages).toEqual([{ page: 1, ...PAGE, source: 'ocr', rotation: 180, skew: 0, language: 'eng' }]);
    expect(body).toMatchObject({ width: PAGE.width, height: PAGE.height });
    expect(wordAccuracy(split(PROSE), words(body))).toBeGreaterThanOrEqual(0.95);
    // The first line is at the top of the upright page.
    expect(body.sections[0]!.lines[0]!.words[0]!.bounds.top_left.y).toBeLessThan(PAGE.height / 4);
  });

  it('reads a 4-page PDF whose scanned pages lie at 0, 90, 180 and 270 degrees, each upright', async () => {
    const page = await scannedPage(PROSE, PAGE);
    const images = await Promise.all([0, 90, 180, 270].map((deg) => (deg === 0 ? page : turned(page, deg as 90 | 180 | 270))));
    const { status, body } = await c.ocr({ file_store_key: await c.store(scannedPdf(images)) });
    expect(status).toBe(200);
    expect(body.pages.map((p) => p.rotation)).toEqual([0, 270, 180, 90]);
    for (const p of body.pages) {
      // PDF pages are rendered at 250 DPI: the upright page is wider than tall, like the scan.
      expect(p.width).toBeGreaterThan(p.height);
      expect(wordAccuracy(split(PROSE), words(body, p.page)), `page ${p.page}`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('reads PDF pages whose /Rotate shows an upright scan turned, each upright', async () => {
    const page = await scannedPage(PROSE, PAGE);
    const pdf = scannedPdf([90, 180, 270].map((rotate) => ({ ...page, rotate })));
    const { status, body } = await c.ocr({ file_store_key: await c.store(pdf) });
    expect(status).toBe(200);
    expect(body.pages.map((p) => p.rotation)).toEqual([270, 180, 90]);
    for (const p of body.pages) expect(wordAccuracy(split(PROSE), words(body, p.page)), `page ${p.page}`).toBeGreaterThanOrEqual(0.95);
  });

  it('reads a French letter sent with no options in French, accents and all', async () => {
    const letter = await grayPng(await scannedPage(FRENCH_LETTER, { height: 1000 }));
    const key = await c.store(letter);
    const { status, body } = await c.ocr({ file_store_key: key });
    expect(status).toBe(200);
    expect(body.pages[0]).toMatchObject({ language: 'fra', rotation: 0 });
    for (const accented of ['réunion', 'l’île', 'côté', 'déjà', 'l’hôtel', 'très']) expect(words(body)).toContain(accented);
    expect(wordAccuracy(split(FRENCH_LETTER), words(body))).toBeGreaterThanOrEqual(0.95);
    expect(body.tags).toContain('fr');
    // Asked for by its ISO code, the same model reads it.
    const asked = await c.ocr({ file_store_key: key, language: 'fr' });
    expect(asked.body.pages[0]).toMatchObject({ language: 'fra' });
    expect(words(asked.body)).toEqual(words(body));
  });

  it('refuses a language that is not installed with 400 invalid_language_code naming the installed ones', async () => {
    const key = await c.store(await grayPng(await scannedPage(['x'], { width: 200, height: 100 })));
    for (const language of ['xx', 'klingon', 'fr+xx', 'auto+en']) {
      const { status, body } = await c.ocr({ file_store_key: key, language });
      expect(status, language).toBe(400);
      expect(body).toMatchObject({ success: false, error: { code: 'invalid_language_code', details: [{ field: 'language' }] } });
      expect(body.message).toContain('fr (fra)');
    }
  });

  it('reads every image as well as the tesseract command reads the same file: colour photos and conversions', async () => {
    const opaqueAlpha = await sharp(bill.data, { raw: { width: bill.width, height: bill.height, channels: 3 } }).ensureAlpha(1).png().toBuffer();
    const cases: Array<[string, Buffer, string[]]> = [
      ['bill.png', await rgbPng(bill), billWords()],
      ['bill.jpg', await rgbJpeg(bill), billWords()],
      ['bill-alpha.png', opaqueAlpha, billWords()],
      ['bill-16bit.png', await sharp(await rgbPng(bill)).toColourspace('rgb16').png().toBuffer(), billWords()],
      ['bill-cmyk.jpg', await sharp(await rgbPng(bill)).toColourspace('cmyk').jpeg({ quality: 90 }).toBuffer(), billWords()],
      ['bill-exif6.jpg', await sharp(await rgbPng(bill)).rotate(-90).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer(), billWords()],
      ['low-contrast.jpg', await grayJpeg(await scannedPage(PROSE, { ...PAGE, paper: 185, ink: 110, noise: 9 })), split(PROSE)],
      ['transparent.png', await transparentPage(await scannedPage(PROSE, { ...PAGE, noise: 0 })), split(PROSE)],
    ];
    for (const [name, bytes, truth] of cases) {
      const cli = wordAccuracy(truth, tesseractCli(bytes, name));
      const { status, body } = await c.ocr({ file_store_key: await c.store(bytes) });
      expect(status, name).toBe(200);
      const service = wordAccuracy(truth, words(body));
      console.log(`${name}: service ${service.toFixed(3)}, tesseract command ${cli.toFixed(3)}`);
      expect(service, name).toBeGreaterThanOrEqual(cli);
      expect(service, name).toBeGreaterThanOrEqual(0.9);
      expect(body.pages[0]).toMatchObject({ rotation: 0 });
    }
  });

  it("reads a noisy scan's figures that the tesseract command misreads, with OCR_QUIET_NOISE (its ink set black and its paper white first)", async () => {
    // A scanner's sensor noise (deviation 6, on gray paper, blurred): tesseract's recognizer reads the
    // gray levels, and reads `01/12` and `12.50` of this statement as other marks.
    const scan = await grayPng(await asScanned(await renderPlaced(STATEMENT, { dpi: 300 })));
    const figures = STATEMENT_TABLE.slice(1).flatMap((row) => [row[0]!, ...row.slice(2)]).filter(Boolean);
    const cli = tesseractCli(scan, 'noisy-statement.png');
    expect(figures.filter((f) => !cli.includes(f)).length).toBeGreaterThan(0);
    const { status, body } = await c.ocr({ file_store_key: await c.store(scan) });
    expect(status).toBe(200);
    expect(figures.filter((f) => !words(body).includes(f))).toEqual([]);
  });
});

describe('with the tesseract.js engine (OCR_ENGINE=tesseract.js)', () => {
  let api: TestApi;
  let workers: RunningWorkers;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    api = await startApi();
    workers = await startWorkers(['pdf', 'ocr'], api.deps.queuePrefix, { OCR_ENGINE: 'tesseract.js', OCR_CONCURRENCY: '1', PDF_CONCURRENCY: '1' });
    c = client(api);
  }, 120_000);
  afterAll(async () => {
    await workers?.stop();
    await api?.close();
  });

  it('says so at /readyz, and turns a photographed bill lying upside down upright', async () => {
    const ready = await (await fetch(`${api.baseUrl}/readyz`)).json();
    expect(ready.checks.ocr_engines).toEqual([{ engine: 'tesseract.js', version: expect.stringMatching(/^tesseract\.js \d/), workers: 1 }]);
    const upsideDown = await sharp(await rgbJpeg(bill)).rotate(180).jpeg({ quality: 90 }).toBuffer();
    const { status, body } = await c.ocr({ file_store_key: await c.store(upsideDown) });
    expect(status).toBe(200);
    expect(body.pages[0]).toMatchObject({ rotation: 180, width: bill.width, height: bill.height, language: 'eng' });
    expect(wordAccuracy(billWords(), words(body))).toBeGreaterThanOrEqual(0.9);
  });
});
