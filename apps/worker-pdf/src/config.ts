import { availableParallelism } from 'node:os';
import { documentShape, downloadShape, envChoice, envInt, loadOrExit } from '@docsvc/config';
import { RENDERER_CHOICES } from '@docsvc/documents/renderers';

export const pdfWorkerConfig = loadOrExit('worker-pdf', {
  ...documentShape,
  DOWNLOAD_TIMEOUT_MS: downloadShape.DOWNLOAD_TIMEOUT_MS,
  /** Pages rasterised at once by this process; default: one per core. */
  PDF_CONCURRENCY: envInt(availableParallelism(), { min: 1, max: 256 }),
  /**
   * Isolation threads kept started (each holds 30-60 MB); up to PDF_CONCURRENCY run when jobs have
   * waited 1 s for one while a thread's job has taken 0.5 s, and those above this number end after
   * 30 s idle. Scanned pages (about 0.1 s of pdf.js each) are served by one thread; born-digital pages
   * drawn by pdf.js start the others.
   */
  PDF_WARM_THREADS: envInt(1, { min: 1, max: 256 }),
  /** Who draws PDF pages for OCR: the first renderer of the registry that can run here (auto: poppler where installed, else pdf.js), or the one named. */
  PDF_RENDERER: envChoice(RENDERER_CHOICES, 'auto'),
  /** Time a searchable PDF may take, per page of the document, beyond PAGE_TIMEOUT_MS (measured: about 10 ms a page, bench/searchable-pdf.ts). */
  SEARCHABLE_PDF_MS_PER_PAGE: envInt(200, { min: 1, max: 60_000 }),
});
