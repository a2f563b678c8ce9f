import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { JigsawStack } from 'jigsawstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf, encryptedPdf, scannedPdf, textPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';
import { multiPageTiff, png, prosePage, sampleProse, sidewaysJpeg, wordAccuracy, wordsOf } from './ocr-fixtures.js';
import { renderLines } from '../../../test/fixtures/render-text.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

let api: TestApi;
let workers: RunningWorkers;
let files: Server;
let filesUrl: string;
const served = new Map<string, Buffer>();

beforeAll(async () => {
  api = await startApi();
  // The test's own file server is on loopback, which the fetcher refuses unless told otherwise.
  workers = await startWorkers(['pdf', 'ocr'], api.deps.queuePrefix, { ALLOW_PRIVATE_URLS: 'true', OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2' });
  files = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  files?.close();
  await workers?.stop();
  await api?.close();
});

async function store(bytes: Buffer, key = `ocr/${randomUUID()}`): Promise<string> {
  const res = await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(ALICE), body: bytes });
  expect(res.status).toBe(200);
  return key;
}

/** The log_id of every OCR request this file made: their intermediate objects are under work/<log_id>/. */
const requestIds = new Set<string>();

async function ocr(body: Record<string, unknown>) {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await res.json();
  requestIds.add(answer.log_id);
  return { status: res.status, body: answer };
}

const allWords = (answer: { sections: Array<{ lines: Array<{ words: Array<{ text: string }> }> }> }) =>
  answer.sections.flatMap((s) => s.lines.flatMap((l) => l.words.map((w) => w.text)));

describe('OCR of an image', () => {
  it('reads a PNG with every response field: text, boxes on the words, confidences 0..1', async () => {
    const truth = sampleProse(6);
    const { image, lines } = await prosePage(truth);
    const { status, body } = await ocr({ file_store_key: await store(await png(image)) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, width: image.width, height: image.height, has_text: true, total_pages: 1, page_range: [1, 1], log_id: expect.any(String) });
    expect(body.pages).toEqual([{ page: 1, width: image.width, height: image.height, source: 'ocr', rotation: 0, skew: 0, language: 'eng' }]);
    expect(wordAccuracy(truth.flatMap(wordsOf), allWords(body))).toBeGreaterThanOrEqual(0.95);
    expect(typeof body.context).toBe('string');
    expect(body.context).toMatch(/PNG image, 1700x\d+ pixels/);
    expect(body.tags).toEqual(expect.arrayContaining(['text', 'en', 'image']));
    for (const key of ['input_tokens', 'output_tokens', 'inference_time_tokens', 'total_tokens']) expect(body._usage[key]).toBeGreaterThan(0);
    for (const section of body.sections) {
      expect(section.text).toBe(section.lines.map((l: { text: string }) => l.text).join('\n'));
      for (const line of section.lines) {
        expect(line.average_confidence).toBeGreaterThanOrEqual(0);
        expect(line.average_confidence).toBeLessThanOrEqual(1);
        for (const word of line.words) {
          expect(word.confidence).toBeGreaterThanOrEqual(0);
          expect(word.confidence).toBeLessThanOrEqual(1);
          const b = word.bounds;
          expect(Object.keys(b).sort()).toEqual(['bottom_left', 'bottom_right', 'height', 'top_left', 'top_right', 'width']);
          // The box lands on the band of the drawn line that holds the word.
          const drawn = lines.find((l) => l.band.y0 <= b.top_left.y + b.height / 2 && b.top_left.y + b.height / 2 <= l.band.y1);
          expect(drawn, `word "${word.text}" at y=${b.top_left.y}`).toBeDefined();
          expect(drawn!.text.split(' ')).toContain(word.text);
        }
      }
    }
  });

  it('reads a sideways phone photo upright, by its EXIF orientation', async () => {
    const truth = sampleProse(3, 5);
    const { image } = await prosePage(truth);
    const { body } = await ocr({ file_store_key: await store(await sidewaysJpeg(image)) });
    expect(body.width).toBe(image.width); // upright again: as wide as the original page
    expect(wordAccuracy(truth.flatMap(wordsOf), allWords(body))).toBeGreaterThanOrEqual(0.9);
  });

  it('answers a blank page with has_text false and no sections', async () => {
    const { image } = await prosePage([]);
    const { status, body } = await ocr({ file_store_key: await store(await png(image)) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ has_text: false, sections: [] });
    expect(body.tags).toContain('no-text');
  });

  it('finds the fields of a prompt by layout on an invoice-like page', async () => {
    const { image } = await prosePage(['ACME Office Supplies', 'Invoice No.: INV-2026-0042', 'Date: 2026-11-22', 'Total due', '1234.50 EUR']);
    const { body } = await ocr({ file_store_key: await store(await png(image)), prompt: ['invoice_number', 'date', 'total_due', 'iban'] });
    expect(body.context).toEqual({ invoice_number: ['INV-2026-0042'], date: ['2026-11-22'], total_due: ['1234.50'], iban: [] });
    expect(body.fields.total_due).toMatchObject({ normalized: 1234.5, currency: 'EUR', type: 'amount' });
  });

  it('refuses page_range on a single image', async () => {
    const { image } = await prosePage(['one line']);
    const { status, body } = await ocr({ file_store_key: await store(await png(image)), page_range: [1, 1] });
    expect(status).toBe(400);
    expect(body.error.code).toBe('page_range_not_applicable');
  });
});

describe('OCR of PDFs', () => {
  const pageTexts = [sampleProse(3, 21), sampleProse(3, 22), sampleProse(3, 23)];
  let scannedKey: string;
  beforeAll(async () => {
    const images = await Promise.all(pageTexts.map(async (t) => (await prosePage(t)).image));
    scannedKey = await store(scannedPdf(images));
  });

  it('reads a scanned 3-page PDF in page order, pages in parallel', async () => {
    const { status, body } = await ocr({ file_store_key: scannedKey });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total_pages: 3, page_range: [1, 3] });
    expect(body.pages.map((p: { page: number; source: string }) => [p.page, p.source])).toEqual([[1, 'ocr'], [2, 'ocr'], [3, 'ocr']]);
    for (const [i, truth] of pageTexts.entries()) {
      const pageWords = body.sections.filter((s: { page: number }) => s.page === i + 1).flatMap((s: { text: string }) => wordsOf(s.text));
      expect(wordAccuracy(truth.flatMap(wordsOf), pageWords), `page ${i + 1}`).toBeGreaterThanOrEqual(0.95);
    }
    const pagesInOrder = body.sections.map((s: { page: number }) => s.page);
    expect(pagesInOrder).toEqual([...pagesInOrder].sort());
  });

  it('processes only the page_range, clamping an end past the last page', async () => {
    const { body } = await ocr({ file_store_key: scannedKey, page_range: [2, 9] });
    expect(body.page_range).toEqual([2, 3]);
    expect(body.pages.map((p: { page: number }) => p.page)).toEqual([2, 3]);
    expect(new Set(body.sections.map((s: { page: number }) => s.page))).toEqual(new Set([2, 3]));
  });

  it('refuses a start past the last page, and more than 10 pages', async () => {
    const past = await ocr({ file_store_key: scannedKey, page_range: [4, 5] });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/start 4 is past the last page/);
    const many = await ocr({ file_store_key: scannedKey, page_range: [1, 11] });
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('page_range: at most 10 pages');
  });

  it('answers a born-digital PDF fetched from a URL from its text layer: exact text, no OCR', async () => {
    const lines = ['Quarterly report of the water research program', 'The committee approved the budget of 1,234.50 EUR'];
    served.set('/report.pdf', textPdf([{ lines, fontSize: 14 }]));
    const { status, body } = await ocr({ url: `${filesUrl}/report.pdf` });
    expect(status).toBe(200);
    expect(body.sections.map((s: { text: string }) => s.text).join('\n')).toBe(lines.join('\n'));
    expect(body.pages).toEqual([{ page: 1, width: 2125, height: 2750, source: 'text_layer', rotation: 0, skew: 0 }]); // US Letter at 250 DPI
    expect(body.sections[0].lines[0].words.every((w: { confidence: number }) => w.confidence === 1)).toBe(true);
    expect(body._usage.inference_time_tokens).toBe(0);
  });

  it('recognises a born-digital PDF with OCR when force_ocr is set', async () => {
    const lines = ['Quarterly report of the water research program'];
    const { body } = await ocr({ file_store_key: await store(textPdf([{ lines, fontSize: 14 }])), force_ocr: true });
    expect(body.pages[0].source).toBe('ocr');
    expect(wordAccuracy(lines.flatMap(wordsOf), allWords(body))).toBeGreaterThanOrEqual(0.95);
  });
});

describe('OCR of a multi-page TIFF', () => {
  it('pages it like a PDF: page_range selects pages, answered in page order', async () => {
    const texts = [['The first page of the scan'], ['The second page of the scan'], ['The third page of the scan']];
    const images = await Promise.all(texts.map(async (t) => (await prosePage(t, 1200)).image));
    const key = await store(await multiPageTiff(images));
    const { status, body } = await ocr({ file_store_key: key, page_range: [2, 3] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total_pages: 3, page_range: [2, 3] });
    expect(body.sections.map((s: { page: number; text: string }) => [s.page, s.text])).toEqual([
      [2, 'The second page of the scan'],
      [3, 'The third page of the scan'],
    ]);
  });
});

describe('hostile documents', () => {
  it.each([
    ['a truncated PDF', () => textPdf([{ lines: ['x'] }]).subarray(0, 60), 422, 'invalid_document'],
    ['a PDF with no pages', () => buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']), 422, 'invalid_document'],
    ['a password-protected PDF', () => encryptedPdf('secret'), 422, 'encrypted_document'],
    ['a text file', () => Buffer.from('just some text, not a document'), 415, 'unsupported_media_type'],
  ])('%s gets %i %s, promptly', async (_what, make, status, code) => {
    const started = Date.now();
    const res = await ocr({ file_store_key: await store(make()) });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('an empty file (0 bytes), to store or to read, is said to be empty: not "not a supported type"', async () => {
    const empty = await fetch(`${api.baseUrl}/v1/store/file?key=empty-${randomUUID()}`, { method: 'POST', headers: bearer(ALICE), body: new Uint8Array(0) });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toMatch(/^the file is empty \(0 bytes\)/);
    const form = new FormData();
    form.append('file', new Blob([]), 'scan.png');
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: bearer(ALICE), body: form });
    const uploaded = (await res.json()) as { message: string; error: { code: string } };
    expect(res.status).toBe(422);
    expect(uploaded.error.code).toBe('invalid_document');
    expect(uploaded.message).toMatch(/^the file is empty/);
  });

  it('a multipart request with an option as a part of its own, or two documents, is refused, not answered without it', async () => {
    const image = await png((await prosePage(['Total 12.50'])).image);
    const send = async (form: FormData) => {
      const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: bearer(ALICE), body: form });
      return { status: res.status, body: (await res.json()) as { message: string; error: { code: string } } };
    };
    const loose = new FormData();
    loose.append('file', new Blob([new Uint8Array(image)]), 'scan.png');
    loose.append('prompt', '["total"]');
    const a = await send(loose);
    expect(a.status).toBe(400);
    expect(a.body.error.code).toBe('validation_failed');
    expect(a.body.message).toBe(`the multipart body has a part "prompt": send the OCR options as JSON in one part named "body", e.g. -F 'body={"prompt":["total"]}'`);
    const two = new FormData();
    two.append('file', new Blob([new Uint8Array(image)]), 'a.png');
    two.append('file', new Blob([new Uint8Array(image)]), 'b.png');
    const b = await send(two);
    expect(b.status).toBe(400);
    expect(b.body.message).toMatch(/^send exactly one (document|file), in a part named "file"$/);
  });

  it('an image bomb gets 413 image_too_large', async () => {
    const { bombPng } = await import('../../../packages/documents/test/image-fixtures.js');
    const res = await ocr({ file_store_key: await store(bombPng(20_000)) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('image_too_large');
  });

  it('reads a page longer than tesseract reads (a side over 32767 pixels): an image scaled down to fit, a scanned PDF rendered to fit', async () => {
    // A receipt 40,000 pixels long (3.4 m at 300 DPI), its first and last lines printed.
    const width = 600;
    const height = 40_000;
    const head = (await renderLines(['Long Receipt Header'], { width, height: 120, fontSize: 48, lineHeight: 60, left: 20, top: 20 })).image;
    const foot = (await renderLines(['TOTAL 12.50'], { width, height: 120, fontSize: 48, lineHeight: 60, left: 20, top: 20 })).image;
    const data = new Uint8Array(width * height).fill(255);
    data.set(head.data, 0);
    data.set(foot.data, (height - 120) * width);
    const tall = { width, height, data };
    // The same pixels as a scanned PDF page at 200 DPI: 3 x 200 inches, rendered at the DPI whose raster fits.
    for (const [kind, bytes] of [['image', await png(tall)], ['pdf', scannedPdf([tall], 200)]] as const) {
      const res = await ocr({ file_store_key: await store(bytes) });
      expect(res.status, kind).toBe(200);
      expect(Math.max(res.body.width, res.body.height), kind).toBeLessThanOrEqual(32_767);
      expect(res.body.height, kind).toBeGreaterThan(32_000);
      expect(allWords(res.body), kind).toEqual(expect.arrayContaining(['Long', 'Receipt', 'Header', 'TOTAL', '12.50']));
      // Boxed in the pixels of the page as read: the last line at its foot.
      const total = res.body.sections.flatMap((s: { lines: Array<{ text: string; bounds: { top_left: { y: number } } }> }) => s.lines).find((l: { text: string }) => l.text.includes('TOTAL'));
      expect(total.bounds.top_left.y / res.body.height, kind).toBeGreaterThan(0.99);
    }
  });

  it('a file_store_key that was never stored gets 404 file_not_found', async () => {
    const res = await ocr({ file_store_key: `missing/${randomUUID()}` });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('file_not_found');
  });
});

describe('fine_grained', () => {
  it('tightens word boxes to the ink: closer to the truth than without', async () => {
    const words = ['alpha', 'bravo', 'delta', 'sierra', 'tango', 'whisky'];
    const { image } = await prosePage([words.slice(0, 3).join('      '), words.slice(3).join('      ')]);
    const key = await store(await png(image));
    // The truth: the ink bounding box of each word, measured on the rendered image itself.
    const ink = (box: { x0: number; y0: number; x1: number; y1: number }) => {
      let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
      for (let y = Math.max(0, box.y0 - 15); y < Math.min(image.height, box.y1 + 15); y++)
        for (let x = Math.max(0, box.x0 - 15); x < Math.min(image.width, box.x1 + 15); x++)
          if (image.data[y * image.width + x]! < 128) {
            x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 1); y1 = Math.max(y1, y + 1);
          }
      return { x0, y0, x1, y1 };
    };
    const iou = (a: { x0: number; y0: number; x1: number; y1: number }, b: typeof a) => {
      const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (w <= 0 || h <= 0) return 0;
      const area = (r: typeof a) => (r.x1 - r.x0) * (r.y1 - r.y0);
      return (w * h) / (area(a) + area(b) - w * h);
    };
    const meanIou = async (fine: boolean) => {
      const { body } = await ocr({ file_store_key: key, fine_grained: fine });
      const found = body.sections.flatMap((s: any) => s.lines.flatMap((l: any) => l.words));
      expect(found.map((w: { text: string }) => w.text)).toEqual(words);
      const scores = found.map((w: any) => {
        const box = { x0: w.bounds.top_left.x, y0: w.bounds.top_left.y, x1: w.bounds.bottom_right.x, y1: w.bounds.bottom_right.y };
        // Truth of this word: the ink near where the plain engine put it (the words are far apart).
        return { box, truth: ink(box) };
      });
      return scores;
    };
    const plain = await meanIou(false);
    const fine = await meanIou(true);
    // Same truth for both: measured around the plain boxes.
    const truths = plain.map((s: any) => s.truth);
    const avg = (xs: any[]) => xs.reduce((s: number, x: any, i: number) => s + iou(x.box, truths[i]), 0) / xs.length;
    const plainIou = avg(plain);
    const fineIou = avg(fine);
    console.log(`fine_grained IoU ${fineIou.toFixed(3)} vs plain ${plainIou.toFixed(3)}`);
    expect(fineIou).toBeGreaterThan(plainIou);
    expect(fineIou).toBeGreaterThan(0.95);
  });
});

describe('cleanup', () => {
  it('leaves no intermediate objects in S3 and no finished jobs in Redis', async () => {
    await new Promise((r) => setTimeout(r, 1_500)); // cleanup runs once every job has settled
    // The bucket is shared with the other test files running meanwhile: only this file's requests count.
    expect(requestIds.size).toBeGreaterThan(10);
    const left = (await api.deps.store.list('work/')).filter((key) => requestIds.has(key.split('/')[1]!));
    expect(left).toEqual([]);
    expect(await api.deps.ocr.ocr.queue.getCompletedCount()).toBe(0);
    expect(await api.deps.ocr.pdf.queue.getCompletedCount()).toBe(0);
    expect(await api.deps.ocr.ocr.queue.getWaitingCount()).toBe(0);
    expect(await api.deps.ocr.pdf.queue.getFailedCount()).toBe(0); // the hostile documents' failed jobs too
  });
});

describe('the official jigsawstack client', () => {
  it('vision.vocr with a url, a file_store_key, and a file sent as multipart', async () => {
    const client = JigsawStack({ apiKey: ALICE, baseURL: api.baseUrl });
    const truth = ['Hello from the official client'];
    const { image } = await prosePage(truth);
    const bytes = await png(image);
    served.set('/client.png', bytes);
    const byUrl = await client.vision.vocr({ url: `${filesUrl}/client.png` });
    const byKey = await client.vision.vocr({ file_store_key: await store(bytes) });
    const byFile = await client.vision.vocr(bytes, { prompt: ['hello'] } as never);
    for (const answer of [byUrl, byKey]) {
      expect(answer.success).toBe(true);
      expect(answer.sections.map((s: { text: string }) => s.text).join(' ')).toContain('official client');
    }
    expect(byFile.context).toEqual({ hello: ['from the official client'] });
  });
});
