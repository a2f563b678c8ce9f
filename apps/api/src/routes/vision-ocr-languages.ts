import { z } from 'zod';
import { AUTO_LANGUAGE, ocrLanguageModel } from '@docsvc/schemas';
import { defineRoute } from '../route.js';

/**
 * GET /v1/vision/ocr/languages (extension): the OCR languages every live OCR worker has installed,
 * with the code to send for each (ISO 639-1, or a BCP 47 tag where one language has several
 * models), its tesseract code and its script; and the engines that run.
 */
export const visionOcrLanguagesRoute = defineRoute({
  method: 'GET',
  path: '/v1/vision/ocr/languages',
  operationId: 'listOcrLanguages',
  tag: 'OCR',
  summary: 'The OCR languages every live OCR worker has installed (the `code` to send as `language`), and the engines that run',
  responses: {
    200: {
      description: 'The languages',
      json: z.object({
        success: z.literal(true),
        default: z.string(),
        auto: z.string(),
        languages: z.array(z.object({ code: z.string(), iso: z.string().nullable(), tesseract: z.string(), name: z.string(), script: z.string() })),
        orientation_detection: z.boolean(),
        engines: z.array(z.object({ engine: z.string(), version: z.string(), workers: z.number().int() })),
      }),
    },
  },
  errors: ['dependency_unavailable'],
  handler: async ({ deps }) => {
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
  },
});
