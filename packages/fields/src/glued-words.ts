import type { LayoutWord } from '@docsvc/layout';
import { currencyIn } from './values.js';

/**
 * A label run into its value by a colon with no space (`Date:09/03/2018`, `TEL:07-3867524`,
 * `INVDT:03/03/2018`): engines that box lines rather than words (PaddleOCR) drop the space after a
 * colon in tight print. The label and the value are found as two words, as printed with a space.
 */
const GLUED = /^(\p{L}[\p{L}.]*:)(?=[\d(])/u;
/**
 * A label with its unit or currency in brackets printed against it (`TOTAL(RM)`, `GST(RM):`,
 * `AMOUNT(RM)`; not `CO.(M)`): the label and the bracket are two words, as `Total (RM)` is printed.
 */
const BRACKETED_CURRENCY = /^(\p{L}{2,}\.?)(\([^()]{1,4}\):?)$/u;
function labelAt(text: string): RegExpExecArray | null {
  const bracketed = BRACKETED_CURRENCY.exec(text);
  return GLUED.exec(text) ?? (bracketed && currencyIn(bracketed[2]!) ? bracketed : null);
}

/** The words with each label run into its value or its unit parted, each part boxed by its share of the word's characters. */
export function partGluedLabels(words: readonly LayoutWord[]): LayoutWord[] {
  if (!words.some((w) => labelAt(w.text))) return words as LayoutWord[];
  return words.flatMap((w) => {
    const m = labelAt(w.text);
    if (!m || m[1]!.length === w.text.length) return [w];
    const cut = w.box.x0 + Math.round(((w.box.x1 - w.box.x0) * m[1]!.length) / w.text.length);
    return [
      { ...w, text: m[1]!, box: { ...w.box, x1: cut } },
      { ...w, text: w.text.slice(m[1]!.length), box: { ...w.box, x0: cut } },
    ];
  });
}

/** Full-width forms of ASCII characters (U+FF01-U+FF5E), as PaddleOCR's Chinese dictionary writes brackets and commas in Latin print: `（X）`, `，`. */
const FULL_WIDTH = /[\uFF01-\uFF5E]/;
const FULL_WIDTH_ALL = new RegExp(FULL_WIDTH.source, 'g');

/** The words with full-width ASCII characters written as ASCII (`（X）U13/X，` is `(X)U13/X,`), so that labels, values and names read alike in every reading. */
export function asciiWidth(words: readonly LayoutWord[]): LayoutWord[] {
  if (!words.some((w) => FULL_WIDTH.test(w.text))) return words as LayoutWord[];
  return words.map((w) => (FULL_WIDTH.test(w.text) ? { ...w, text: w.text.replace(FULL_WIDTH_ALL, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)) } : w));
}
