import type { FastifyInstance } from 'fastify';
import { translateRequestSchema } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import { bodyHash, checkSyncIdempotencyKey, idempotencyKeyOf } from '../ocr/idempotency.js';
import { runTranslate } from '../translate/run-translate.js';
import { validate } from '../validate.js';

/** POST /v1/ai/translate (contract 4.1) and GET /v1/ai/translate/languages (extension: the installed routes). */
export function aiTranslateRoutes(app: FastifyInstance, deps: ApiDeps): void {
  app.post('/v1/ai/translate', async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const body = validate(translateRequestSchema, request.body);
    if (idempotencyKey) {
      await checkSyncIdempotencyKey(deps.redis, deps.queuePrefix, deps.jobs.store.ttlSeconds, principalOf(request).id, idempotencyKey, bodyHash('translate', body));
    }
    return runTranslate(deps.translate, body, request.id);
  });

  app.get('/v1/ai/translate/languages', async () => {
    const routes = await deps.translate.routes.all();
    return {
      success: true,
      languages: [...new Set(routes.flatMap((r) => [r.source, r.target]))].sort(),
      routes: routes.map((r) => ({ source: r.source, target: r.target, direct: r.direct, ...(r.via ? { via: r.via } : {}) })),
    };
  });
}
