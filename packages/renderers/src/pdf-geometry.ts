import type { OcrPageResult } from '@docsvc/schemas';

/**
 * Where a recognised page's words go on a PDF page. The answer's boxes are in the pixels of the
 * upright page (after the OCR worker turned the rendered page by `rotation` and levelled it by
 * `skew`); the rendered page was the page's visible area (CropBox within MediaBox, as pdf.js renders
 * it) as displayed (after /Rotate). The text layer is written as qpdf's --underlay places a page: in
 * the coordinates of the destination page's TrimBox as displayed, which qpdf turns back into the
 * page's own user space. Pure arithmetic on affine maps.
 */

/** An affine map as PDF writes it, [a b c d e f]: (x, y) -> (a x + c y + e, b x + d y + f). */
export type Matrix = readonly [number, number, number, number, number, number];
/** [x0 y0 x1 y1] in PDF user space (y up). */
export type Rect = readonly [number, number, number, number];

/** A PDF page's boxes and turn, as the page dictionary (with inherited entries) gives them. */
export interface PdfPageBoxes {
  mediaBox: Rect;
  cropBox?: Rect;
  trimBox?: Rect;
  /** /Rotate, degrees clockwise (any multiple of 90; others count as 0, as viewers do). */
  rotate?: number;
  userUnit?: number;
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first`, then `then`. */
export function compose(first: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = then;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

const normalised = (r: Rect): Rect => [Math.min(r[0], r[2]), Math.min(r[1], r[3]), Math.max(r[0], r[2]), Math.max(r[1], r[3])];

/** /Rotate as a quarter turn: a viewer ignores a value that is not a multiple of 90. */
export function quarterTurn(rotate: number | undefined): 0 | 90 | 180 | 270 {
  const r = (((Math.round(rotate ?? 0) % 360) + 360) % 360) as number;
  return r === 90 || r === 180 || r === 270 ? r : 0;
}

/** User space to the page as displayed (turned clockwise by `rotate` about the origin). */
function displayTurn(rotate: 0 | 90 | 180 | 270): Matrix {
  if (rotate === 90) return [0, -1, 1, 0, 0, 0];
  if (rotate === 180) return [-1, 0, 0, -1, 0, 0];
  if (rotate === 270) return [0, 1, -1, 0, 0, 0];
  return IDENTITY;
}

function mapRect(m: Matrix, r: Rect): Rect {
  const [x0, y0] = apply(m, r[0], r[1]);
  const [x1, y1] = apply(m, r[2], r[3]);
  return normalised([x0, y0, x1, y1]);
}

/** What pdf.js renders: the CropBox clipped to the MediaBox (the MediaBox when they do not meet). */
export function visibleBox(boxes: PdfPageBoxes): Rect {
  const media = normalised(boxes.mediaBox);
  if (!boxes.cropBox) return media;
  const crop = normalised(boxes.cropBox);
  const r: Rect = [Math.max(media[0], crop[0]), Math.max(media[1], crop[1]), Math.min(media[2], crop[2]), Math.min(media[3], crop[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : media;
}

/** The box qpdf places an underlay page on: TrimBox, else CropBox, else MediaBox. */
const placementBox = (boxes: PdfPageBoxes): Rect => normalised(boxes.trimBox ?? boxes.cropBox ?? boxes.mediaBox);

/** The size of the underlay page for a destination page: its placement box as displayed, in user units. */
export function underlaySize(boxes: PdfPageBoxes): { widthPt: number; heightPt: number } {
  const r = mapRect(displayTurn(quarterTurn(boxes.rotate)), placementBox(boxes));
  const unit = boxes.userUnit ?? 1;
  return { widthPt: (r[2] - r[0]) * unit, heightPt: (r[3] - r[1]) * unit };
}

type PageShape = Pick<OcrPageResult, 'width' | 'height' | 'rotation' | 'skew'>;

/** The inverse of an invertible affine map. */
export function invert(m: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/**
 * Where the words of a recognised page go: `matrix` takes the answer's pixels (y up from the bottom)
 * onto the PDF page; `recentre`, for a page the OCR worker levelled, moves each word's centre back to
 * where it is printed (in the same pixels). Words stay level: a text extractor reads words tilted by a
 * few degrees letter by letter, and a level box on a tilted word still selects it.
 */
export interface LayerPlacement {
  matrix: Matrix;
  recentre?: Matrix;
}

/**
 * The answer's pixels (y down) back to the page as it was rendered: the OCR worker's quarter turn
 * undone (`unturn`), and its levelling (a turn of `skew` degrees about the centre, size kept), as a
 * turn of the answer's own pixels (`level`): rendered = level, then unturn.
 */
export function uprightToRendered(page: PageShape): { unturn: Matrix; level?: Matrix; width: number; height: number } {
  const turn = page.rotation ?? 0;
  const w = turn === 90 || turn === 270 ? page.height : page.width;
  const h = turn === 90 || turn === 270 ? page.width : page.height;
  // Where the worker's rotateRaw put the rendered pixel (x, y), inverted.
  const unturn: Matrix = turn === 90 ? [0, -1, 1, 0, 0, h] : turn === 180 ? [-1, 0, 0, -1, w, h] : turn === 270 ? [0, 1, -1, 0, w, 0] : IDENTITY;
  if (!page.skew) return { unturn, width: w, height: h };
  const rad = (page.skew * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = w / 2;
  const cy = h / 2;
  // The levelling's own sampling map (output pixel -> source pixel, as pixels.ts straighten()
  // computes it), moved into the answer's frame: a turn about the centre commutes with quarter turns.
  const unlevel: Matrix = [cos, -sin, sin, cos, cx - cos * cx - sin * cy, cy + sin * cx - cos * cy];
  return { unturn, level: compose(compose(unturn, unlevel), invert(unturn)), width: w, height: h };
}

/** From the answer's page (pixels, y up) to the page as displayed. */
function answerToDisplayed(page: PageShape, boxes: PdfPageBoxes): LayerPlacement {
  const rendered = uprightToRendered(page);
  const view = mapRect(displayTurn(quarterTurn(boxes.rotate)), visibleBox(boxes));
  const flip: Matrix = [1, 0, 0, -1, 0, page.height];
  const toDisplayed: Matrix = [(view[2] - view[0]) / rendered.width, 0, 0, -(view[3] - view[1]) / rendered.height, view[0], view[3]];
  const matrix = compose(compose(flip, rendered.unturn), toDisplayed);
  return rendered.level ? { matrix, recentre: compose(compose(flip, rendered.level), flip) } : { matrix };
}

const then = (placement: LayerPlacement, m: Matrix): LayerPlacement => ({ ...placement, matrix: compose(placement.matrix, m) });

/** From the answer's page (pixels, y up) to the underlay page qpdf places on the page of `boxes` (see underlaySize). */
export function answerToUnderlay(page: PageShape, boxes: PdfPageBoxes): LayerPlacement {
  const unit = boxes.userUnit ?? 1;
  const place = mapRect(displayTurn(quarterTurn(boxes.rotate)), placementBox(boxes));
  return then(answerToDisplayed(page, boxes), [unit, 0, 0, unit, -place[0] * unit, -place[1] * unit]);
}

/** From the answer's page (pixels, y up) to the user space of the page of `boxes` (a page this service writes itself). */
export function answerToUserSpace(page: PageShape, boxes: PdfPageBoxes): LayerPlacement {
  const rotate = quarterTurn(boxes.rotate);
  return then(answerToDisplayed(page, boxes), displayTurn(((360 - rotate) % 360) as 0 | 90 | 180 | 270));
}
