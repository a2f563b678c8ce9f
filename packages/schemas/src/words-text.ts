/** Chinese and Japanese characters (Han, kana, their punctuation, full-width forms): written without spaces between them. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fc\uff00-\uffef]/u;

/**
 * A line's words as its text: joined by a space, but by none between two Chinese or Japanese
 * characters (tesseract cuts their runs into words at arbitrary characters: "株 主 資 本" is
 * "株主資本"). The words themselves, with their boxes, are kept as the engine cut them.
 */
export function joinWords(words: readonly string[]): string {
  let text = '';
  for (const word of words) {
    if (!text) text = word;
    else text += CJK.test(text.at(-1)!) && CJK.test(word[0] ?? '') ? word : ` ${word}`;
  }
  return text;
}
