import type { TranslationRoute } from '@docsvc/schemas';

/** Any engine (Apertium now; a LibreTranslate-compatible server or a neural model later) implements this. */
export interface TranslationEngine {
  readonly name: string;
  /** Every source->target route, direct ones and those through exactly one intermediate language. */
  routes(): TranslationRoute[];
  /**
   * Translates each string from `source` to `target` (ISO-639-1), same length and order. Throws
   * ServiceError('unsupported_language_pair') when no route exists (message lists the targets available for that source).
   */
  translate(texts: string[], source: string, target: string, opts?: { signal?: AbortSignal }): Promise<string[]>;
  close(): Promise<void>;
}
