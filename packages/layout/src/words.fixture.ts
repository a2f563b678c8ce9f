import type { LayoutWord } from './types.js';

// Words as a text renderer would box them: 10 px a character, 6 px a space, 24 px tall (about 12 pt at 144 DPI).
export const CHAR = 10;
export const SPACE = 6;
export const HEIGHT = 24;
export function text(s: string, x: number, y: number, confidence = 0.95): LayoutWord[] {
  const words: LayoutWord[] = [];
  let left = x;
  for (const w of s.split(' ')) {
    words.push({ text: w, box: { x0: left, y0: y, x1: left + w.length * CHAR, y1: y + HEIGHT }, confidence });
    left += w.length * CHAR + SPACE;
  }
  return words;
}
/** Right-aligned text ending at x (numbers in a column). */
export const right = (s: string, x: number, y: number) => text(s, x - (s.length * CHAR + (s.split(' ').length - 1) * (SPACE - CHAR)), y);
