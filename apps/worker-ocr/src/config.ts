import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { documentShape, envInt, loadOrExit } from '@docsvc/config';

export const ocrWorkerConfig = loadOrExit('worker-ocr', {
  ...documentShape,
  /** Which engine reads pages: the tesseract binary where one answers (auto), or the one named. */
  OCR_ENGINE: z.enum(['auto', 'native', 'tesseract.js']).default('auto'),
  /** The tesseract binary of the native engine (a name on PATH or a path). */
  TESSERACT_BINARY: z.string().min(1).default('tesseract'),
  /** Pages recognised at once by this process (one tesseract process or thread each); default: one per core. */
  OCR_CONCURRENCY: envInt(availableParallelism(), { min: 1, max: 256 }),
  /** Native engine: address space one tesseract process may use (prlimit --as); past it the page gets 422. */
  OCR_PAGE_MEMORY_MB: envInt(2_048, { min: 64, max: 1_048_576 }),
  /** tesseract.js: recycle a worker thread after this many pages (its WASM heap never shrinks). */
  OCR_RECYCLE_AFTER_PAGES: envInt(200, { min: 1 }),
  /** tesseract.js: recycle worker threads when this process's resident memory passes this many MB. */
  OCR_MAX_RSS_MB: envInt(1_536, { min: 128 }),
  /** Where the <lang>.traineddata files are (Debian's tesseract-ocr-<lang> packages), and osd.traineddata. */
  TESSDATA_DIR: z.string().default('/usr/share/tesseract-ocr/5/tessdata'),
});
