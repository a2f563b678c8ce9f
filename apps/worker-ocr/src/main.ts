import type { Job } from 'bullmq';
import { OcrEngine } from '@docsvc/ocr-engine';
import type { OcrPageJob, OcrPageResult } from '@docsvc/queue';
import { runWorker } from '@docsvc/worker-runtime';
import { ocrWorkerConfig as config } from './config.js';
import { recognizePage } from './recognize-page.js';

const limits = { maxImagePixels: config.MAX_IMAGE_PIXELS, maxRenderPixels: config.MAX_RENDER_PIXELS };
let engine: OcrEngine | undefined;

/**
 * The engine as one job sees it: its pages are aborted when the job passes PAGE_TIMEOUT_MS (the
 * tesseract thread working on it is terminated and replaced, its WASM memory freed).
 */
function engineFor(signal: AbortSignal, base: OcrEngine): OcrEngine {
  const scoped = Object.create(base) as OcrEngine;
  scoped.recognize = (image, opts = {}) => base.recognize(image, { ...opts, signal });
  return scoped;
}

/**
 * Recognises page images with warm tesseract.js workers, one page per worker at a time. Recognition
 * runs in tesseract's own threads, so a page that hangs it is stopped at PAGE_TIMEOUT_MS (422
 * invalid_document) while this process goes on with other pages.
 */
await runWorker<OcrPageJob, OcrPageResult>({
  app: 'worker-ocr',
  kind: 'ocr',
  concurrency: config.OCR_CONCURRENCY,
  limits: { timeoutMs: config.PAGE_TIMEOUT_MS, describe: (job) => `page ${job.data.page}` },
  setup: async (ctx) => {
    engine = await OcrEngine.create({
      langPath: config.TESSDATA_DIR,
      concurrency: config.OCR_CONCURRENCY,
      recycleAfterPages: config.OCR_RECYCLE_AFTER_PAGES,
      maxRssBytes: config.OCR_MAX_RSS_MB * 1024 * 1024,
    });
    ctx.log.info({ languages: engine.languages, concurrency: config.OCR_CONCURRENCY }, 'OCR engine warm');
  },
  teardown: async () => {
    await engine?.close();
  },
  processor: async (job, ctx) => {
    if (!engine) throw new Error('OCR engine not ready');
    return recognizePage(job as Job<OcrPageJob>, ctx, engineFor(ctx.signal, engine), limits);
  },
});
