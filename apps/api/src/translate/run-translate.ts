import { enqueue, type QueueHandles, type TranslateJob, type TranslateResult } from '@docsvc/queue';
import { ServiceError, describeUntranslatable, targetsFrom, translationLanguageCode, type TranslateRequest, type UntranslatableItem } from '@docsvc/schemas';
import type { Backpressure } from '../backpressure.js';
import { checkTranslateLimits, type TranslateLimits } from './limits.js';
import type { TranslationRoutes } from './routes-cache.js';

export interface TranslatePipeline {
  queue: QueueHandles<TranslateJob, TranslateResult>;
  routes: TranslationRoutes;
  limits: TranslateLimits;
  /** Backpressure (backpressure.ts): refuses a request at once when Redis is down or the queue is too deep. */
  admission?: Backpressure;
}

function languageCode(field: string, code: string): string {
  const canonical = translationLanguageCode(code);
  if (!canonical) throw new ServiceError('invalid_language_code', `${field}: "${code}" is not an ISO-639-1 language code (e.g. en, es, pt-BR)`, [{ field, value: code }]);
  return canonical;
}

/**
 * A translate request: codes checked against the installed routes at once, then the strings in
 * chunks that run in parallel across translation workers and are put back in order.
 */
export async function runTranslate(pipeline: TranslatePipeline, request: TranslateRequest, requestId: string) {
  const target = languageCode('target_language', request.target_language);
  const source = request.source_language === undefined ? undefined : languageCode('source_language', request.source_language);
  const texts = typeof request.text === 'string' ? [request.text] : request.text;
  checkTranslateLimits(texts, pipeline.limits);

  if (source !== target) {
    await pipeline.admission?.admit(['translate']);
    const routes = await pipeline.routes.all();
    if (source && !routes.some((r) => r.source === source && r.target === target)) {
      const available = targetsFrom(routes, source);
      throw new ServiceError(
        'unsupported_language_pair',
        `no translation from ${source} to ${target} is installed; from ${source}: ${available.length ? available.join(', ') : 'none'}`,
        [{ source, target, available_targets: available }],
      );
    }
    if (!source && !routes.some((r) => r.target === target)) {
      throw new ServiceError('unsupported_language_pair', `no installed language translates into ${target}; see GET /v1/ai/translate/languages`, [{ target }]);
    }
  }

  const deadline = Date.now() + pipeline.limits.timeoutMs;
  const chunks: Array<Promise<TranslateResult>> = [];
  for (let offset = 0; offset < texts.length; offset += pipeline.limits.chunkSize) {
    const chunk = texts.slice(offset, offset + pipeline.limits.chunkSize);
    // Same language, or nothing to translate: no worker needed.
    if (source === target || chunk.every((t) => t.trim() === '')) {
      chunks.push(Promise.resolve({ texts: chunk, languages: chunk.map(() => ({ language: source ?? 'und', confidence: source ? 1 : 0 })) }));
      continue;
    }
    const job: TranslateJob = { requestId, target, texts: chunk, offset, ...(source ? { source } : {}) };
    chunks.push(enqueue(pipeline.queue, 'translate', job, deadline - Date.now()).then((e) => e.finished));
  }
  const results = await settleChunks(chunks, typeof request.text === 'string');
  const translated = results.flatMap((r) => r.texts);
  const languages = results.flatMap((r) => r.languages);
  if (typeof request.text === 'string') {
    const detected = languages[0] ?? { language: source ?? 'und', confidence: 0 };
    return {
      success: true as const,
      translated_text: translated[0] ?? '',
      detected_language: source ?? detected.language,
      ...(source ? {} : { detected_language_confidence: Math.round(detected.confidence * 1000) / 1000, detected_language_reliable: detected.reliable ?? false }),
    };
  }
  return { success: true as const, translated_text: translated };
}

const REFUSALS: ReadonlySet<string> = new Set(['unsupported_source_language', 'language_not_detected']);

/**
 * Every chunk's result, in order. When chunks refuse items (a language that cannot be translated, or that could
 * not be told), the request fails with every refused item of every chunk, the first one's code, and a message
 * worded for a string or an array; any other failure fails it as it is.
 */
async function settleChunks(chunks: Array<Promise<TranslateResult>>, single: boolean): Promise<TranslateResult[]> {
  const isRefusal = (error: unknown) => error instanceof ServiceError && REFUSALS.has(error.code);
  // Any other failure answers at once, as before; refusals wait for the other chunks, to be listed together.
  const failFast = new Promise<never>((_, reject) => {
    for (const chunk of chunks) chunk.catch((error: unknown) => (isRefusal(error) ? undefined : reject(error)));
  });
  const settled = await Promise.race([Promise.allSettled(chunks), failFast]);
  const refused: UntranslatableItem[] = [];
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') continue;
    if (!isRefusal(outcome.reason)) throw outcome.reason;
    refused.push(...((outcome.reason as ServiceError).details as UntranslatableItem[]));
  }
  if (refused.length) {
    refused.sort((a, b) => a.item - b.item);
    throw new ServiceError(refused[0]!.code, describeUntranslatable(refused, single), refused);
  }
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<TranslateResult>).value);
}
