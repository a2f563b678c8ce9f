import type { EngineBlock, EnginePage, EngineWord } from '../types.js';
import { joinWords } from '@docsvc/schemas';

/** A corner of a line's detected quadrilateral. */
interface Point {
  x: number;
  y: number;
}

/** A line as PaddleOCR gives it: its text, its box (top-left, size; with the quadrilateral detected, clockwise from top-left) and its confidence. */
export interface PaddleLine {
  text: string;
  box: { x: number; y: number; width: number; height: number; points?: Point[] };
  confidence: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The line's band down the page: its box's, or, for a line printed at a slant (a receipt photographed
 * askew), the height of its quadrilateral (across the line) about its centre. The box of a slanted
 * line is as tall as the slant makes it: two lines' boxes overlap and their words run into one row.
 */
function bandOf(box: PaddleLine['box']): { y0: number; y1: number } {
  const [a, b, c, d] = box.points ?? [];
  if (!a || !b || !c || !d) return { y0: box.y, y1: box.y + box.height };
  const across = (distance(a, d) + distance(b, c)) / 2;
  if (across >= box.height) return { y0: box.y, y1: box.y + box.height };
  const middle = (a.y + b.y + c.y + d.y) / 4;
  return { y0: middle - across / 2, y1: middle + across / 2 };
}

/**
 * A line's words: PaddleOCR boxes lines, not words, so each word gets the share of the line's box
 * its characters take (spaces counted), the line's confidence and its band (bandOf).
 */
export function lineWords(line: PaddleLine): EngineWord[] {
  const text = line.text.trim();
  const { x, width } = line.box;
  const band = bandOf(line.box);
  const words: EngineWord[] = [];
  let at = 0;
  for (const part of text.split(/(\s+)/)) {
    if (part.trim()) {
      const x0 = x + (at / text.length) * width;
      const x1 = x + ((at + part.length) / text.length) * width;
      words.push({ text: part, confidence: line.confidence, bbox: { x0: Math.round(x0), y0: Math.round(band.y0), x1: Math.round(x1), y1: Math.round(band.y1) } });
    }
    at += part.length;
  }
  return words;
}

/** PaddleOCR's lines as an engine's page: a block of one line each, in the order given (top to bottom). */
export function paddlePage(lines: readonly PaddleLine[], width: number, height: number, recognizeMs: number): EnginePage {
  const blocks: EngineBlock[] = [];
  for (const line of lines) {
    const words = lineWords(line);
    if (words.length === 0) continue;
    const bbox = { x0: words[0]!.bbox.x0, y0: words[0]!.bbox.y0, x1: words[words.length - 1]!.bbox.x1, y1: words[0]!.bbox.y1 };
    blocks.push({ bbox, paragraphs: [{ bbox, lines: [{ text: joinWords(words.map((w) => w.text)), confidence: line.confidence, bbox, words }] }] });
  }
  return { width, height, language: 'eng', blocks, recognizeMs };
}
