import { translateRequestSchema, translateResponseSchema } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import { bodyHash, checkSyncIdempotencyKey, idempotencyKeyOf } from '../ocr/idempotency.js';
import { idempotencyKeyHeader } from '../ocr/idempotency-header.js';
import { defineRoute } from '../route.js';
import { runTranslate } from '../translate/run-translate.js';

/** POST /v1/ai/translate (contract 4.1): strings translated in chunks across translation workers. */
export const aiTranslateRoute = defineRoute({
  method: 'POST',
  path: '/v1/ai/translate',
  operationId: 'translate',
  tag: 'Translation',
  summary: 'Translate a string or an array of strings',
  headers: [idempotencyKeyHeader],
  body: { json: translateRequestSchema },
  responses: { 200: { description: 'The translation: a string for a string (with detected_language), an array for an array', json: translateResponseSchema } },
  description:
    'Without source_language each string\'s language is detected among every language the detector knows. A string in a language that cannot be translated to the target is refused (422 unsupported_source_language, naming the language, the confidence and what it can be translated to), and so is one whose language cannot be told surely enough (422 language_not_detected: give source_language); in an array, one such item fails the request, with every such item listed in the error\'s details. Nothing untranslated is ever answered as a translation: only text already in the target language, or without words (numbers, links), comes back unchanged.',
  errors: ['invalid_language_code', 'unsupported_language_pair', 'unsupported_source_language', 'language_not_detected', 'idempotency_conflict', 'overloaded', 'dependency_unavailable', 'timeout'],
  handler: async ({ request, deps, body }) => {
    const translate = body!;
    const idempotencyKey = idempotencyKeyOf(request);
    if (idempotencyKey) {
      await checkSyncIdempotencyKey(deps.redis, deps.queuePrefix, deps.jobs.store.ttlSeconds, principalOf(request).id, idempotencyKey, bodyHash('translate', translate));
    }
    return runTranslate(deps.translate, translate, request.id);
  },
});
