import { joinWords, type Line, type PackedSection, type Section, type Word } from '@docsvc/schemas';
import { boundsFromBox } from './bounds.js';
import type { LaidOutLine } from './sections.js';

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Sections in the queue's compact form (PackedSection): lossless for the sections assembleSections makes, layout (paragraph, baseline) included when it noted it. */
export function packSections(sections: readonly Section[]): PackedSection[] {
  return sections.map((section) => ({
    page: section.page,
    lines: section.lines.map((line: LaidOutLine) => ({
      box: [line.bounds.top_left.x, line.bounds.top_left.y, line.bounds.bottom_right.x, line.bounds.bottom_right.y],
      words: line.words.map((w) => [w.text, w.bounds.top_left.x, w.bounds.top_left.y, w.bounds.bottom_right.x, w.bounds.bottom_right.y, w.confidence]),
      ...(line.paragraph !== undefined ? { par: line.paragraph } : {}),
      ...(line.baseline ? { baseline: [line.baseline.x0, line.baseline.y0, line.baseline.x1, line.baseline.y1] } : {}),
    })),
  }));
}

/** The contract's sections again: line text is its words joined by spaces, a section's its lines by "\n". */
export function unpackSections(packed: readonly PackedSection[]): Section[] {
  return packed.map((section) => {
    const lines: Line[] = section.lines.map((line) => {
      const words: Word[] = line.words.map(([text, x0, y0, x1, y1, confidence]) => ({ text, bounds: boundsFromBox({ x0, y0, x1, y1 }), confidence }));
      const [x0, y0, x1, y1] = line.box;
      return {
        text: joinWords(words.map((w) => w.text)),
        average_confidence: round4(words.reduce((s, w) => s + w.confidence, 0) / Math.max(1, words.length)),
        bounds: boundsFromBox({ x0, y0, x1, y1 }),
        words,
      };
    });
    return { text: lines.map((l) => l.text).join('\n'), lines, page: section.page };
  });
}
