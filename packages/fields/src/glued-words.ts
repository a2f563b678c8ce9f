import type { LayoutWord } from '@docsvc/layout';

/**
 * A label run into its value by a colon with no space (`Date:09/03/2018`, `TEL:07-3867524`,
 * `INVDT:03/03/2018`): engines that box lines rather than words (PaddleOCR) drop the space after a
 * colon in tight print. The label and the value are found as two words, as printed with a space.
 */
const GLUED = /^(\p{L}[\p{L}.]*:)(?=[\d(])/u;

/** The words with each label run into its value parted, each part boxed by its share of the word's characters. */
export function partGluedLabels(words: readonly LayoutWord[]): LayoutWord[] {
  if (!words.some((w) => GLUED.test(w.text))) return words as LayoutWord[];
  return words.flatMap((w) => {
    const m = GLUED.exec(w.text);
    if (!m || m[1]!.length === w.text.length) return [w];
    const cut = w.box.x0 + Math.round(((w.box.x1 - w.box.x0) * m[1]!.length) / w.text.length);
    return [
      { ...w, text: m[1]!, box: { ...w.box, x1: cut } },
      { ...w, text: w.text.slice(m[1]!.length), box: { ...w.box, x0: cut } },
    ];
  });
}
