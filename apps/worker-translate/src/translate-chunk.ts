import type { Job } from 'bullmq';
import type { TranslateJob, TranslateResult } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';
import { detectLanguage } from '@docsvc/language-id';
import type { TranslationEngine } from '@docsvc/translate-engine';

/**
 * Job "translate": one chunk of strings. Without a source language each item's language is detected
 * on its own, among the languages the engine can translate into the target (so a mixed-language
 * array works); items are then grouped by source and translated, same-language items left as they are.
 */
export async function translateChunk(job: Job<TranslateJob>, engine: TranslationEngine): Promise<TranslateResult> {
  const { texts, target, source, offset } = job.data;
  const candidates = [...new Set([target, ...engine.routes().filter((r) => r.target === target).map((r) => r.source)])];
  const languages = texts.map((text) => {
    if (source) return { language: source, confidence: 1 };
    const guess = detectLanguage(text, candidates);
    return { language: guess.language, confidence: guess.confidence };
  });
  const out = [...texts];
  const groups = new Map<string, number[]>();
  languages.forEach(({ language }, i) => {
    if (language !== target && texts[i]!.trim() !== '') groups.set(language, [...(groups.get(language) ?? []), i]);
  });
  for (const [language, indexes] of groups) {
    try {
      const translated = await engine.translate(indexes.map((i) => texts[i]!), language, target);
      indexes.forEach((i, k) => (out[i] = translated[k] ?? ''));
    } catch (err) {
      if (err instanceof ServiceError) {
        const item = offset + (indexes[0] ?? 0);
        throw new ServiceError(err.code, `text[${item}]: ${err.message}`, [{ item }, ...err.details], err.retryable);
      }
      throw err;
    }
  }
  return { texts: out, languages };
}
