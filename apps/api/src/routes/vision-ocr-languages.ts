import type { FastifyInstance } from 'fastify';
import { AUTO_LANGUAGE, ocrLanguageModel } from '@docsvc/schemas';
import type { ApiDeps } from '../deps.js';

/**
 * GET /v1/vision/ocr/languages (extension): the OCR languages every live OCR worker has installed,
 * with the code to send for each (ISO 639-1, or a BCP 47 tag where one language has several
 * models), its tesseract code and its script; and the engines that run.
 */
export function visionOcrLanguagesRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/v1/vision/ocr/languages', async () => {
    const languages = await deps.ocr.workers.languages();
    const fleet = await deps.ocr.workers.fleet();
    return {
      success: true,
      default: deps.ocr.defaultLanguage,
      auto: AUTO_LANGUAGE,
      languages: languages.map((code) => {
        const model = ocrLanguageModel(code);
        return { code: model.iso ?? model.tesseract, iso: model.iso, tesseract: model.tesseract, name: model.name, script: model.script };
      }),
      orientation_detection: fleet?.orientation ?? false,
      engines: fleet?.engines ?? [],
    };
  });
}
