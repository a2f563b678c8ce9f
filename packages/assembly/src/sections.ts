import { joinWords, type Line, type Section, type Word } from '@docsvc/schemas';
import { boundsFromBox, unionBox } from './bounds.js';
import { readingOrder, type LayoutWord, type SourceLine } from '@docsvc/layout';
import type { RecognizedLine, RecognizedPage } from './recognized.js';
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
 * The contract's sections for one page, in reading order (@docsvc/layout readingOrder): columns one
 * after the other, a table row by row, a line the engine cut into pieces read whole. A section is a
 * block of lines, its text the lines joined by "\n"; a line's text its words joined by spaces. Lines
 * without words are dropped; a block without lines gives no section.
 */
export function assembleSections(page: RecognizedPage, pageNumber: number, opts: AssembleOptions = {}): Section[] {
  const sources: Array<SourceLine & { line: RecognizedLine; paragraph: number }> = [];
  const answerWord = new Map<LayoutWord, Word>();
  page.blocks.forEach((block, group) => {
    block.paragraphs.forEach((paragraph, paragraphIndex) => {
      for (const line of paragraph.lines) {
        const words: LayoutWord[] = [];
        for (const w of line.words) {
          if (w.text.trim() === '') continue;
          const box = opts.wordBox ? opts.wordBox(w.bbox) : w.bbox;
          const word: LayoutWord = { text: w.text.trim(), box, confidence: w.confidence };
          answerWord.set(word, { text: word.text, bounds: boundsFromBox(box), confidence: round4(clamp01(w.confidence)) });
          words.push(word);
        }
        if (words.length > 0) sources.push({ words, group, line, paragraph: paragraphIndex });
      }
    });
  });
  return readingOrder(sources).map((block) => {
    let paragraph = -1;
    let paragraphKey = '';
    const lines = block.lines.map((ordered): LaidOutLine => {
      const words = ordered.words.map((w) => answerWord.get(w)!);
      const first = sources[ordered.sources[0]!]!;
      const key = `${first.group}/${first.paragraph}`;
      if (key !== paragraphKey) {
        paragraph++;
        paragraphKey = key;
      }
      // The engine's own line box where the line is that line whole; else its words' box.
      const whole = ordered.sources.length === 1 && !opts.wordBox && first.words.length === ordered.words.length;
      const baseline = baselineOf(ordered.sources.map((i) => sources[i]!.line));
      return {
        text: joinWords(words.map((w) => w.text)),
        average_confidence: round4(words.reduce((s, w) => s + w.confidence, 0) / words.length),
        bounds: boundsFromBox(whole ? first.line.bbox : (unionBox(ordered.words.map((w) => w.box)) as Box)),
        words,
        ...(opts.layout ? { paragraph, ...(baseline ? { baseline } : {}) } : {}),
      };
    });
    return { text: lines.map((l) => l.text).join('\n'), lines, page: pageNumber };
  });
}

/** The baseline of a line made of the engine's lines (left to right): from the first one's start to the last one's end. */
function baselineOf(lines: RecognizedLine[]): Box | undefined {
  const first = lines[0]?.baseline;
  const last = lines[lines.length - 1]?.baseline;
  if (!first || !last) return undefined;
  return { x0: first.x0, y0: first.y0, x1: last.x1, y1: last.y1 };
}
