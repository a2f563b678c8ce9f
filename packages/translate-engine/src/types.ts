import type { TranslationRoute } from '@docsvc/schemas';

/** How much of a text the source language's dictionary recognised. */
export interface TextCoverage {
  /** Words of the text (runs of letters; URLs, e-mail addresses and numbers left out). */
  words: number;
  /** Of those, the words the source language's dictionary did not know. */
  unknownWords: number;
}

/** One translated string, with the coverage of its source text. */
export interface TranslatedText extends TextCoverage {
  text: string;
}

/** Any engine (Apertium now; a LibreTranslate-compatible server or a neural model later) implements this. */
export interface TranslationEngine {
  readonly name: string;
  /** Every source->target route, direct ones and those through exactly one intermediate language, with measured scores. */
  routes(): TranslationRoute[];
  /**
   * Translates each string from `source` to `target` (ISO-639-1), same length and order. Throws
   * ServiceError('unsupported_language_pair') when no route exists (message lists the targets available for that source).
   */
  translate(texts: string[], source: string, target: string, opts?: { signal?: AbortSignal }): Promise<string[]>;
  /** As translate, with each string's word counts: a text whose words the source dictionary mostly lacks is not in that language. */
  translateDetailed(texts: string[], source: string, target: string, opts?: { signal?: AbortSignal }): Promise<TranslatedText[]>;
  /** How much of each text the dictionary of `language` recognises (whether a text is in that language). */
  coverage(texts: string[], language: string, opts?: { signal?: AbortSignal }): Promise<TextCoverage[]>;
  close(): Promise<void>;
}
