import { z } from 'zod';
import { unionError } from './common.js';
import { normalizeLanguageCode } from './language-codes.js';

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
  /**
   * Extension, with detected_language_confidence: false when the detector could not tell the language surely (a
   * word or two) and the text was read as the likeliest language that can be translated, whose dictionary knew
   * its words; 'und' with false when the text had no words to translate.
   */
  detected_language_reliable: z.boolean().optional(),
  log_id: z.string(),
});

export type TranslateRequest = z.output<typeof translateRequestSchema>;
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

/**
 * One translatable direction, in ISO-639-1 codes. `via` is set when the route goes through one intermediate language.
 * `score`: the route's chrF (0-100) on the project's everyday sentences (packages/translate-engine/data), as
 * bench/translate-routes.ts measured it; absent for a route that was not measured.
 */
export interface TranslationRoute {
  source: string;
  target: string;
  direct: boolean;
  via?: string;
  score?: number;
}

/**
 * A language code as translation uses it: normalizeLanguageCode, and the macrolanguage 'no' (Norwegian, what the
 * language detector and most clients say) read as Bokmål ('nb'), the written standard of most Norwegian text:
 * Apertium translates Bokmål and Nynorsk ('nn'), never 'no'. Undefined when not a known code.
 */
export function translationLanguageCode(code: string): string | undefined {
  const normalized = normalizeLanguageCode(code);
  return normalized === 'no' ? 'nb' : normalized;
}

/** Why one item of a translate request without a source language cannot be translated (error details). */
export interface UntranslatableItem {
  /** Index in the request's array (0 for a string). */
  item: number;
  /** unsupported_source_language: detected surely, no route to the target; language_not_detected: not told surely enough to translate. */
  code: 'unsupported_source_language' | 'language_not_detected';
  /** The detector's answer (its best guess when code is language_not_detected; 'und' when it had none). */
  detected_language: string;
  confidence: number;
  target: string;
  /** Targets the detected language can be translated to (unsupported_source_language). */
  available_targets?: string[];
  /** The language whose dictionary was checked (detected_language, or the likeliest translatable one), its words and how many it knew. */
  checked_language?: string;
  words?: number;
  known_words?: number;
}

/** What translation workers publish for the API: their routes, and the languages their detector can name. */
export interface TranslationCatalog {
  routes: TranslationRoute[];
  /** Languages detection can name (ISO 639-1, translation codes: Norwegian as 'nb'). A source outside it needs source_language. */
  detectable: string[];
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** A language's English name ('Polish' for 'pl'), or undefined when it has none. */
export function languageName(code: string): string | undefined {
  try {
    const name = LANGUAGE_NAMES.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

/** 'Polish (pl' and what follows in the brackets: the code always, the name where there is one. */
const named = (code: string, rest = ''): string => {
  const name = languageName(code);
  return name ? `${name} (${code}${rest})` : `${code}${rest ? ` (${rest.replace(/^, /, '')})` : ''}`;
};

/**
 * The message of a refused translate request without a source language, naming each item, its language as
 * detected with the detector's confidence, and what can be done. `single`: the request's text was a string.
 */
export function describeUntranslatable(items: readonly UntranslatableItem[], single: boolean): string {
  const shown = items.slice(0, 5).map((item) => {
    const subject = single ? 'the text' : `text[${item.item}]`;
    const confidence = item.confidence.toFixed(2);
    if (item.code === 'unsupported_source_language') {
      const from = item.available_targets?.length ? `from ${item.detected_language} it can be translated to ${item.available_targets.join(', ')}` : `nothing is translated from ${item.detected_language} here`;
      return `${subject} is in ${named(item.detected_language, `, detected with confidence ${confidence}`)}, which cannot be translated to ${item.target}: ${from}`;
    }
    const guess = item.detected_language === 'und' ? 'no language could be told' : `best guess ${named(item.detected_language)}, confidence ${confidence}`;
    const checked =
      item.checked_language && item.words !== undefined && item.known_words !== undefined
        ? `; the ${item.checked_language} dictionary knows ${item.known_words} of its ${item.words} words`
        : '';
    return `the language of ${subject} could not be told surely enough to translate it (${guess}${checked})`;
  });
  const more = items.length > shown.length ? `; and ${items.length - shown.length} more items (see details)` : '';
  const hint = items.some((item) => item.code === 'language_not_detected') ? '; give source_language' : '';
  return `${shown.join('; ')}${more}${hint}`;
}

/** The targets reachable from `source`, sorted, once each. */
export function targetsFrom(routes: readonly TranslationRoute[], source: string): string[] {
  return [...new Set(routes.filter((route) => route.source === source).map((route) => route.target))].sort();
}
