import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf, scannedPdf, type PdfObject } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, runJob, startApi, storeFile, type TestApi } from './harness.js';
import { multiPageTiff, prosePage, sampleProse, sidewaysJpeg, wordsOf } from './ocr-fixtures.js';
import { extractImages, imageList, pageSizes, pdfFile, pdfText, pdfWords, qpdfCheck, type BoxedWord } from './pdf-tools.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The searchable PDF (`output: "pdf"`, `result?format=pdf`), checked with tools nobody here wrote:
 * qpdf --check, pdftotext (words, reading order, -bbox boxes), pdfinfo (page sizes), pdfimages (the
 * source's images unchanged) and pdf.js.
 */

let api: TestApi;
let workers: RunningWorkers;

beforeAll(async () => {
  api = await startApi();
  workers = await startWorkers(['pdf', 'ocr', 'jobs'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2' });
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
});

const store = (bytes: Buffer, name: string) => storeFile(api, bytes, 'searchable', name);
const ocr = (body: object) => fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface Answer {
  pages: Array<{ page: number; width: number; height: number; rotation?: number; skew?: number }>;
  sections: Array<{ page: number; text: string; lines: Array<{ words: Array<{ text: string; bounds: { top_left: { x: number; y: number }; bottom_right: { x: number; y: number } } }> }> }>;
}
async function both(body: object): Promise<{ answer: Answer; pdf: Buffer }> {
  const [json, pdf] = await Promise.all([ocr(body), ocr({ ...body, output: 'pdf' })]);
  expect(json.status).toBe(200);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  return { answer: (await json.json()) as Answer, pdf: Buffer.from(await pdf.arrayBuffer()) };
}

const answerWords = (answer: Answer, page: number) =>
  answer.sections.filter((s) => s.page === page).flatMap((s) => s.lines.flatMap((l) => l.words));

/**
 * The answer's word boxes in points on the page as displayed (pixels x 72 / dpi): each invisible word
 * starts where its box starts, within the tolerance, and ends at its box's end or in the gap before the
 * next word of its line (a gap wider than a space is taken into the word, so that extractors read the
 * line whole); down, it is set on its line's baseline in the line's size, as tesseract's renderer sets
 * it, so it overlaps its box by half the smaller height at least.
 */
function expectBoxesOnAnswer(found: BoxedWord[], answer: Answer, page: number, pointsPerPixel: number, tolerance = 1.5) {
  const lines = answer.sections.filter((s) => s.page === page).flatMap((s) => s.lines);
  const words = lines.flatMap((l) => l.words.map((w, i) => ({ ...w, reach: (l.words[i + 1] ?? w).bounds[l.words[i + 1] ? 'top_left' : 'bottom_right'].x })));
  const onPage = found.filter((w) => w.page === page);
  expect(onPage.map((w) => w.text)).toEqual(words.map((w) => w.text));
  for (const [i, w] of words.entries()) {
    const want = [w.bounds.top_left.x, w.bounds.top_left.y, w.bounds.bottom_right.x, w.bounds.bottom_right.y].map((v) => v * pointsPerPixel);
    const [x0, y0, x1, y1] = onPage[i]!.box;
    expect(Math.abs(x0! - want[0]!), `${w.text} left`).toBeLessThanOrEqual(tolerance);
    expect(x1!, `${w.text} right`).toBeGreaterThanOrEqual(want[2]! - tolerance);
    expect(x1!, `${w.text} right`).toBeLessThanOrEqual(w.reach * pointsPerPixel + tolerance);
    const across = Math.min(y1!, want[3]!) - Math.max(y0!, want[1]!);
    expect(across, `${w.text} down`).toBeGreaterThanOrEqual(0.5 * Math.min(y1! - y0!, want[3]! - want[1]!) - tolerance);
  }
}

describe('searchable PDF of a scanned PDF', () => {
  let source: Buffer;
  let answer: Answer;
  let output: Buffer;
  let key: string;

  beforeAll(async () => {
    const images = await Promise.all([sampleProse(5, 31), sampleProse(5, 32), sampleProse(5, 33)].map(async (t) => (await prosePage(t, 1275)).image));
    // Page 2 as a JPEG (DCT kept as it is), the others Flate: the output must carry both unchanged.
    const jpeg = await sharp(images[1]!.data, { raw: { width: images[1]!.width, height: images[1]!.height, channels: 1 } }).jpeg({ quality: 80 }).toBuffer();
    source = scannedPdf([images[0]!, { width: images[1]!.width, height: images[1]!.height, jpeg: { bytes: jpeg, channels: 1 } }, images[2]!], 150);
    key = await store(source, 'scan.pdf');
    ({ answer, pdf: output } = await both({ file_store_key: key }));
  }, 120_000);

  it('passes qpdf --check, keeps the page count and sizes, and grows by a few kilobytes a page at most', () => {
    const file = pdfFile(output);
    expect(qpdfCheck(file)).toMatch(/No syntax or stream encoding errors found/);
    expect(pageSizes(file)).toEqual(pageSizes(pdfFile(source)));
    expect(output.length).toBeLessThanOrEqual(source.length + 3 * 4096);
  });

  it('keeps the source’s images as they were (pdfimages -list, and the JPEG’s bytes)', () => {
    const file = pdfFile(output);
    expect(imageList(file)).toEqual(imageList(pdfFile(source)));
    const jpgs = extractImages(file).filter((f) => f.endsWith('.jpg'));
    expect(jpgs).toHaveLength(1);
    expect(readFileSync(jpgs[0]!).equals(readFileSync(extractImages(pdfFile(source)).find((f) => f.endsWith('.jpg'))!))).toBe(true);
  });

  it('gives pdftotext the recognised words in reading order, each where the answer’s box is', () => {
    const file = pdfFile(output);
    const pages = pdfText(file);
    expect(pages).toHaveLength(3);
    for (const [i, text] of pages.entries()) expect(wordsOf(text)).toEqual(answerWords(answer, i + 1).map((w) => w.text));
    const words = pdfWords(file);
    const sizes = pageSizes(file);
    // The answer's pixels are those of the page as rendered for OCR (200 DPI for this 150-DPI scan).
    for (const page of [1, 2, 3]) expectBoxesOnAnswer(words, answer, page, sizes[page - 1]!.width / answer.pages[page - 1]!.width);
  });

  it('opens in pdf.js with the words in its text content', async () => {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = pdfjs.getDocument({ data: new Uint8Array(output), useSystemFonts: false });
    const doc = await task.promise;
    expect(doc.numPages).toBe(3);
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(wordsOf(text)).toEqual(answerWords(answer, 1).map((w) => w.text));
    await task.destroy();
  });

  it('is the same PDF from a job (result?format=pdf), built once and then kept', async () => {
    const created = { job_id: await runJob(api, { file_store_key: key }) };
    // Polling without the answer: the status alone, even once succeeded.
    const status = await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.job_id}?answer=false`, { headers: bearer(ALICE) })).json();
    expect(status).toMatchObject({ status: 'succeeded', progress: { pages_done: 3, pages_total: 3 } });
    expect(status.sections).toBeUndefined();
    const get = () => fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.job_id}/result?format=pdf`, { headers: bearer(ALICE) });
    const [first, second] = await Promise.all([get(), get()]);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('filename="scan.pdf"');
    }
    const fromJob = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await second.arrayBuffer()).equals(fromJob)).toBe(true);
    expect(pdfText(pdfFile(fromJob))).toEqual(pdfText(pdfFile(output)));
    expect(await api.deps.store.head(`jobs/${created.job_id}/searchable.pdf`)).toBeDefined();
  }, 120_000);
});

/** Lines of Helvetica, each word used once in the document, so that every word can be found again. */
const WORDS = 'amber basil cedar delta ember fjord grove harbor island jasper kettle lantern meadow nectar orchard pepper quartz river saddle timber umber velvet walnut yonder zephyr anchor bramble candle dapple fennel garnet hollow indigo juniper kestrel lilac marble nutmeg olive parsley quiver russet sorrel thistle tundra vessel willow yarrow zinnia badger copper dagger falcon gable hazel ivory jungle kernel'.split(' ');
let nextWord = 0;
const lines = (count: number, perLine = 4) => Array.from({ length: count }, () => Array.from({ length: perLine }, () => WORDS[nextWord++ % WORDS.length]).join(' '));

interface DrawnPage {
  /** Text matrix origin and direction: cm [a b c d e f] the lines are drawn under. */
  cm: [number, number, number, number, number, number];
  rotate?: number;
  cropBox?: [number, number, number, number];
  trimBox?: [number, number, number, number];
}
function drawnPdf(pages: DrawnPage[]): Buffer {
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  for (const page of pages) {
    const boxes = `${page.cropBox ? ` /CropBox [${page.cropBox.join(' ')}]` : ''}${page.trimBox ? ` /TrimBox [${page.trimBox.join(' ')}]` : ''}${page.rotate ? ` /Rotate ${page.rotate}` : ''}`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]${boxes} /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length + 2} 0 R >>`);
    const body = lines(6).map((l) => `(${l}) Tj T*`).join('\n');
    objects.push({ dict: '<< >>', stream: Buffer.from(`q ${page.cm.join(' ')} cm BT /F1 20 Tf 34 TL 0 0 Td\n${body}\nET Q`, 'latin1') });
  }
  return buildPdf(objects);
}

describe('searchable PDF of pages shown turned, cropped or drawn at an angle', () => {
  const rad = (5 * Math.PI) / 180;
  const pages: DrawnPage[] = [
    // Upright, with a CropBox and a TrimBox off the MediaBox's origin.
    { cm: [1, 0, 0, 1, 90, 660], cropBox: [30, 40, 590, 760], trimBox: [50, 60, 570, 740] },
    // Stored sideways and shown upright by /Rotate (a scanner's way): 90 and 270.
    { cm: [0, 1, -1, 0, 100, 90], rotate: 90 },
    { cm: [0, -1, 1, 0, 512, 700], rotate: 270, cropBox: [20, 20, 600, 780] },
    // Upright in user space but shown upside down: the OCR worker turns it.
    { cm: [1, 0, 0, 1, 90, 660], rotate: 180 },
    // Drawn sideways on an unturned page: the OCR worker turns it.
    { cm: [0, 1, -1, 0, 100, 90] },
    // Drawn 5 degrees off level: the OCR worker levels it.
    { cm: [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 90, 620] },
  ];
  let source: Buffer;
  let answer: Answer;
  let output: Buffer;

  beforeAll(async () => {
    source = drawnPdf(pages);
    const key = await store(source, 'turned.pdf');
    ({ answer, pdf: output } = await both({ file_store_key: key, force_ocr: true }));
  }, 180_000);

  it('was turned and levelled by the OCR worker where it had to be', () => {
    expect(answer.pages[3]!.rotation).toBe(180);
    expect([90, 270]).toContain(answer.pages[4]!.rotation);
    expect(Math.abs(answer.pages[5]!.skew ?? 0)).toBeGreaterThan(2);
  });

  it('puts each recognised word on the printed word (pdftotext -bbox of the printed and of the invisible words)', () => {
    expect(qpdfCheck(pdfFile(output))).toMatch(/No syntax or stream encoding errors found/);
    const printed = pdfWords(pdfFile(source));
    // pdftotext drops a word drawn twice at one place (fake bold), so the printed text is taken out of
    // the output first: in qpdf's QDF form (streams uncompressed) a font name that names no font
    // (same length, so no offset moves) makes poppler skip that text.
    const visible = Buffer.from('BT /F1 20 Tf', 'latin1');
    const layerOnly = execFileSync('qpdf', ['--qdf', '--object-streams=disable', pdfFile(output), '-']);
    expect(layerOnly.indexOf(visible)).toBeGreaterThan(0);
    for (let at = layerOnly.indexOf(visible); at >= 0; at = layerOnly.indexOf(visible, at + 1)) layerOnly.write('BT /F9 20 Tf', at, 'latin1');
    const all = pdfWords(pdfFile(layerOnly));
    for (const [i] of pages.entries()) {
      const page = i + 1;
      const recognised = new Set(answerWords(answer, page).map((w) => w.text));
      let matched = 0;
      const candidates = printed.filter((w) => w.page === page && recognised.has(w.text));
      for (const word of candidates) {
        const copies = all.filter((w) => w.page === page && w.text === word.text);
        expect(copies, `page ${page} ${word.text}`).toHaveLength(1);
        const invisible = copies[0];
        const centre = (b: number[]): [number, number] => [(b[0]! + b[2]!) / 2, (b[1]! + b[3]!) / 2];
        const [cx, cy] = centre(word.box);
        const [ix, iy] = centre(invisible!.box);
        const long = (b: number[]) => Math.max(b[2]! - b[0]!, b[3]! - b[1]!);
        // Helvetica's box is its font's (ascent to descent), the OCR box the ink's: centres within 6 pt.
        expect(Math.hypot(cx - ix, cy - iy), `page ${page} ${word.text}`).toBeLessThanOrEqual(6);
        expect(Math.abs(long(word.box) - long(invisible!.box)), `page ${page} ${word.text}`).toBeLessThanOrEqual(0.25 * long(word.box));
        matched += 1;
      }
      // pdftotext reads the printed words of the page drawn at 5 degrees letter by letter, so fewer are found there.
      expect(matched, `page ${page}`).toBeGreaterThanOrEqual(page === 6 ? 5 : 20);
    }
    // The levelled page's words are written level on their printed place, so they extract whole.
    const levelled = all.filter((w) => w.page === 6).map((w) => w.text).sort();
    expect(levelled).toEqual(answerWords(answer, 6).map((w) => w.text).sort());
  });
});

describe('searchable PDF of images', () => {
  it('a JPEG: one page, the JPEG itself, sized from its DPI, the words on it', async () => {
    const { image } = await prosePage(sampleProse(4, 41), 1200);
    const jpeg = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).jpeg({ quality: 85 }).withMetadata({ density: 200 }).toBuffer();
    const { answer, pdf } = await both({ file_store_key: await store(jpeg, 'photo.jpg') });
    const file = pdfFile(pdf);
    expect(qpdfCheck(file)).toMatch(/No syntax or stream encoding errors found/);
    const [size] = pageSizes(file);
    expect(size!.width).toBeCloseTo((image.width * 72) / 200, 1);
    expect(size!.height).toBeCloseTo((image.height * 72) / 200, 1);
    const [extracted] = extractImages(file);
    expect(readFileSync(extracted!).equals(jpeg)).toBe(true);
    expect(wordsOf(pdfText(file)[0]!)).toEqual(answerWords(answer, 1).map((w) => w.text));
    expectBoxesOnAnswer(pdfWords(file), answer, 1, 72 / 200);
  }, 60_000);

  it('a photo taken sideways (EXIF orientation 6): the JPEG as it is, shown upright by /Rotate, the words on it', async () => {
    const { image } = await prosePage(sampleProse(4, 42), 1200);
    const jpeg = await sidewaysJpeg(image);
    const { answer, pdf } = await both({ file_store_key: await store(jpeg, 'sideways.jpg') });
    const file = pdfFile(pdf);
    const [size] = pageSizes(file);
    expect(size!.rotate).toBe(90);
    expect(readFileSync(extractImages(file)[0]!).equals(jpeg)).toBe(true);
    expect(wordsOf(pdfText(file)[0]!)).toEqual(answerWords(answer, 1).map((w) => w.text));
    // No DPI stated: 300.
    expectBoxesOnAnswer(pdfWords(file), answer, 1, 72 / 300);
  }, 60_000);

  it('a two-page TIFF: two pages, the pixels kept exactly (as PNG data), the words on each', async () => {
    const images = await Promise.all([sampleProse(3, 43), sampleProse(3, 44)].map(async (t) => (await prosePage(t, 1000)).image));
    const tiff = await multiPageTiff(images);
    const { answer, pdf } = await both({ file_store_key: await store(tiff, 'pages.tiff') });
    const file = pdfFile(pdf);
    expect(pageSizes(file)).toHaveLength(2);
    const extracted = extractImages(file);
    expect(extracted).toHaveLength(2);
    for (const [i, png] of extracted.entries()) {
      // The TIFF's own pixels (sharp writes them JPEG-compressed, so not those of `images`).
      const pixels = await sharp(png).raw().toBuffer();
      expect(Buffer.compare(pixels, await sharp(tiff, { page: i }).raw().toBuffer())).toBe(0);
    }
    for (const page of [1, 2]) expect(wordsOf(pdfText(file)[page - 1]!)).toEqual(answerWords(answer, page).map((w) => w.text));
  }, 60_000);
});
