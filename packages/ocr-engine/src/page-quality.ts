import type { EnginePage, EngineWord } from './types.js';

/** How a recognised page reads, judged from the engine's own answer. */
export interface PageQuality {
  words: number;
  /** Word confidence (0..1), each word weighted by its length: long garbage words weigh most. */
  confidence: number;
  /** Most words are taller than wide: tesseract read the page's lines as vertical text (a page on its side). */
  sideways: boolean;
  /** Characters read, each counted by its word's confidence: how much a reading got, to compare two. */
  score: number;
}

/**
 * Thresholds, measured on the fixtures of read-page.test.ts and bench/orientation-cost.ts (README):
 * upright pages, clean or scanned, read at 0.80-0.97; the same pages upside down or on their left
 * side, and pages of a script the model does not know, at 0.25-0.55.
 */
export const GOOD_CONFIDENCE = 0.7;
/** Share of long words taller than wide above which a page counts as sideways. */
const SIDEWAYS_SHARE = 0.6;
/** Words this long or longer tell horizontal from vertical text by their box alone. */
const SHAPE_WORD_CHARS = 4;

export const pageWords = (page: EnginePage): EngineWord[] => page.blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));

export function assessPage(page: EnginePage): PageQuality {
  const words = pageWords(page);
  let weight = 0;
  let sum = 0;
  let shaped = 0;
  let tall = 0;
  for (const word of words) {
    const chars = [...word.text].length;
    weight += chars;
    sum += chars * word.confidence;
    if (chars >= SHAPE_WORD_CHARS) {
      shaped += 1;
      if (word.bbox.y1 - word.bbox.y0 > word.bbox.x1 - word.bbox.x0) tall += 1;
    }
  }
  return { words: words.length, confidence: weight > 0 ? sum / weight : 0, sideways: shaped > 0 && tall / shaped > SIDEWAYS_SHARE, score: sum };
}

/** Lines shorter than this (pixels) say little about the page's tilt. */
const TILT_MIN_LINE = 200;

/** The median tilt of the page's longer lines, from their baselines (degrees, positive: descending to the right). */
export function tiltDegrees(page: EnginePage): number {
  const angles: number[] = [];
  for (const block of page.blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const b = line.baseline;
        if (!b || b.x1 - b.x0 < TILT_MIN_LINE) continue;
        angles.push((Math.atan2(b.y1 - b.y0, b.x1 - b.x0) * 180) / Math.PI);
      }
    }
  }
  if (angles.length === 0) return 0;
  angles.sort((a, b) => a - b);
  return angles[Math.floor(angles.length / 2)]!;
}

/** A page that reads well needs no second look: English upright pages cost one recognition. */
export const readsWell = (q: PageQuality): boolean => q.words === 0 || (q.confidence >= GOOD_CONFIDENCE && !q.sideways);
