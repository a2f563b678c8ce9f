import { overlap } from './geometry.js';
import { isNumeric } from './cells.js';
import { segmentOf, type Segment, type TextRow } from './rows.js';
import type { KeyValuePair, LayoutWord, TextSpan } from './types.js';

const spanOf = (words: LayoutWord[]): TextSpan => {
  const s = segmentOf(words);
  return { text: s.text, box: s.box };
};
const keySpan = (words: LayoutWord[]): TextSpan => {
  const span = spanOf(words);
  return { ...span, text: span.text.replace(/\s*:$/, '') };
};
const confidenceOf = (words: LayoutWord[]) => Math.min(1, ...words.map((w) => w.confidence));
/** A label ends with a colon ("Total:", "No.:"), and is more than the colon. */
const endsLabel = (w: LayoutWord) => /[^\s:]:$/u.test(w.text);
const hasDigit = (s: Segment) => /\d/.test(s.text);
/** A label without a colon: a few words, letters only. */
const looksLabel = (s: Segment) => s.words.length <= 5 && !/\d/.test(s.text) && /\p{L}/u.test(s.text);

/**
 * Key-value pairs of the rows outside tables: "Label: value" (several on a row), a label and a value
 * on one row apart by a column gap ("Rate    4.2000"), and a label with a colon and nothing after it
 * whose value is the text just below it (forms). A label whose value is missing has value null.
 */
export function keyValuePairs(rows: readonly TextRow[]): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  rows.forEach((row, r) => {
    const segments = row.segments;
    for (let k = 0; k < segments.length; k++) {
      const segment = segments[k]!;
      const colons = segment.words.map((w, i) => (endsLabel(w) ? i : -1)).filter((i) => i >= 0);
      if (colons.length > 0) {
        let keyStart = 0;
        colons.forEach((c, n) => {
          const nextColon = colons[n + 1];
          // The next label takes the words just before its colon that are not numbers, leaving this value at least one word.
          let valueEnd = segment.words.length;
          if (nextColon !== undefined) {
            valueEnd = nextColon;
            while (valueEnd > c + 2 && !isNumeric(segment.words[valueEnd - 1]!.text) && !endsLabel(segment.words[valueEnd - 1]!)) valueEnd--;
          }
          const keyWords = segment.words.slice(keyStart, c + 1);
          let valueWords = segment.words.slice(c + 1, valueEnd);
          if (valueWords.length === 0 && nextColon === undefined) {
            const next = segments[k + 1];
            if (next && !next.words.some(endsLabel)) {
              valueWords = next.words;
              k++;
            } else valueWords = valueBelow(rows, r, segment.box) ?? [];
          }
          pairs.push({ key: keySpan(keyWords), value: valueWords.length ? spanOf(valueWords) : null, confidence: confidenceOf([...keyWords, ...valueWords]) });
          keyStart = valueEnd;
        });
        continue;
      }
      const next = segments[k + 1];
      if (next && looksLabel(segment) && hasDigit(next) && next.words.length <= 4) {
        pairs.push({ key: spanOf(segment.words), value: spanOf(next.words), confidence: confidenceOf([...segment.words, ...next.words]) });
        k++;
      }
    }
  });
  return pairs;
}

/** Words of the next row just below `box` and overlapping it across, within about a line and a half. */
function valueBelow(rows: readonly TextRow[], r: number, box: { x0: number; y0: number; x1: number; y1: number }): LayoutWord[] | undefined {
  const row = rows[r]!;
  const below = rows[r + 1];
  if (!below || below.box.y0 - row.box.y1 > 1.5 * row.height) return undefined;
  const segment = below.segments.find((s) => overlap(s.box.x0, s.box.x1, box.x0, box.x1) > 0 && !s.words.some(endsLabel));
  return segment?.words;
}
