import type { Box } from '@docsvc/image';
import type { Bounds } from '@docsvc/schemas';

/** The contract's bounds object (four corners, width, height) for an axis-aligned box. */
export function boundsFromBox(box: Box): Bounds {
  const { x0, y0, x1, y1 } = box;
  return {
    top_left: { x: x0, y: y0 },
    top_right: { x: x1, y: y0 },
    bottom_left: { x: x0, y: y1 },
    bottom_right: { x: x1, y: y1 },
    width: x1 - x0,
    height: y1 - y0,
  };
}

/** The smallest box holding every box given; undefined for none. */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  if (boxes.length === 0) return undefined;
  let { x0, y0, x1, y1 } = boxes[0] as Box;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  return { x0, y0, x1, y1 };
}

/** Intersection over union of two boxes, 0 when they do not overlap. */
export function intersectionOverUnion(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (r: Box) => (r.x1 - r.x0) * (r.y1 - r.y0);
  return inter / (area(a) + area(b) - inter);
}
