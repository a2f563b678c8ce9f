import type { Line, Section, Word } from '@docsvc/schemas';
import { boundsFromBox, unionBox } from './bounds.js';
import type { RecognizedPage } from './recognized.js';
import type { Box } from '@docsvc/image';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

export interface AssembleOptions {
  /** Replaces each word's box (fine_grained: tightened to the word's ink). */
  wordBox?: (box: Box) => Box;
  /** Also note on each line its paragraph and baseline (LaidOutLine), for packSections and the output formats. */
  layout?: boolean;
}

/** A line with the layout the engine gave: its paragraph within its section, and its baseline. */
export type LaidOutLine = Line & { paragraph?: number; baseline?: Box };

/**
 * The contract's sections for one page: one per text block in the engine's reading order, each
 * line's text the words joined by spaces, a section's text its lines joined by "\n". Lines without
 * words are dropped; a block without lines gives no section.
 */
export function assembleSections(page: RecognizedPage, pageNumber: number, opts: AssembleOptions = {}): Section[] {
  const sections: Section[] = [];
  for (const block of page.blocks) {
    const lines: LaidOutLine[] = [];
    for (const [paragraphIndex, paragraph] of block.paragraphs.entries()) {
      for (const line of paragraph.lines) {
        const words: Word[] = line.words
          .filter((w) => w.text.trim() !== '')
          .map((w) => {
            const box = opts.wordBox ? opts.wordBox(w.bbox) : w.bbox;
            return { text: w.text.trim(), bounds: boundsFromBox(box), confidence: round4(clamp01(w.confidence)) };
          });
        if (words.length === 0) continue;
        const lineBox = opts.wordBox ? (unionBox(words.map((w) => ({ x0: w.bounds.top_left.x, y0: w.bounds.top_left.y, x1: w.bounds.bottom_right.x, y1: w.bounds.bottom_right.y }))) as Box) : line.bbox;
        lines.push({
          text: words.map((w) => w.text).join(' '),
          average_confidence: round4(words.reduce((s, w) => s + w.confidence, 0) / words.length),
          bounds: boundsFromBox(lineBox),
          words,
          ...(opts.layout ? { paragraph: paragraphIndex, ...(line.baseline ? { baseline: line.baseline } : {}) } : {}),
        });
      }
    }
    if (lines.length > 0) sections.push({ text: lines.map((l) => l.text).join('\n'), lines, page: pageNumber });
  }
  return sections;
}
