import { countWords } from './escape.js';
import { toStreamUnit } from './protect-spans.js';

/**
 * Words of a text as the engine counts them (runs of letters), outside URLs and e-mail addresses, which travel
 * untranslated: 0 means there is nothing to translate (numbers, a link, punctuation).
 */
export function translatableWords(text: string): number {
  return countWords(toStreamUnit(text).stream).words;
}
