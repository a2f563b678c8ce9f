import { envInt } from '@docsvc/config';
import { defineEngine } from '../engine-definition.js';
import { TesseractJsEngine, type TesseractJsOptions } from './engine.js';

export const tesseractJsEngine = defineEngine({
  name: 'tesseract.js',
  summary: 'tesseract.js (WebAssembly), warm threads in the worker process',
  settings: {
    /** tesseract.js: recycle a worker thread after this many pages (its WASM heap never shrinks). */
    OCR_RECYCLE_AFTER_PAGES: envInt(200, { min: 1 }),
    /** tesseract.js: recycle worker threads when this process's resident memory passes this many MB. */
    OCR_MAX_RSS_MB: envInt(1_536, { min: 128 }),
  },
  options: (s): TesseractJsOptions => ({ recycleAfterPages: s.OCR_RECYCLE_AFTER_PAGES, maxRssBytes: s.OCR_MAX_RSS_MB * 1024 * 1024 }),
  // Ships inside the npm package with the models read from langPath: it runs wherever Node does.
  probe: async () => true,
  create: (opts) => TesseractJsEngine.create(opts),
});
