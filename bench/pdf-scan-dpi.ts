// Scanned PDF pages: at what resolution to render them for OCR? For scans made at 200-600 DPI, as gray
// JPEGs and as bilevel JBIG2 (what office scanners and OCRmyPDF write for black-and-white pages), the
// word accuracy, lines read and time (render + recognition) of: the scan's own image read directly, and
// renders at a fixed 250 DPI (the old PDF_DPI cap), at 300, and at the scan's own resolution (what the
// service does now: ocrRenderDpi). The reference for "as a user would by hand" is the scan's own
// resolution; rendering goes through the default renderer (poppler where installed).
// A French letter scanned at 300 DPI (bilevel) shows what rendering below the scan's resolution does to
// lines (the issue: francais.pdf read at 250 DPI came back in fragments).
// Run: npm run build && node bench/pdf-scan-dpi.ts
// Sizes: BENCH_SCAN_DPIS (default 200,300,400,600), BENCH_SCAN_KINDS (jpeg,jbig2), BENCH_SCAN_PAGES
// (pages per resolution and kind, default 1), BENCH_FONT_PT (text size, default 10), PDF_RENDERER
// (poppler or pdfjs; default auto), OCR_ENGINE (default auto).
import { createPageRenderer, largestImageOf, ocrRenderDpi, rasterizePdfPage, type RendererChoice } from '@docsvc/documents';
import { createOcrEngine, type EngineChoice, type EnginePage } from '@docsvc/ocr-engine';
import { jbig2Pdf, threshold } from '../test/fixtures/jbig2.ts';
import { scannedPdf } from '../test/fixtures/pdf.ts';
import { proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { FRENCH_LETTER, grayJpeg, scannedPage } from '../test/fixtures/scans.ts';
import { envInt, main, mean, onCleanup, report, round } from './lib/common.ts';
import { SCAN_PAGE } from './lib/pages.ts';
import type { GrayImage } from '@docsvc/image';

const log = (msg: string) => console.error(`[pdf-scan-dpi] ${msg}`);
const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 }; // the service's defaults
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));
const linesOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines)).length;

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
  const scanDpis = (process.env.BENCH_SCAN_DPIS ?? '200,300,400,600').split(',').map(Number).filter((d) => d > 0);
  const kinds = (process.env.BENCH_SCAN_KINDS ?? 'jpeg,jbig2').split(',').map((k) => k.trim()).filter((k) => k === 'jpeg' || k === 'jbig2');
  const perDpi = Math.max(1, envInt('BENCH_SCAN_PAGES', 1));
  const pt = envInt('BENCH_FONT_PT', 10);
  const engine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
  onCleanup(() => engine.close());
  const renderer = await createPageRenderer({ renderer: (process.env.PDF_RENDERER as RendererChoice | undefined) ?? 'auto' });
  log(`engine ${engine.name} ${engine.version}, renderer ${renderer.version}`);

  const rows: Array<Record<string, string | number>> = [];
  const figures: Array<Record<string, unknown>> = [];
  for (const kind of kinds) {
    for (const scanDpi of scanDpis) {
      const format = formatAt(scanDpi, pt);
      const results: Record<string, { accuracy: number[]; lines: number[]; renderMs: number[]; ocrMs: number[]; dpi: number }> = {};
      const add = (how: string, dpi: number, accuracy: number, lines: number, renderMs: number, ocrMs: number) => {
        const r = (results[how] ??= { accuracy: [], lines: [], renderMs: [], ocrMs: [], dpi });
        r.accuracy.push(accuracy);
        r.lines.push(lines);
        r.renderMs.push(renderMs);
        r.ocrMs.push(ocrMs);
      };
      for (let i = 0; i < perDpi; i++) {
        const texts = proseLines(format.lines, format.maxChars, 2000 + i);
        const truth = texts.join(' ').split(/\s+/);
        const { lines: _lines, maxChars: _maxChars, ...layout } = format;
        const scan = await scannedPage(texts, { ...layout, seed: i + 1 });
        const bitmap = threshold(scan, 140);
        const own: GrayImage = kind === 'jbig2' ? { ...scan, data: bitmap.data.map((v) => (v ? 0 : 255)) } : await decodedJpeg(await grayJpeg(scan));
        const pdf = kind === 'jbig2' ? jbig2Pdf([bitmap], scanDpi) : scannedPdf([{ width: scan.width, height: scan.height, jpeg: { bytes: await grayJpeg(scan), channels: 1 } }], scanDpi);
        const embedded = await largestImageOf(pdf, 1);
        log(`${kind} ${scanDpi}-DPI scan ${i + 1}: ${scan.width}x${scan.height}, image at ${round(embedded.dpi ?? NaN, 1)} DPI over ${round(embedded.coverage * 100)}% of the page`);

        let t0 = performance.now();
        const direct = await engine.recognize(own);
        add('its own image, read directly', scanDpi, wordAccuracy(truth, wordsOf(direct)), linesOf(direct), 0, performance.now() - t0);
        const service = ocrRenderDpi(250, embedded);
        const ways: Array<[string, number]> = [
          ['rendered at 250 DPI', 250],
          ['rendered at 300 DPI', 300],
          [`rendered at its own resolution`, scanDpi],
          [`the service: ocrRenderDpi = ${service}`, service],
        ];
        for (const [how, dpi] of ways) {
          t0 = performance.now();
          const { image } = await rasterizePdfPage(pdf, 1, { dpi, limits, renderer });
          const t1 = performance.now();
          const read = await engine.recognize(image);
          add(how, dpi, wordAccuracy(truth, wordsOf(read)), linesOf(read), t1 - t0, performance.now() - t1);
        }
        figures.push({ kind, scan_dpi: scanDpi, page: i + 1, printed_lines: texts.length });
      }
      for (const [how, r] of Object.entries(results)) {
        const row = {
          kind,
          scan: `${scanDpi} DPI`,
          read: how,
          dpi: r.dpi,
          render_ms: round(mean(r.renderMs)),
          ocr_ms: round(mean(r.ocrMs)),
          total_ms: round(mean(r.renderMs) + mean(r.ocrMs)),
          accuracy: round(mean(r.accuracy), 4),
          lines_read: round(mean(r.lines), 1),
        };
        rows.push(row);
        figures.push(row);
      }
    }
  }

  // The French letter at 300 DPI, bilevel: lines read at 250 against 300.
  const letter = await scannedPage(FRENCH_LETTER, { height: 1000, seed: 5 });
  const letterPdf = jbig2Pdf([threshold(letter, 140)], 300);
  const letterTruth = FRENCH_LETTER.join(' ').split(/\s+/);
  for (const dpi of [250, 300]) {
    const { image } = await rasterizePdfPage(letterPdf, 1, { dpi, limits, renderer });
    const t0 = performance.now();
    const read = await engine.recognize(image, { language: 'fra' });
    const row = { kind: 'jbig2', scan: '300 DPI French letter', read: `rendered at ${dpi} DPI`, dpi, render_ms: 0, ocr_ms: round(performance.now() - t0), total_ms: 0, accuracy: round(wordAccuracy(letterTruth, wordsOf(read)), 4), lines_read: linesOf(read) };
    rows.push(row);
    figures.push({ ...row, printed_lines: FRENCH_LETTER.length });
  }

  report('pdf-scan-dpi', rows, { engine: engine.name, renderer: renderer.name, font_pt: pt, pages_per_resolution: perDpi, rows: figures }, ['tesseract', 'pdfjs']);
});

/** A JPEG decoded to gray, as the engine would get the image of an image upload. */
async function decodedJpeg(jpeg: Buffer): Promise<GrayImage> {
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(jpeg).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
