import { z } from 'zod';
import { defineRoute } from '../route.js';

/** GET /v1/ai/translate/languages (extension): the installed languages and routes. */
export const aiTranslateLanguagesRoute = defineRoute({
  method: 'GET',
  path: '/v1/ai/translate/languages',
  operationId: 'listTranslationLanguages',
  tag: 'Translation',
  summary: 'The languages and routes (direct, or through an intermediate language) the translation workers offer',
  responses: {
    200: {
      description: 'The languages and routes',
      json: z.object({
        success: z.literal(true),
        languages: z.array(z.string()),
        routes: z.array(z.object({ source: z.string(), target: z.string(), direct: z.boolean(), via: z.string().optional() })),
      }),
    },
  },
  errors: ['dependency_unavailable'],
  handler: async ({ deps }) => {
    const routes = await deps.translate.routes.all();
    return {
      success: true,
      languages: [...new Set(routes.flatMap((r) => [r.source, r.target]))].sort(),
      routes: routes.map((r) => ({ source: r.source, target: r.target, direct: r.direct, ...(r.via ? { via: r.via } : {}) })),
    };
  },
});
