import type { EngineBlock, EnginePage, EngineWord } from '../types.js';

/** A line as PaddleOCR gives it: its text, its box (top-left, size) and its confidence. */
export interface PaddleLine {
  text: string;
  box: { x: number; y: number; width: number; height: number };
  confidence: number;
}

/**
 * A line's words: PaddleOCR boxes lines, not words, so each word gets the share of the line's box
 * its characters take (spaces counted), the line's confidence and its height.
 */
export function lineWords(line: PaddleLine): EngineWord[] {
  const text = line.text.trim();
  const { x, y, width, height } = line.box;
  const words: EngineWord[] = [];
  let at = 0;
  for (const part of text.split(/(\s+)/)) {
    if (part.trim()) {
      const x0 = x + (at / text.length) * width;
      const x1 = x + ((at + part.length) / text.length) * width;
      words.push({ text: part, confidence: line.confidence, bbox: { x0: Math.round(x0), y0: Math.round(y), x1: Math.round(x1), y1: Math.round(y + height) } });
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
    blocks.push({ bbox, paragraphs: [{ bbox, lines: [{ text: words.map((w) => w.text).join(' '), confidence: line.confidence, bbox, words }] }] });
  }
  return { width, height, language: 'eng', blocks, recognizeMs };
}
