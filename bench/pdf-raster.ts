// PDF pages: what worker-pdf spends making a page ready for OCR, with each PDF renderer, and its share
// of the page's total (that + recognition). Pages: a born-digital text page, a 300-DPI scan as a gray
// JPEG, and one in black and white (JBIG2). For each renderer: rasterizePdfPage at 250 DPI (drawing
// alone), and what worker-pdf runs (readPdfPageForOcr: the text layer, or the scan at its own
// resolution, drawn or read as its own image), its wall and CPU time (this process and the tools it
// starts), the raster's bytes through S3; one recognition of the default renderer's raster, and as
// reference the OCR of the scan's own image.
// Run: npm run build && node bench/pdf-raster.ts
// Sizes: BENCH_RASTER_REPS (runs timed per page and renderer, median, default 5), BENCH_OCR_REPS
// (default 1), BENCH_DPI (default 250).
import { RENDERERS, createPageRenderer, encodePgm, rasterizePdfPage, readPdfPageForOcr } from '@docsvc/documents';
import { createOcrEngine, type EngineChoice, type EnginePage } from '@docsvc/ocr-engine';
import { jbig2Pdf, threshold } from '../test/fixtures/jbig2.ts';
import { letterLines, scannedPdf, textPdf } from '../test/fixtures/pdf.ts';
import { proseLines, wordAccuracy } from '../test/fixtures/render-text.ts';
import { grayJpeg, scannedPage } from '../test/fixtures/scans.ts';
import { envInt, main, median, onCleanup, procCpu, report, round } from './lib/common.ts';
import { SCAN_PAGE } from './lib/pages.ts';
import type { GrayImage } from '@docsvc/image';

const log = (msg: string) => console.error(`[pdf-raster] ${msg}`);
const limits = { maxImagePixels: 100_000_000, maxRenderPixels: 36_000_000 }; // the service's defaults
const wordsOf = (page: EnginePage) => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => w.text))));

/** Median wall and CPU (this process and its reaped children) of `reps` runs of `work`. */
async function timesOf<R>(reps: number, work: () => Promise<R>): Promise<{ ms: number; cpuMs: number; value: R }> {
  const times: number[] = [];
  const cpus: number[] = [];
  let value: R | undefined;
  for (let i = 0; i < reps; i++) {
    const c0 = procCpu(process.pid)!;
    const t0 = performance.now();
    value = await work();
    times.push(performance.now() - t0);
    const c1 = procCpu(process.pid)!;
    cpus.push(c1.selfMs - c0.selfMs + c1.childrenMs - c0.childrenMs);
  }
  return { ms: median(times), cpuMs: median(cpus), value: value as R };
}

await main(async () => {
  const dpi = envInt('BENCH_DPI', 250);
  const reps = Math.max(1, envInt('BENCH_RASTER_REPS', 5));
  const ocrReps = Math.max(1, envInt('BENCH_OCR_REPS', 1));

  const letter = letterLines(45);
  const prose = proseLines(SCAN_PAGE.lines, SCAN_PAGE.maxChars, 1001);
  const scan = await scannedPage(prose, { ...SCAN_PAGE, seed: 1 });
  const bilevel = threshold(scan, 140);
  const truth = prose.join(' ').split(/\s+/);
  const pages = [
    { key: 'text', page: 'text (born-digital, 12 pt)', pdf: textPdf([{ lines: letter, fontSize: 12 }]), truth: letter.join(' ').split(/\s+/) },
    { key: 'scan_jpeg', page: 'scan, 300-DPI gray JPEG', pdf: scannedPdf([{ width: scan.width, height: scan.height, jpeg: { bytes: await grayJpeg(scan), channels: 1 } }], 300), truth },
    { key: 'scan_jbig2', page: 'scan, 300-DPI black and white (JBIG2)', pdf: jbig2Pdf([bilevel], 300), truth },
  ];

  const engine = await createOcrEngine({ engine: (process.env.OCR_ENGINE as EngineChoice | undefined) ?? 'auto', concurrency: 1 });
  onCleanup(() => engine.close());
  const renderers = await Promise.all(RENDERERS.map((r) => createPageRenderer({ renderer: r.name })));
  const chosen = await createPageRenderer();
  await rasterizePdfPage(pages[0]!.pdf, 1, { dpi, limits }); // untimed: loads pdf.js, fonts and the canvas
  await engine.recognize(scan); // untimed: traineddata into the page cache

  const rows: Array<Record<string, string | number>> = [];
  const figures: Record<string, unknown> = {};
  for (const { key, page, pdf, truth: words } of pages) {
    let ocr: { ms: number; accuracy: number } | undefined;
    for (const renderer of renderers) {
      log(`${page}, ${renderer.name}: ${reps} runs`);
      const drawn = await timesOf(reps, () => rasterizePdfPage(pdf, 1, { dpi, limits, renderer }));
      const prepared = await timesOf(reps, () => readPdfPageForOcr(pdf, 1, { dpi, limits, renderer }));
      const p = prepared.value;
      const bytes = p.source === 'ocr' ? (p.pgm ?? encodePgm(p.image)).length : 0;
      if (p.source === 'ocr' && renderer.name === chosen.name) {
        const image: GrayImage = { width: p.image.width, height: p.image.height, data: p.image.data };
        const read = await timesOf(ocrReps, () => engine.recognize(image));
        ocr = { ms: read.ms, accuracy: wordAccuracy(words, wordsOf(read.value)) };
      }
      const row = {
        page,
        renderer: renderer.name,
        draw_250dpi_ms: round(drawn.ms),
        draw_250dpi_cpu_ms: round(drawn.cpuMs),
        worker_pdf: p.source === 'ocr' ? `${p.method === 'extract' ? 'its own image' : `drawn by ${p.renderer}`} at ${p.dpi} DPI` : 'text layer',
        worker_pdf_ms: round(prepared.ms),
        worker_pdf_cpu_ms: round(prepared.cpuMs),
        raster_bytes: bytes,
      };
      rows.push(row);
      figures[`${key}_${renderer.name}`] = row;
    }
    if (ocr) {
      const step = figures[`${key}_${chosen.name}`] as { worker_pdf_cpu_ms: number };
      figures[`${key}_ocr`] = { ocr_ms: round(ocr.ms), accuracy: round(ocr.accuracy, 4), worker_pdf_share: round(step.worker_pdf_cpu_ms / (step.worker_pdf_cpu_ms + ocr.ms), 4) };
      rows.push({ page, renderer: `OCR of ${chosen.name}'s raster`, draw_250dpi_ms: '-', draw_250dpi_cpu_ms: '-', worker_pdf: `accuracy ${round(ocr.accuracy, 4)}`, worker_pdf_ms: round(ocr.ms), worker_pdf_cpu_ms: '-', raster_bytes: '-' });
    }
  }

  // Reference: the scan's own 300-DPI image recognised directly (no PDF, no raster).
  const direct = await timesOf(ocrReps, () => engine.recognize(scan));
  figures.reference_scan_image = { ocr_ms: round(direct.ms), accuracy: round(wordAccuracy(truth, wordsOf(direct.value)), 4) };
  rows.push({ page: 'reference: the scan image, no PDF', renderer: '-', draw_250dpi_ms: '-', draw_250dpi_cpu_ms: '-', worker_pdf: '-', worker_pdf_ms: round(direct.ms), worker_pdf_cpu_ms: '-', raster_bytes: '-' });

  const share = (figures.scan_jbig2_ocr as { worker_pdf_share?: number } | undefined)?.worker_pdf_share;
  report('pdf-raster', rows, { dpi, reps, ocr_reps: ocrReps, default_renderer: chosen.name, ...figures, targets: { scanned_worker_pdf_share_le_10pct: share !== undefined ? share <= 0.1 : null } }, ['tesseract', 'pdfjs']);
});
