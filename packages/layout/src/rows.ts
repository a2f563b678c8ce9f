import type { Box } from '@docsvc/image';
import { centerX, centerY, heightOf, median, unionOf, widthOf } from './geometry.js';
import type { LayoutWord } from './types.js';
import { joinWords } from '@docsvc/schemas';

/** Words of one row that stand together: no gap wider than a column gap between them. */
export interface Segment {
  words: LayoutWord[];
  box: Box;
  text: string;
}

/** Words that share a baseline band across the whole page, left to right, cut into segments at wide gaps. */
export interface TextRow {
  words: LayoutWord[];
  box: Box;
  /** Median height of its words. */
  height: number;
  /** Median width of a character of its words: about half an em. */
  charWidth: number;
  segments: Segment[];
}

const charWidthOf = (w: LayoutWord) => widthOf(w.box) / Math.max(1, [...w.text].length);
const isPunctuation = (w: LayoutWord) => /^[\p{P}\p{S}]+$/u.test(w.text);

/**
 * A gap between two words wider than this is a column gap, not a space: about three quarters of an
 * em (a space is a quarter to a third; justified prose stretches it to about 0.6).
 */
export const columnGap = (row: Pick<TextRow, 'charWidth' | 'height'>): number => Math.max(1.5 * row.charWidth, 0.45 * row.height);

export const segmentOf = (words: LayoutWord[]): Segment => ({ words, box: unionOf(words.map((w) => w.box)), text: joinWords(words.map((w) => w.text)) });

/**
 * The page's words grouped into rows (a word joins the row whose band holds its vertical centre and
 * whose words are of a like height), top to bottom, each cut into segments at gaps wider than
 * columnGap.
 */
export function textRows(words: readonly LayoutWord[], opts: { slope?: number } = {}): TextRow[] {
  type OpenRow = { words: LayoutWord[]; cy: number; h: number };
  const open: OpenRow[] = [];
  // `slope`: the page's lines of words run askew (dy/dx): a word's centre is taken where it would lie
  // on the page's left edge, along its line.
  const slope = opts.slope ?? 0;
  const levelY = (box: Box) => centerY(box) - (slope ? slope * centerX(box) : 0);
  const joins = (word: LayoutWord, row: OpenRow): 'alike' | 'mark' | undefined => {
    const cy = levelY(word.box);
    const h = heightOf(word.box);
    if (Math.abs(cy - row.cy) <= 0.5 * Math.min(h, row.h) && h < 2.2 * row.h && row.h < 2.2 * h) return 'alike';
    // A mark far smaller than the row's type within its band (a `-` for nil, `..` not available,
    // read as a word of its own: punctuation alone) is on that row: the centre of a dash or dots is not the row's.
    if (h < 0.5 * row.h && isPunctuation(word) && cy - h / 2 >= row.cy - 0.6 * row.h && cy + h / 2 <= row.cy + 0.6 * row.h) return 'mark';
    return undefined;
  };
  const byCentre = (list: LayoutWord[]) => list.sort((a, b) => levelY(a.box) - levelY(b.box));
  const present = words.filter((w) => w.text.trim() !== '');
  // Words first, punctuation alone after: a dash's centre may lie above its row's (a page a little
  // askew), before the row is open.
  for (const word of byCentre(present.filter((w) => !isPunctuation(w)))) {
    // The nearest row above whose band holds this word's centre (rows are in centre order).
    let joined = false;
    for (let i = open.length - 1; i >= 0 && i >= open.length - 4; i--) {
      const row = open[i]!;
      if (joins(word, row) === 'alike') {
        row.words.push(word);
        row.cy += (levelY(word.box) - row.cy) / row.words.length;
        row.h += (heightOf(word.box) - row.h) / row.words.length;
        joined = true;
        break;
      }
    }
    if (!joined) open.push({ words: [word], cy: levelY(word.box), h: heightOf(word.box) });
  }
  // Punctuation alone joins the row nearest its centre that takes it, as a word or as a mark.
  for (const word of byCentre(present.filter(isPunctuation))) {
    const cy = levelY(word.box);
    const row = open.filter((r) => joins(word, r)).sort((a, b) => Math.abs(a.cy - cy) - Math.abs(b.cy - cy))[0];
    if (row) row.words.push(word);
    else open.push({ words: [word], cy, h: heightOf(word.box) });
  }
  return open
    .map((r) => textRowOf(r.words.sort((a, b) => a.box.x0 - b.box.x0)))
    .sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
}

/**
 * A row of words (left to right) cut into segments at column gaps. `stacked`: the words are on
 * several lines of one table row, so a segment grows by any word that overlaps it across.
 */
export function textRowOf(words: LayoutWord[], stacked = false): TextRow {
  const height = median(words.map((w) => heightOf(w.box)));
  const charWidth = median(words.map(charWidthOf));
  const gap = columnGap({ charWidth, height });
  const segments: Segment[] = [];
  let current: LayoutWord[] = [];
  let right = -Infinity;
  for (const word of words) {
    const last = current[current.length - 1];
    if (last && word.box.x0 - (stacked ? right : last.box.x1) > gap) {
      segments.push(segmentOf(current));
      current = [];
      right = -Infinity;
    }
    current.push(word);
    right = Math.max(right, word.box.x1);
  }
  if (current.length) segments.push(segmentOf(current));
  return { words, box: unionOf(words.map((w) => w.box)), height, charWidth, segments };
}
