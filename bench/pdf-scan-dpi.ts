// Scanned PDF pages: render them at the service's fixed PDF_DPI (250) or at their embedded image's own
// resolution? For scans made at 200, 300 and 400 DPI (10 pt text, gray JPEG in a PDF, as scanners
// write them), the word accuracy and time (render + recognise) of each choice, with the native
// engine's reading of the embedded image itself as the reference.
// Run: npm run build && node bench/pdf-scan-dpi.ts
// Sizes: BENCH_SCAN_DPIS (default 200,300,400), BENCH_SCAN_PAGES (pages per resolution, default 2),
// BENCH_DPI (the fixed DPI, default 250), BENCH_FONT_PT (text size in points, default 10: small print
// such as 7 pt is where a low scan resolution starts to cost words), OCR_ENGINE (default auto).
import { largestImageOf, rasterizePdfPage } from '@docsvc/documents';
import { createOcrEngine, type EngineChoice, type EnginePage } from '@docsvc/ocr-engine';
import { scannedPdf } from '../test/fixtures/pdf.ts';
import { proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { grayJpeg, scannedPage } from '../test/fixtures/scans.ts';
import { envInt, main, mean, onCleanup, report, round } from './lib/common.ts';
import { SCAN_PAGE } from './lib/pages.ts';
import type { GrayImage } from '@docsvc/image';

const log = (msg: string) => console.error(`[pdf-scan-dpi] ${msg}`);
const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 }; // the service's defaults
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));

/** SCAN_PAGE's letter page (one-inch margins) set in `pt`-point serif, scanned at `dpi`. */
const formatAt = (dpi: number, pt: number) => {
  const k = dpi / 300;
  const size = pt / 10;
  return {
    width: Math.round(SCAN_PAGE.width * k),
    height: Math.round(SCAN_PAGE.height * k),
    fontSize: Math.round(SCAN_PAGE.fontSize * k * size),
    lineHeight: Math.round(SCAN_PAGE.lineHeight * k * size),
    lines: Math.floor(SCAN_PAGE.lines / size),
    maxChars: Math.floor(SCAN_PAGE.maxChars / size),
    left: Math.round(SCAN_PAGE.left * k),
    top: Math.round(SCAN_PAGE.top * k),
  };
};

await main(async () => {
  const scanDpis = (process.env.BENCH_SCAN_DPIS ?? '200,300,400').split(',').map(Number).filter((d) => d > 0);
  const perDpi = Math.max(1, envInt('BENCH_SCAN_PAGES', 2));
  const fixedDpi = envInt('BENCH_DPI', 250);
  const pt = envInt('BENCH_FONT_PT', 10);
  const engine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
  onCleanup(() => engine.close());
  log(`engine ${engine.name} ${engine.version}`);

  const rows: Array<Record<string, string | number>> = [];
  const figures: Array<Record<string, unknown>> = [];
  for (const scanDpi of scanDpis) {
    const format = formatAt(scanDpi, pt);
    const results: Record<string, { accuracy: number[]; renderMs: number[]; ocrMs: number[]; pixels: number }> = {};
    const add = (how: string, accuracy: number, renderMs: number, ocrMs: number, image: GrayImage) => {
      const r = (results[how] ??= { accuracy: [], renderMs: [], ocrMs: [], pixels: image.width * image.height });
      r.accuracy.push(accuracy);
      r.renderMs.push(renderMs);
      r.ocrMs.push(ocrMs);
    };
    for (let i = 0; i < perDpi; i++) {
      const texts = proseLines(format.lines, format.maxChars, 2000 + i);
      const truth = texts.join(' ').split(/\s+/);
      const { lines: _lines, maxChars: _maxChars, ...layout } = format;
      const scan = await scannedPage(texts, { ...layout, seed: i + 1 });
      const jpeg = await grayJpeg(scan);
      const pdf = scannedPdf([{ width: scan.width, height: scan.height, jpeg: { bytes: jpeg, channels: 1 } }], scanDpi);
      const embedded = await largestImageOf(pdf, 1);
      log(`${scanDpi}-DPI scan ${i + 1}: the embedded image reads as ${round(embedded.dpi ?? NaN, 1)} DPI, covering ${round(embedded.coverage * 100)}% of the page`);

      // Reference: what the scan itself holds, read by the engine (the JPEG as the scanner wrote it).
      const decoded = await scannedPageFromJpeg(jpeg);
      let t0 = performance.now();
      const own = await engine.recognize(decoded);
      add('the scan image itself', wordAccuracy(truth, wordsOf(own)), 0, performance.now() - t0, decoded);

      for (const [how, dpi] of [[`fixed ${fixedDpi} DPI`, fixedDpi], ['its own resolution', embedded.dpi ?? fixedDpi]] as const) {
        t0 = performance.now();
        const { image } = await rasterizePdfPage(pdf, 1, { dpi, limits });
        const t1 = performance.now();
        const read = await engine.recognize(image);
        add(how, wordAccuracy(truth, wordsOf(read)), t1 - t0, performance.now() - t1, image);
      }
    }
    for (const [how, r] of Object.entries(results)) {
      const row = {
        scan: `${scanDpi} DPI`,
        rendered: how,
        pixels_mp: round(r.pixels / 1e6, 2),
        render_ms: round(mean(r.renderMs)),
        ocr_ms: round(mean(r.ocrMs)),
        total_ms: round(mean(r.renderMs) + mean(r.ocrMs)),
        accuracy: round(mean(r.accuracy), 4),
      };
      rows.push(row);
      figures.push(row);
    }
  }

  const at = (scan: number, how: string) => figures.find((f) => f.scan === `${scan} DPI` && f.rendered === how);
  for (const scanDpi of scanDpis) {
    const fixed = at(scanDpi, `fixed ${fixedDpi} DPI`);
    const own = at(scanDpi, 'its own resolution');
    if (fixed && own) {
      console.log(
        `${scanDpi}-DPI scan, ${pt} pt: own resolution ${own.accuracy} accuracy in ${own.total_ms} ms, fixed ${fixedDpi} DPI ${fixed.accuracy} in ${fixed.total_ms} ms`,
      );
    }
  }
  report('pdf-scan-dpi', rows, { engine: engine.name, fixed_dpi: fixedDpi, font_pt: pt, pages_per_resolution: perDpi, rows: figures }, ['tesseract', 'tesseract.js']);
});

/** The scan's JPEG decoded to gray, as the engine would get the image of an image upload. */
async function scannedPageFromJpeg(jpeg: Buffer): Promise<GrayImage> {
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
