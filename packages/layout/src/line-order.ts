import type { LayoutWord } from './types.js';

/** Letters of scripts written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms. */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const LETTER = /\p{L}/gu;

/**
 * A line's words in the order they are read: left to right, or right to left where most of its letters
 * are of a script written so ("סך הכל", not "הכל סך"). `words` are in any order.
 */
export function inLineOrder<W extends Pick<LayoutWord, 'text' | 'box'>>(words: readonly W[]): W[] {
  const sorted = [...words].sort((a, b) => a.box.x0 - b.box.x0);
  const text = sorted.map((w) => w.text).join('');
  const rtl = text.match(RTL_LETTER)?.length ?? 0;
  return rtl > 0 && rtl * 2 > (text.match(LETTER)?.length ?? 0) ? sorted.reverse() : sorted;
}
