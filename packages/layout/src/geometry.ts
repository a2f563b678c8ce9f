import type { Box } from '@docsvc/image';

export const unionOf = (boxes: readonly Box[]): Box => ({
  x0: Math.min(...boxes.map((b) => b.x0)),
  y0: Math.min(...boxes.map((b) => b.y0)),
  x1: Math.max(...boxes.map((b) => b.x1)),
  y1: Math.max(...boxes.map((b) => b.y1)),
});

export const widthOf = (b: Box): number => b.x1 - b.x0;
export const heightOf = (b: Box): number => b.y1 - b.y0;
export const centerX = (b: Box): number => (b.x0 + b.x1) / 2;
export const centerY = (b: Box): number => (b.y0 + b.y1) / 2;
/** A ruling that runs across the page rather than down it (three times as long as it is thick). */
export const isHorizontalRule = (b: Box): boolean => widthOf(b) >= 3 * heightOf(b);

/** Length of the overlap of two intervals (0 when apart). */
export const overlap = (a0: number, a1: number, b0: number, b1: number): number => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
