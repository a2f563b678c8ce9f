import { z } from 'zod';
import { defineRoute } from '../route.js';

/** GET /v1/ai/translate/languages (extension): the installed languages and routes, with their measured quality. */
export const aiTranslateLanguagesRoute = defineRoute({
  method: 'GET',
  path: '/v1/ai/translate/languages',
  operationId: 'listTranslationLanguages',
  tag: 'Translation',
  summary: 'The languages and routes (direct, or through an intermediate language) the translation workers offer, with each route\'s measured score',
  responses: {
    200: {
      description: 'The languages and routes',
      json: z.object({
        success: z.literal(true),
        languages: z.array(z.string()),
        routes: z.array(
          z.object({
            source: z.string(),
            target: z.string(),
            direct: z.boolean(),
            via: z.string().optional().describe('The intermediate language, for a route that is not direct'),
            score: z.number().min(0).max(100).optional().describe('chrF (0-100) of this route on the project\'s everyday sentences (bench/translate-routes.ts); absent when not measured'),
          }),
        ),
        source_language_required: z.array(z.string()).describe('Source languages that detection cannot name: text in them is translated only with source_language given'),
      }),
    },
  },
  errors: ['dependency_unavailable'],
  handler: async ({ deps }) => {
    const { routes, detectable } = await deps.translate.routes.catalog();
    const sources = [...new Set(routes.map((r) => r.source))].sort();
    return {
      success: true,
      languages: [...new Set(routes.flatMap((r) => [r.source, r.target]))].sort(),
      routes: routes.map((r) => ({ source: r.source, target: r.target, direct: r.direct, ...(r.via ? { via: r.via } : {}), ...(r.score === undefined ? {} : { score: r.score }) })),
      source_language_required: detectable.length ? sources.filter((code) => !detectable.includes(code)) : [],
    };
  },
});
