import { z } from 'zod';
import { unionError } from './common.js';

/** POST /v1/ai/translate (contract 2.1). `current_language` is what the official client sends for the source. */
export const translateRequestSchema = z
  .object({
    text: z.union([z.string(), z.array(z.string()).min(1, { message: 'must hold at least one string' })], { error: unionError('must be a string or a list of strings') }),
    target_language: z.string().min(1),
    source_language: z.string().min(1).optional(),
    current_language: z.string().min(1).optional(),
  })
  .transform(({ current_language, ...rest }) => ({
    ...rest,
    source_language: rest.source_language ?? current_language,
  }));

/** Contract 2.2: a string in gives a string and detected_language; an array in gives an array and no detected_language. */
export const translateResponseSchema = z.object({
  success: z.literal(true),
  translated_text: z.union([z.string(), z.array(z.string())]),
  detected_language: z.string().optional(),
  /** Extension: how sure the detector was of detected_language (0..1), when the source was not given. */
  detected_language_confidence: z.number().min(0).max(1).optional(),
  log_id: z.string(),
});

export type TranslateRequest = z.output<typeof translateRequestSchema>;
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

/** One translatable direction, in ISO-639-1 codes. `via` is set when the route goes through one intermediate language. */
export interface TranslationRoute {
  source: string;
  target: string;
  direct: boolean;
  via?: string;
}

/** The targets reachable from `source`, sorted, once each. */
export function targetsFrom(routes: readonly TranslationRoute[], source: string): string[] {
  return [...new Set(routes.filter((route) => route.source === source).map((route) => route.target))].sort();
}
