import type { Box } from '@docsvc/image';
import type { PDFPageProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loadPdfJs } from './pdfjs.js';

/** Thicker than this (in points) a filled shape is a shaded area, not a line. */
const MAX_LINE_POINTS = 3;
/** Shorter than this (in points) a line is a glyph part, an underline dash or a tick, not a table rule. */
const MIN_LINE_POINTS = 6;

const DRAW = { moveTo: 0, lineTo: 1, curveTo: 2, quadraticCurveTo: 3, closePath: 4 } as const;
const ARGS: Record<number, number> = { [DRAW.moveTo]: 2, [DRAW.lineTo]: 2, [DRAW.curveTo]: 6, [DRAW.quadraticCurveTo]: 4, [DRAW.closePath]: 0 };

/**
 * The straight, axis-aligned lines a PDF page draws (table borders and rules: stroked lines and
 * rectangles, and the thin filled rectangles many producers draw borders with), as thin boxes in
 * the pixel space of `viewport`. Read from the page's operator list: no rendering.
 */
export async function readRulings(page: PDFPageProxy, viewport: PageViewport): Promise<Box[]> {
  const { OPS, Util } = await loadPdfJs();
  const list = await page.getOperatorList();
  const scale = viewport.scale;
  const out: Box[] = [];
  const stack: Array<{ ctm: number[]; lineWidth: number }> = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  let lineWidth = 1;
  const strokes = new Set([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const fills = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const toPixels = (x: number, y: number): [number, number] => {
    const point: [number, number] = [x, y];
    // pdf.js 5+ transforms the point in place.
    Util.applyTransform(point, Util.transform(viewport.transform, ctm) as number[]);
    return point;
  };
  const addLine = (a: [number, number], b: [number, number], thickness: number) => {
    const box = { x0: Math.min(a[0], b[0]), y0: Math.min(a[1], b[1]), x1: Math.max(a[0], b[0]), y1: Math.max(a[1], b[1]) };
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    const half = Math.max(0.5, thickness / 2);
    if (h <= 1 && w >= MIN_LINE_POINTS * scale) out.push({ x0: box.x0, y0: box.y0 - half, x1: box.x1, y1: box.y1 + half });
    else if (w <= 1 && h >= MIN_LINE_POINTS * scale) out.push({ x0: box.x0 - half, y0: box.y0, x1: box.x1 + half, y1: box.y1 });
  };
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push({ ctm, lineWidth });
    else if (fn === OPS.restore) ({ ctm, lineWidth } = stack.pop() ?? { ctm: [1, 0, 0, 1, 0, 0], lineWidth: 1 });
    else if (fn === OPS.transform && args) ctm = Util.transform(ctm, args as number[]) as number[];
    else if (fn === OPS.setLineWidth && args) lineWidth = Number(args[0]) || 0;
    else if (fn === OPS.paintFormXObjectBegin && args?.[0]) {
      stack.push({ ctm, lineWidth });
      ctm = Util.transform(ctm, args[0] as number[]) as number[];
    } else if (fn === OPS.paintFormXObjectEnd) ({ ctm, lineWidth } = stack.pop() ?? { ctm: [1, 0, 0, 1, 0, 0], lineWidth: 1 });
    else if (fn === OPS.constructPath && args) {
      const paint = args[0] as number;
      const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
      if (!data || !(strokes.has(paint) || fills.has(paint))) return;
      // Line width in pixels: the CTM's scale times the viewport's (a zero width is the thinnest line).
      const [a = 1, b = 0] = ctm;
      const strokeWidth = Math.max(1, lineWidth * Math.hypot(a, b) * scale);
      for (const subpath of subpaths(data)) {
        const points = subpath.points.map(([x, y]) => toPixels(x, y));
        if (strokes.has(paint)) {
          for (let k = 1; k < points.length; k++) addLine(points[k - 1]!, points[k]!, strokeWidth);
          if (subpath.closed && points.length > 2) addLine(points[points.length - 1]!, points[0]!, strokeWidth);
        }
        if (fills.has(paint) && subpath.straight && points.length >= 4) {
          // A thin filled rectangle is a line as thick as its short side.
          const xs = points.map((p) => p[0]);
          const ys = points.map((p) => p[1]);
          const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
          const w = box.x1 - box.x0;
          const h = box.y1 - box.y0;
          const thin = MAX_LINE_POINTS * scale;
          if (h <= thin && w >= MIN_LINE_POINTS * scale) out.push(box);
          else if (w <= thin && h >= MIN_LINE_POINTS * scale) out.push(box);
        }
      }
    }
  });
  return out;
}

/** The subpaths of a pdf.js path (DrawOPS codes followed by their coordinates), curves marked. */
function subpaths(data: ArrayLike<number>): Array<{ points: Array<[number, number]>; closed: boolean; straight: boolean }> {
  const out: Array<{ points: Array<[number, number]>; closed: boolean; straight: boolean }> = [];
  let current: { points: Array<[number, number]>; closed: boolean; straight: boolean } | undefined;
  for (let i = 0; i < data.length; ) {
    const op = data[i]!;
    const n = ARGS[op];
    if (n === undefined) break; // not a path we understand
    if (op === DRAW.moveTo) {
      current = { points: [[data[i + 1]!, data[i + 2]!]], closed: false, straight: true };
      out.push(current);
    } else if (op === DRAW.lineTo && current) current.points.push([data[i + 1]!, data[i + 2]!]);
    else if ((op === DRAW.curveTo || op === DRAW.quadraticCurveTo) && current) {
      current.straight = false;
      current.points.push([data[i + n - 2]!, data[i + n - 1]!]);
    } else if (op === DRAW.closePath && current) current.closed = true;
    i += 1 + n;
  }
  return out;
}
