// PDF pages: rasterisation time per page and its share of the page's total (raster + OCR), for a
// born-digital text page and a scanned page (a 300-DPI image in a PDF), at the service's default
// PDF_DPI (250), with @docsvc/documents and @docsvc/ocr-engine in this process. Also what worker-pdf
// runs since the text-layer change (readPdfPageForOcr: text layer first, raster otherwise), the PGM
// trip of the raster through S3 (encode + decode), and as reference the OCR of the scan's own image.
// Run: npm run build && node bench/pdf-raster.ts
// Sizes: BENCH_RASTER_REPS (renders timed per page, median, default 5), BENCH_OCR_REPS (default 1),
// BENCH_DPI (default 250).
import { decodePgm, encodePgm, rasterizePdfPage, readPdfPageForOcr } from '@docsvc/documents';
import { createOcrEngine, type EngineChoice, type EnginePage } from '@docsvc/ocr-engine';
import { letterLines, scannedPdf, textPdf } from '../test/fixtures/pdf.ts';
import { renderLines, proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { envInt, main, median, onCleanup, report, round } from './lib/common.ts';
import { SCAN_PAGE } from './lib/pages.ts';
import type { GrayImage } from '@docsvc/image';

const log = (msg: string) => console.error(`[pdf-raster] ${msg}`);
const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 }; // the service's defaults
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));

async function timesOf<R>(reps: number, work: () => Promise<R>): Promise<{ ms: number; value: R }> {
  const times: number[] = [];
  let value: R | undefined;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    value = await work();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), value: value as R };
}

await main(async () => {
  const dpi = envInt('BENCH_DPI', 250);
  const rasterReps = Math.max(1, envInt('BENCH_RASTER_REPS', 5));
  const ocrReps = Math.max(1, envInt('BENCH_OCR_REPS', 1));

  const letter = letterLines(45);
  const prose = proseLines(SCAN_PAGE.lines, SCAN_PAGE.maxChars, 1001);
  const { image: scan } = await renderLines(prose, { width: SCAN_PAGE.width, height: SCAN_PAGE.height, fontSize: SCAN_PAGE.fontSize, lineHeight: SCAN_PAGE.lineHeight });
  const pages = [
    { key: 'text', page: 'text (born-digital, 12 pt)', pdf: textPdf([{ lines: letter, fontSize: 12 }]), truth: letter.join(' ').split(/\s+/) },
    { key: 'scanned', page: 'scanned (300-DPI image)', pdf: scannedPdf([scan], 300), truth: prose.join(' ').split(/\s+/) },
  ];

  const engine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
  onCleanup(() => engine.close());
  await rasterizePdfPage(pages[0]!.pdf, 1, { dpi, limits }); // untimed: loads pdf.js, fonts and the canvas
  await engine.recognize(scan); // untimed: the first big page grows the tesseract heap

  const rows: Array<Record<string, string | number>> = [];
  const figures: Record<string, unknown> = {};
  for (const { key, page, pdf, truth } of pages) {
    log(`${page}: ${rasterReps} renders, ${ocrReps} recognitions`);
    const raster = await timesOf(rasterReps, () => rasterizePdfPage(pdf, 1, { dpi, limits }));
    const image: GrayImage = raster.value.image;
    const prepared = await timesOf(rasterReps, () => readPdfPageForOcr(pdf, 1, { dpi, limits }));
    const pgm = await timesOf(rasterReps, async () => decodePgm(encodePgm(image)));
    const ocr = await timesOf(ocrReps, () => engine.recognize(image));
    const accuracy = wordAccuracy(truth, wordsOf(ocr.value));
    const share = raster.ms / (raster.ms + ocr.ms);
    const source = prepared.value.source;
    // What the service spends on the page: worker-pdf's step, the PGM trip when it rasterised, OCR unless the text layer answered.
    const serviceTotal = prepared.ms + (source === 'ocr' ? pgm.ms + ocr.ms : 0);
    rows.push({
      page,
      dpi: raster.value.dpi,
      raster: `${image.width}x${image.height}`,
      raster_ms: round(raster.ms),
      ocr_ms: round(ocr.ms),
      raster_share: `${round(share * 100, 1)}%`,
      accuracy: round(accuracy, 4),
      worker_pdf_step: source,
      worker_pdf_ms: round(prepared.ms),
      pgm_trip_ms: round(pgm.ms),
      service_page_ms: round(serviceTotal),
    });
    figures[key] = {
      raster_ms: round(raster.ms),
      ocr_ms: round(ocr.ms),
      raster_share: round(share, 4),
      accuracy: round(accuracy, 4),
      worker_pdf_source: source,
      worker_pdf_ms: round(prepared.ms),
      pgm_encode_decode_ms: round(pgm.ms),
      service_page_ms: round(serviceTotal),
    };
  }

  // Reference: the scan's own 300-DPI image recognised directly (no PDF, no raster).
  log('reference: the scan image itself');
  const direct = await timesOf(ocrReps, () => engine.recognize(scan));
  const directAccuracy = wordAccuracy(pages[1]!.truth, wordsOf(direct.value));
  rows.push({ page: 'reference: scan image, no PDF', dpi: 300, raster: `${scan.width}x${scan.height}`, raster_ms: 0, ocr_ms: round(direct.ms), raster_share: '0%', accuracy: round(directAccuracy, 4), worker_pdf_step: '-', worker_pdf_ms: 0, pgm_trip_ms: 0, service_page_ms: round(direct.ms) });
  figures.reference_scan_image = { ocr_ms: round(direct.ms), accuracy: round(directAccuracy, 4) };

  const scanned = figures.scanned as { raster_share: number } | undefined;
  report(
    'pdf-raster',
    rows,
    { dpi, raster_reps: rasterReps, ocr_reps: ocrReps, ...figures, targets: { scanned_raster_share_le_10pct: scanned ? scanned.raster_share <= 0.1 : null } },
    ['tesseract.js', 'pdfjs', '@napi-rs/canvas'],
  );
});
