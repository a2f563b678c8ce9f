import type { PDFPageProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box } from '@docsvc/image';
import { loadPdfJs } from './pdfjs.js';
import { joinWords } from '@docsvc/schemas';

export interface TextLayerWord {
  text: string;
  confidence: number;
  bbox: Box;
}
export interface TextLayerLine {
  text: string;
  confidence: number;
  bbox: Box;
  words: TextLayerWord[];
}
export interface TextLayerBlock {
  bbox: Box;
  paragraphs: Array<{ bbox: Box; lines: TextLayerLine[] }>;
}

/** Why a page's text layer cannot stand in for OCR. */
export type TextLayerRefusal = 'no_text' | 'unmapped_glyphs' | 'rotated_text' | 'image_covers_page';

/** A quarter turn, clockwise, in degrees. */
export type QuarterTurn = 0 | 90 | 180 | 270;

export interface TextLayer {
  /** undefined: usable; else the reason to OCR the page instead. */
  refusal?: TextLayerRefusal;
  /**
   * With `rotated_text`: the clockwise quarter turn that sets the page's text upright, where nearly
   * all of it runs one way a quarter turn off (a table set sideways on a portrait page).
   */
  uprightTurn?: QuarterTurn;
  /**
   * The blocks, in the pixel space of the page rendered at `dpi` (the same words OCR would have
   * boxed), laid out once the page's lines (`rulings`, the same pixel space) are known: no word runs
   * across a column line (a cell's text that runs on to the next cell's with no space between,
   * clipped at the cell's border where the PDF draws it, is two words, one each side of the line).
   * Empty for a refused layer.
   */
  blocks: (rulings: readonly Box[]) => TextLayerBlock[];
}

interface PositionedItem {
  str: string;
  x: number; // left of the baseline origin, px
  baseline: number; // px
  width: number; // px
  ascent: number; // px above the baseline
  descent: number; // px below the baseline
}

/** Share of non-space characters that may be unusable (private use, replacement, control) before the layer is refused. */
const MAX_BAD_GLYPH_SHARE = 0.05;
/** Images covering at least this share of the page may hide or contradict the text layer. */
const MAX_IMAGE_COVERAGE = 0.5;

const isBadGlyph = (ch: string) => /[\u{E000}-\u{F8FF}\u{F0000}-\u{FFFFD}\u{FFFD}\p{Cc}]/u.test(ch);

const union = (boxes: Box[]): Box => ({
  x0: Math.min(...boxes.map((b) => b.x0)),
  y0: Math.min(...boxes.map((b) => b.y0)),
  x1: Math.max(...boxes.map((b) => b.x1)),
  y1: Math.max(...boxes.map((b) => b.y1)),
});

/** At least this share of a page's rotated text runs one quarter turn for the page to be read turned upright. */
const MIN_TURNED_SHARE = 0.9;

/**
 * The clockwise quarter turn that sets text of this device matrix upright, for text a quarter turn
 * off level (not mirrored): text running down the page (top to bottom) wants 270, up the page 90.
 */
function turnToUpright([a, b, c, d]: number[]): QuarterTurn | undefined {
  if (a! * d! - b! * c! >= 0) return undefined; // mirrored (device y runs down: upright text has a > 0, d < 0)
  const degrees = (Math.atan2(b!, a!) * 180) / Math.PI;
  const quarter = Math.round(degrees / 90) * 90;
  if (Math.abs(degrees - quarter) > 1) return undefined;
  return ((((360 - quarter) % 360) + 360) % 360) as QuarterTurn;
}

/** The page's text items placed in device pixels, or a refusal for text the layout cannot be trusted for (with the turn that sets rotated text upright). */
async function positionedItems(page: PDFPageProxy, viewport: PageViewport): Promise<PositionedItem[] | { refusal: TextLayerRefusal; uprightTurn?: QuarterTurn }> {
  const { Util } = await loadPdfJs();
  const content = await page.getTextContent();
  const items: PositionedItem[] = [];
  let rotated = 0;
  const turns = new Map<QuarterTurn | undefined, number>();
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const tx = Util.transform(viewport.transform, item.transform) as number[];
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = tx;
    if (Math.abs(b) > 1e-3 * Math.abs(a) || Math.abs(c) > 1e-3 * Math.abs(d) || a <= 0) {
      rotated++;
      const turn = turnToUpright(tx);
      turns.set(turn, (turns.get(turn) ?? 0) + 1);
      continue;
    }
    const fontHeight = Math.hypot(c, d);
    const style = content.styles[item.fontName];
    const ascentShare = style && style.ascent > 0 ? style.ascent : 0.8;
    const descentShare = style && style.descent < 0 ? -style.descent : 0.2;
    items.push({ str: item.str, x: e, baseline: f, width: item.width * viewport.scale, ascent: fontHeight * ascentShare, descent: fontHeight * descentShare });
  }
  if (rotated > 0 && rotated >= items.length * 0.2) {
    // Nearly all of the page's text one quarter turn off: read upright in a viewport turned so.
    const [turn, count] = [...turns].sort((x, y) => y[1] - x[1])[0]!;
    const upright = turn !== undefined && turn !== 0 && count >= MIN_TURNED_SHARE * (rotated + items.length);
    return { refusal: 'rotated_text', ...(upright ? { uprightTurn: turn } : {}) };
  }
  return items;
}

/**
 * Relative advance width of a character, by the classes of a proportional sans font (Helvetica's
 * metrics, in thousandths of an em): text items give one width for a whole run, and spreading it by
 * these weights places each word far better than spreading it evenly per character.
 */
function glyphWeight(ch: string): number {
  if (ch === ' ') return 278;
  if (/[ijl.,:;'!|]/.test(ch)) return 222;
  if (/[frtI()\[\]\-"/]/.test(ch)) return 333;
  if (/[mwMW@%]/.test(ch)) return 860;
  if (/[A-Z]/.test(ch)) return 680;
  if (/[0-9]/.test(ch)) return 556;
  return 540;
}

/** Words of one line of items, left to right: an item's width is shared among its characters by glyphWeight. */
function lineWords(items: PositionedItem[], columnLines: readonly Box[]): TextLayerWord[] {
  const words: TextLayerWord[] = [];
  let previousEnd = -Infinity;
  for (const item of items.sort((p, q) => p.x - q.x)) {
    const chars = [...item.str];
    const weights = chars.map(glyphWeight);
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    // x position of each character boundary, in pixels from the item's origin.
    const edges = [0];
    for (const w of weights) edges.push((edges.at(-1) ?? 0) + (w / total) * item.width);
    const perChar = item.width / Math.max(1, chars.length);
    const top = Math.round(item.baseline - item.ascent);
    const bottom = Math.round(item.baseline + item.descent);
    // An item that starts right where the last one ended, with no space between, continues its word
    // (kerning splits), unless a column line stands between them (a cell's text run on to the next's).
    const between = columnLines.some((r) => r.y0 <= item.baseline - item.ascent && r.y1 >= item.baseline && (r.x0 + r.x1) / 2 >= previousEnd - perChar && (r.x0 + r.x1) / 2 <= item.x + perChar);
    const glued = item.x - previousEnd < perChar * 0.3 && !/^\s/.test(item.str) && !between;
    let offset = 0;
    // A column line inside a piece: the piece is two words, cut at the character boundary nearest the
    // line (one item may hold two cells' text, "Elizab2165", when the first ran on to the second's).
    const cuts = (from: number, length: number): number[] => {
      const inside = columnLines.filter((r) => r.y0 <= item.baseline - item.ascent && r.y1 >= item.baseline).map((r) => (r.x0 + r.x1) / 2 - item.x);
      const at: number[] = [];
      for (const x of inside) {
        if (x <= (edges[from + 1] ?? 0) || x >= (edges[from + length - 1] ?? 0)) continue;
        let best = from + 1;
        for (let k = from + 1; k < from + length; k++) if (Math.abs((edges[k] ?? 0) - x) < Math.abs((edges[best] ?? 0) - x)) best = k;
        at.push(best);
      }
      return [...new Set(at)].sort((a, b) => a - b);
    };
    for (const piece of item.str.split(/(\s+)/)) {
      const length = [...piece].length;
      if (piece && !/^\s+$/.test(piece)) {
        const bounds = [offset, ...cuts(offset, length), offset + length];
        const pieceChars = [...piece];
        bounds.slice(1).forEach((end, part) => {
          const start = bounds[part]!;
          const text = pieceChars.slice(start - offset, end - offset).join('');
          const bbox = { x0: Math.round(item.x + (edges[start] ?? 0)), y0: top, x1: Math.round(item.x + (edges[end] ?? item.width)), y1: bottom };
          const last = words.at(-1);
          if (glued && start === 0 && last) {
            last.text += text;
            last.bbox = union([last.bbox, bbox]);
          } else {
            words.push({ text, confidence: 1, bbox });
          }
        });
      }
      offset += length;
    }
    previousEnd = item.x + item.width;
  }
  return words;
}

/** Items grouped into lines by baseline, lines into blocks by vertical gaps, in reading order (top to bottom). */
function layout(items: PositionedItem[], columnLines: readonly Box[]): TextLayerBlock[] {
  const sorted = [...items].sort((p, q) => p.baseline - q.baseline || p.x - q.x);
  const lineGroups: PositionedItem[][] = [];
  for (const item of sorted) {
    const current = lineGroups.at(-1);
    const ref = current?.[0];
    // Measured by the larger of the two: a footnote mark set small and raised (`Germany¹`) stands on
    // its word's line, not on one of its own above it.
    const size = ref ? Math.max(ref.ascent + ref.descent, item.ascent + item.descent) : 0;
    if (current && ref && Math.abs(item.baseline - ref.baseline) <= 0.4 * size) current.push(item);
    else lineGroups.push([item]);
  }
  const lines: TextLayerLine[] = lineGroups
    .map((group) => lineWords(group, columnLines))
    .filter((words) => words.length > 0)
    .map((words) => ({ text: joinWords(words.map((w) => w.text)), confidence: 1, bbox: union(words.map((w) => w.bbox)), words }));
  const blocks: TextLayerBlock[] = [];
  let currentLines: TextLayerLine[] = [];
  const flush = () => {
    if (currentLines.length === 0) return;
    const bbox = union(currentLines.map((l) => l.bbox));
    blocks.push({ bbox, paragraphs: [{ bbox, lines: currentLines }] });
    currentLines = [];
  };
  for (const line of lines) {
    const previous = currentLines.at(-1);
    if (previous) {
      const height = previous.bbox.y1 - previous.bbox.y0;
      const gap = line.bbox.y0 - previous.bbox.y1;
      const overlaps = Math.min(line.bbox.x1, previous.bbox.x1) > Math.max(line.bbox.x0, previous.bbox.x0);
      if (gap > height * 1.2 || !overlaps) flush();
    }
    currentLines.push(line);
  }
  flush();
  return blocks;
}

/** The largest image painted on a page: its share of the page and its own resolution there. */
export interface LargestImage {
  /** Share of the page's area it covers (its transformed unit square). */
  coverage: number;
  /** Its pixels per inch as painted (the lower of its two axes); undefined when its size is unknown. */
  dpi?: number;
  /** Where its unit square is painted, in the page's user space (the CTM at its Do). */
  matrix?: number[];
  /** pdf.js's id of its decoded pixels (page.objs, or page.commonObjs for an id starting 'g_'). */
  objId?: string;
  /**
   * It is all the page shows: no other image, path, visible text or shading, no clip, no annotation.
   * Its own pixels are then the page, and may be read as they are rather than drawn (a hidden OCR
   * layer, text render mode 3, shows nothing).
   */
  alone: boolean;
}

/** Operators that change nothing on the page by themselves (state, structure, text positioning). */
const QUIET = new Set([
  'dependency', 'setLineWidth', 'setLineCap', 'setLineJoin', 'setMiterLimit', 'setDash', 'setRenderingIntent', 'setFlatness', 'setGState', 'save', 'restore',
  'transform', 'beginText', 'endText', 'setCharSpacing', 'setWordSpacing', 'setHScale', 'setLeading', 'setFont', 'setTextRenderingMode', 'setTextRise', 'moveText',
  'setLeadingMoveText', 'setTextMatrix', 'nextLine', 'setCharWidth', 'setCharWidthAndBounds', 'setStrokeColorSpace', 'setFillColorSpace', 'setStrokeColor',
  'setStrokeColorN', 'setFillColor', 'setFillColorN', 'setStrokeGray', 'setFillGray', 'setStrokeRGBColor', 'setFillRGBColor', 'setStrokeCMYKColor', 'setFillCMYKColor',
  'markPoint', 'markPointProps', 'beginMarkedContent', 'beginMarkedContentProps', 'endMarkedContent', 'beginCompat', 'endCompat', 'paintFormXObjectBegin', 'paintFormXObjectEnd',
]);
const SHOW_TEXT = new Set(['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText']);

/** The page's largest image, by the area it is painted over; coverage 0 when there is none. */
export async function largestImage(page: PDFPageProxy): Promise<LargestImage> {
  const { OPS, Util } = await loadPdfJs();
  const size = page.getViewport({ scale: 1 });
  const list = await page.getOperatorList();
  const names = new Map(Object.entries(OPS).map(([name, code]) => [code, name]));
  const stack: Array<{ ctm: number[]; textMode: number }> = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  let textMode = 0;
  let largest: { area: number; dpi?: number; matrix?: number[]; objId?: string } = { area: 0 };
  let paints = 0;
  let otherInk = false;
  const paintOps = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);
  list.fnArray.forEach((fn, i) => {
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push({ ctm, textMode });
    else if (fn === OPS.restore) ({ ctm, textMode } = stack.pop() ?? { ctm: [1, 0, 0, 1, 0, 0], textMode: 0 });
    else if (fn === OPS.transform && args) ctm = Util.transform(ctm, args as number[]) as number[];
    else if (fn === OPS.setTextRenderingMode && typeof args?.[0] === 'number') textMode = args[0];
    else if (fn === OPS.paintFormXObjectBegin && args?.[0]) {
      stack.push({ ctm, textMode });
      ctm = Util.transform(ctm, args[0] as number[]) as number[];
    } else if (fn === OPS.paintFormXObjectEnd) ({ ctm, textMode } = stack.pop() ?? { ctm: [1, 0, 0, 1, 0, 0], textMode: 0 });
    if (paintOps.has(fn)) {
      paints++;
      if (fn !== OPS.paintImageXObject) otherInk = true;
      const [a = 0, b = 0, c = 0, d = 0] = ctm;
      const area = Math.abs(a * d - b * c);
      if (area <= largest.area) return;
      // A stencil mask (paintImageMaskXObject) carries its size in its data, as an inline image does.
      const pixels = imagePixels(fn === OPS.paintImageXObject ? args : null, fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject ? args?.[0] : undefined);
      // The image's unit square is painted over the vectors (a, b) and (c, d), in points.
      const dpi = pixels ? Math.min((pixels.width * 72) / Math.hypot(a, b), (pixels.height * 72) / Math.hypot(c, d)) : undefined;
      const objId = fn === OPS.paintImageXObject && typeof args?.[0] === 'string' ? args[0] : undefined;
      largest = { area, ...(dpi && Number.isFinite(dpi) ? { dpi } : {}), matrix: [...ctm], ...(objId ? { objId } : {}) };
    } else if (SHOW_TEXT.has(names.get(fn) ?? '')) {
      if (textMode !== 3) otherInk = true; // 3: invisible (a hidden OCR layer); 7 clips
    } else if (!QUIET.has(names.get(fn) ?? '')) otherInk = true; // paths, clips, shadings, groups, annotations
  });
  const alone = paints === 1 && !otherInk && largest.matrix !== undefined && (await page.getAnnotations()).length === 0;
  return {
    coverage: largest.area / (size.width * size.height),
    ...(largest.dpi ? { dpi: largest.dpi } : {}),
    ...(largest.matrix ? { matrix: largest.matrix } : {}),
    ...(largest.objId ? { objId: largest.objId } : {}),
    alone,
  };
}

/** An image's pixel size from its paint operator: [objId, width, height], or inline image data. */
function imagePixels(args: unknown[] | null, inline: unknown): { width: number; height: number } | undefined {
  if (args && typeof args[1] === 'number' && typeof args[2] === 'number') return { width: args[1], height: args[2] };
  const data = inline as { width?: unknown; height?: unknown } | undefined;
  if (data && typeof data.width === 'number' && typeof data.height === 'number') return { width: data.width, height: data.height };
  return undefined;
}

/**
 * The page's text layer as words with boxes in the raster's pixel space (`viewport` at the render DPI),
 * or the reason it cannot replace OCR: no text (a scan), glyphs without a Unicode mapping or in private
 * use (garbage when extracted), rotated text, or an image covering most of the page (a scan with a
 * hidden OCR layer, or text hidden under an image, which may disagree with what is shown).
 */
export async function readTextLayer(page: PDFPageProxy, viewport: PageViewport): Promise<TextLayer> {
  const items = await positionedItems(page, viewport);
  const none = () => [];
  if (!Array.isArray(items)) return { ...items, blocks: none };
  const chars = [...items.map((i) => i.str).join('')].filter((ch) => ch.trim() !== '');
  if (chars.length === 0) return { refusal: 'no_text', blocks: none };
  if (chars.filter(isBadGlyph).length > chars.length * MAX_BAD_GLYPH_SHARE) return { refusal: 'unmapped_glyphs', blocks: none };
  if ((await largestImage(page)).coverage >= MAX_IMAGE_COVERAGE) return { refusal: 'image_covers_page', blocks: none };
  return { blocks: (rulings) => layout(items, rulings.filter((r) => r.y1 - r.y0 > r.x1 - r.x0)) };
}
