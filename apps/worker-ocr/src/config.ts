import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { documentShape, envInt, loadOrExit } from '@docsvc/config';
import { ENGINE_CHOICES, ENGINE_SETTINGS, parseFieldReadings } from '@docsvc/ocr-engine';

export const ocrWorkerConfig = loadOrExit('worker-ocr', {
  ...documentShape,
  /** Which engine reads pages: the first of the registry that can run here (auto), or the one named. */
  OCR_ENGINE: z.enum(ENGINE_CHOICES).default('auto'),
  /** Pages recognised at once by this process (one tesseract process or thread each); default: one per core. */
  OCR_CONCURRENCY: envInt(availableParallelism(), { min: 1, max: 256 }),
  /** Where the <lang>.traineddata files are (Debian's tesseract-ocr-<lang> packages), and osd.traineddata. */
  TESSDATA_DIR: z.string().default('/usr/share/tesseract-ocr/5/tessdata'),
  /**
   * Where best models are (<lang>.traineddata, e.g. a tessdata_best checkout); unset: English's from
   * the npm package @tesseract.js-data/eng, unpacked once into the temporary folder.
   */
  OCR_BEST_TESSDATA_DIR: z.string().optional(),
  /**
   * A page whose prompt names fields is read again in each of these ways, and its fields looked for
   * in every reading (README, "Fields"): `segmentation[:model]` (the page's engine) or `paddle`
   * (PaddleOCR), comma-separated; empty: read once.
   */
  OCR_FIELD_READINGS: z
    .string()
    .default('block:best,paddle')
    .transform((text, ctx) => {
      const modes = parseFieldReadings(text);
      if (modes instanceof Error) {
        ctx.addIssue({ code: 'custom', message: modes.message });
        return z.NEVER;
      }
      return modes;
    }),
  /**
   * A scanned page whose paper is at least this noisy (the mean difference of neighbouring paper
   * pixels, in gray levels: about 1.13 times the scanner's noise deviation; a render's paper is 0) is
   * read with its ink set black and its paper white (README, "Noisy scans"); 0 (the default): never.
   */
  OCR_QUIET_NOISE: z.coerce.number({ message: 'must be a number' }).min(0, { message: 'must be at least 0' }).max(255, { message: 'must be at most 255' }).default(0),
  /** Each engine's own settings (TESSERACT_BINARY, OCR_PAGE_MEMORY_MB, OCR_RECYCLE_AFTER_PAGES, ...): its definition.ts. */
  ...ENGINE_SETTINGS,
});
