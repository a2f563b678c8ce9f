import { inkThreshold, type Box, type GrayImage } from '@docsvc/image';
import { pageWords } from './page-quality.js';
import { toGray } from './pixels.js';
import { dotsAt } from './left-dots.js';
import { raisedMarkOf, withMarkRead, type RaisedMark } from './raised-marks.js';
import { medianHeight } from './stack-image.js';
import { sidewaysColumns, withoutLines } from './sideways-columns.js';
import type { EngineBlock, EnginePage, EngineWord, PageImage } from './types.js';
import { joinWords } from '@docsvc/schemas';

/**
 * Ink a page's reading left unread, read once more. tesseract's page layout (psm 3) drops what it
 * takes for noise: a digit alone in a table cell (the serial numbers 1-9 of a ruled table), a short
 * number at the end of a row, a column of short values beside wider ones. Those marks are found in the
 * pixels (ink of a text line's height outside every word read), cut out and stacked into one image
 * read as a single block (psm 6), which reads them (psm 3, 4 and 11 read none of a stack of digits).
 * Two or three dots standing alone (a table's `..`) are read by their shape instead (left-dots.ts);
 * footnote marks set small and raised, which tesseract read as punctuation or dropped, are cut out
 * and read in the same stack (raised-marks.ts).
 */

/** Marks from this share of the page's median word height up to LINE_HEIGHT_MAX times it are text. */
const LINE_HEIGHT_MIN = 0.5;
const LINE_HEIGHT_MAX = 2;
/** A mark wider than this many word heights is a rule, a bar or a picture, not a glyph. */
const GLYPH_WIDTH_MAX = 4;
/**
 * A mark wider than GLYPH_STROKE word heights that fills more of its box than GLYPH_FILL_MAX is a
 * solid block (a bullet, a bar, a logo), not a glyph; a narrower one is a stroke (a 1, an I).
 */
const GLYPH_FILL_MAX = 0.85;
const GLYPH_STROKE = 0.4;
/** A region this narrow (word heights) is one bare stroke: what is left of a rule, a | or an l; not read. */
const BAR_WIDTH_MAX = 0.25;
/** Marks closer than this many word heights, on one line, are one region (a word, or words of one cell). */
const REGION_GAP = 1;
/** Marks of one line overlap by at least this share of a word height. */
const LINE_OVERLAP = 0.3;
/** Sampled cells a word height spans: enough to tell a digit's height from a speck's. */
const CELLS_PER_HEIGHT = 6;
/** A glyph's stroke is wider than a tenth of a word's height: pixels this far apart find every stroke. */
const STROKES_PER_HEIGHT = 10;
/** Regions read at most, the largest first: a page of unread ink is a picture, and costs one reading anyway. */
const MAX_REGIONS = 300;
/** Words read in the stack below this confidence are noise (a speck, a fragment of a picture). */
const MIN_CONFIDENCE = 0.6;

/**
 * Regions of the page (its pixel space) holding ink the words read do not cover, each the size of a
 * word or a line of words. None where the page has no words (a blank page, or one read as nothing:
 * readPage looks at those itself).
 */
export function unreadRegions(gray: GrayImage, words: readonly Box[]): Box[] {
  return unreadInk(gray, words).regions;
}

/** Marks this many word heights across at most (in sampled cells) may be dots: a period's ink is about a tenth. */
const DOT_SIZE_MAX = 0.34;
/** Dots of one mark (`..`, `...`) are at most this many word heights apart. */
const DOT_GAP_MAX = 0.5;

/**
 * unreadRegions, and the places where two or three specks stand in a row outside every word read
 * (a table's `..`, not available, which tesseract drops as noise: dotsAt reads them), and the page's
 * ink threshold.
 */
function unreadInk(gray: GrayImage, words: readonly Box[]): { regions: Box[]; dots: Box[]; threshold?: number } {
  if (words.length === 0) return { regions: [], dots: [] };
  const height = medianHeight(words);
  if (height < 4) return { regions: [], dots: [] };
  const step = Math.max(1, Math.floor(height / CELLS_PER_HEIGHT));
  const width = Math.floor(gray.width / step);
  const rows = Math.floor(gray.height / step);
  const src = gray.data;

  // The threshold from a sample of the page (a pixel in every 4x4 at least).
  const histogram = new Uint32Array(256);
  const every = Math.max(step, 4);
  for (let y = 0; y < gray.height; y += every) {
    const row = y * gray.width;
    for (let x = 0; x < gray.width; x += every) histogram[src[row + x]!]! += 1;
  }
  const threshold = inkThreshold(histogram);
  if (threshold === undefined) return { regions: [], dots: [] };

  // A cell is ink when any of its pixels a stroke's width apart is: a thin upright stroke (a 1)
  // survives the sampling.
  const stride = Math.max(1, Math.floor(height / STROKES_PER_HEIGHT));
  const ink = new Uint8Array(width * rows);
  for (let cy = 0; cy < rows; cy++) {
    for (let dy = 0; dy < step; dy += stride) {
      const row = (cy * step + dy) * gray.width;
      const out = cy * width;
      for (let cx = 0; cx < width; cx++) {
        if (ink[out + cx]) continue;
        const start = row + cx * step;
        for (let dx = 0; dx < step; dx += stride) {
          if (src[start + dx]! <= threshold) {
            ink[out + cx] = 1;
            break;
          }
        }
      }
    }
  }
  // What was read, with a margin for accents, descenders and the edges of its glyphs.
  for (const box of words) {
    const pad = (box.y1 - box.y0) / 4;
    const x0 = Math.max(0, Math.floor((box.x0 - pad) / step));
    const x1 = Math.min(width, Math.ceil((box.x1 + pad) / step));
    const y0 = Math.max(0, Math.floor((box.y0 - pad) / step));
    const y1 = Math.min(rows, Math.ceil((box.y1 + pad) / step));
    for (let y = y0; y < y1; y++) ink.fill(0, y * width + x0, y * width + x1);
  }

  const h = height / step;
  const all = marks(ink, width, rows);
  const glyphs = all.filter((m) => {
    const mh = m.y1 - m.y0 + 1;
    const mw = m.x1 - m.x0 + 1;
    return mh >= LINE_HEIGHT_MIN * h && mh <= LINE_HEIGHT_MAX * h && mw <= GLYPH_WIDTH_MAX * h && (mw <= GLYPH_STROKE * h || !solid(gray, m, step, threshold));
  });
  glyphs.sort((a, b) => a.x0 - b.x0);
  const regions: Box[] = [];
  for (const g of glyphs) {
    const region = regions.find((r) => Math.min(r.y1, g.y1) - Math.max(r.y0, g.y0) >= LINE_OVERLAP * h && g.x0 - r.x1 <= REGION_GAP * h);
    if (region) {
      region.x0 = Math.min(region.x0, g.x0);
      region.y0 = Math.min(region.y0, g.y0);
      region.x1 = Math.max(region.x1, g.x1);
      region.y1 = Math.max(region.y1, g.y1);
    } else regions.push({ x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1 });
  }
  // Specks in a row, two or three, their feet level: where dots may stand.
  const specks = all.filter((m) => m.y1 - m.y0 + 1 <= Math.max(2, DOT_SIZE_MAX * h) && m.x1 - m.x0 + 1 <= Math.max(2, DOT_SIZE_MAX * h)).sort((a, b) => a.x0 - b.x0);
  const rowsOfSpecks: Array<Array<Box & { cells: number }>> = [];
  for (const m of specks) {
    const row = rowsOfSpecks.find((r) => Math.abs(r.at(-1)!.y1 - m.y1) <= 1 && m.x0 - r.at(-1)!.x1 - 1 <= Math.max(1, DOT_GAP_MAX * h));
    if (row) row.push(m);
    else rowsOfSpecks.push([m]);
  }
  const dots = rowsOfSpecks
    .filter((r) => r.length >= 2 && r.length <= 3)
    .map((r) => ({
      x0: Math.max(0, (r[0]!.x0 - 1) * step),
      y0: Math.max(0, (Math.min(...r.map((m) => m.y0)) - 1) * step),
      x1: Math.min(gray.width, (r.at(-1)!.x1 + 2) * step),
      y1: Math.min(gray.height, (Math.max(...r.map((m) => m.y1)) + 2) * step),
    }));
  const found = regions
    .filter((r) => r.x1 - r.x0 + 1 > BAR_WIDTH_MAX * h)
    // A cell more all round: the sampling may miss a glyph's outermost pixels.
    .map((r) => ({ x0: Math.max(0, (r.x0 - 1) * step), y0: Math.max(0, (r.y0 - 1) * step), x1: Math.min(gray.width, (r.x1 + 2) * step), y1: Math.min(gray.height, (r.y1 + 2) * step) }))
    .sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0))
    .slice(0, MAX_REGIONS)
    .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  return { regions: found, dots, threshold };
}

/** The 8-connected marks of a mask (which it clears), each as its box (inclusive, in cells) and its cell count. */
function marks(ink: Uint8Array, width: number, rows: number): Array<Box & { cells: number }> {
  const stack: number[] = [];
  const found: Array<Box & { cells: number }> = [];
  for (let i = ink.indexOf(1); i >= 0; i = ink.indexOf(1, i + 1)) {
    ink[i] = 0;
    stack.push(i);
    let x0 = width;
    let y0 = rows;
    let x1 = -1;
    let y1 = -1;
    let cells = 0;
    while (stack.length > 0) {
      const j = stack.pop()!;
      cells++;
      const x = j % width;
      const y = (j - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const left = x > 0 ? -1 : 0;
      const right = x < width - 1 ? 1 : 0;
      for (let ny = y > 0 ? y - 1 : y; ny <= y + 1 && ny < rows; ny++) {
        const row = ny * width + x;
        for (let k = row + left; k <= row + right; k++) {
          if (ink[k]) {
            ink[k] = 0;
            stack.push(k);
          }
        }
      }
    }
    found.push({ x0, y0, x1, y1, cells });
  }
  return found;
}

/** Whether a mark (in cells of `step` pixels) fills the box of its ink, in the page's own pixels: a block, not a glyph. */
function solid(gray: GrayImage, mark: Box, step: number, threshold: number): boolean {
  let dark = 0;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = mark.y0 * step; y < Math.min(gray.height, (mark.y1 + 1) * step); y++) {
    const row = y * gray.width;
    for (let x = mark.x0 * step; x < Math.min(gray.width, (mark.x1 + 1) * step); x++) {
      if (gray.data[row + x]! > threshold) continue;
      dark++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return dark > GLYPH_FILL_MAX * (x1 - x0 + 1) * (y1 - y0 + 1);
}

/** What a page's reading left unread, found in its pixels (lookForLeftInk), before it is read. */
export interface LeftInkLook {
  /** The page given, with a column read sideways as one line taken out and dots read from their shape added. */
  page: EnginePage;
  /** The page's pixels, gray. */
  gray: GrayImage;
  /** Regions of unread ink to cut out and read (the page's pixel space). */
  regions: Box[];
  /** Words whose raised footnote mark tesseract read as punctuation (or dropped), and the mark's box. */
  marks: Array<{ word: EngineWord; mark: RaisedMark }>;
  /** Dots read from their shape (words added). */
  dots: number;
  /** The median height of the words read: what cut-out regions are padded by. */
  height: number;
  /** Time spent looking (every page pays it). */
  lookMs: number;
}

/**
 * The ink `given` (read from `image`) left unread: regions of it to read again, raised marks read
 * as punctuation, and dots, read here from their shape (tesseract reads none of them, alone or in a
 * stack). read-again.ts reads the regions and marks, cut out and stacked, in one recognition.
 */
export async function lookForLeftInk(image: PageImage, given: EnginePage): Promise<LeftInkLook> {
  const t0 = performance.now();
  const gray = toGray(await image.pixels());
  // A column of short values read sideways as one line is no reading of them: its ink is read again.
  const page = withoutLines(given, sidewaysColumns(gray, given, medianHeight(pageWords(given).map((w) => w.bbox))));
  const readWords = pageWords(page);
  const words = readWords.map((w) => w.bbox);
  const { regions, dots: places, threshold } = unreadInk(gray, words);
  // Dots are read from their shape: tesseract reads none of them, alone or in a stack.
  const height = medianHeight(words);
  const dots = threshold === undefined ? [] : places.flatMap((place) => dotsAt(gray, place, threshold, words, height) ?? []);
  // Footnote marks set raised, which tesseract read as punctuation or dropped: read again in the same stack.
  const marks = threshold === undefined ? [] : readWords.flatMap((word) => {
    const mark = raisedMarkOf(gray, threshold, word);
    return mark ? [{ word, mark }] : [];
  });
  const withDots: EnginePage = dots.length ? { ...page, blocks: [...page.blocks, ...dots.map((d) => blockOf(d))] } : page;
  return { page: withDots, gray, regions, marks, dots: dots.length, height, lookMs: Math.round(performance.now() - t0) };
}

/** The boxes a look's ink is cut out by, in order: its regions, then its marks. */
export const leftInkCuts = (look: LeftInkLook): Box[] => [...look.regions, ...look.marks.map((m) => m.mark.box)];

/**
 * The look's page with what was read in its cuts (`read[i]`: the words read in leftInkCuts' i-th
 * box, placed on the page): each region's words added as a block of their own where they are
 * confident and hold a letter or a digit; a mark read alone as a letter or a digit in place of the
 * punctuation tesseract made of it. `words`: words added (dots included); `marks`: words put right.
 */
export function withLeftInkRead(look: LeftInkLook, read: readonly EngineWord[][]): { page: EnginePage; words: number; marks: number } {
  const { regions, marks, page } = look;
  const byRegion = new Map<number, EngineWord[]>();
  regions.forEach((region, i) => {
    const list = (read[i] ?? []).flatMap((word) => {
      if (word.confidence < MIN_CONFIDENCE || !/[\p{L}\p{N}]/u.test(word.text)) return [];
      const bbox = { x0: Math.max(region.x0, word.bbox.x0), y0: Math.max(region.y0, word.bbox.y0), x1: Math.min(region.x1, word.bbox.x1), y1: Math.min(region.y1, word.bbox.y1) };
      return bbox.x1 <= bbox.x0 || bbox.y1 <= bbox.y0 ? [] : [{ text: word.text, confidence: word.confidence, bbox }];
    });
    if (list.length) byRegion.set(i, list);
  });
  const marked = new Map<EngineWord, string>();
  marks.forEach((m, k) => {
    const list = (read[regions.length + k] ?? []).filter((w) => w.confidence >= MIN_CONFIDENCE && /[\p{L}\p{N}]/u.test(w.text));
    const text = list.length === 1 ? withMarkRead(m.word.text, m.mark, list[0]!.text, page.language) : undefined;
    if (text) marked.set(m.word, text);
  });
  const added: EngineBlock[] = [...byRegion.values()].map((list) => blockOf(...list));
  if (added.length === 0 && marked.size === 0) return { page, words: look.dots, marks: 0 };
  const base = marked.size ? withWordsRetold(page, marked) : page;
  const words = added.reduce((s, b) => s + b.paragraphs[0]!.lines[0]!.words.length, 0) + look.dots;
  return { page: { ...base, blocks: [...base.blocks, ...added] }, words, marks: marked.size };
}

/** The page with some of its words' text replaced (their lines' text with them). */
function withWordsRetold(page: EnginePage, texts: ReadonlyMap<EngineWord, string>): EnginePage {
  return {
    ...page,
    blocks: page.blocks.map((b) => ({
      ...b,
      paragraphs: b.paragraphs.map((p) => ({
        ...p,
        lines: p.lines.map((l) => {
          if (!l.words.some((w) => texts.has(w))) return l;
          const words = l.words.map((w) => (texts.has(w) ? { ...w, text: texts.get(w)! } : w));
          return { ...l, words, text: joinWords(words.map((w) => w.text)) };
        }),
      })),
    })),
  };
}

/** Words of one line, as a block of their own. */
function blockOf(...list: EngineWord[]): EngineBlock {
  const bbox = {
    x0: Math.min(...list.map((w) => w.bbox.x0)),
    y0: Math.min(...list.map((w) => w.bbox.y0)),
    x1: Math.max(...list.map((w) => w.bbox.x1)),
    y1: Math.max(...list.map((w) => w.bbox.y1)),
  };
  const line = { text: joinWords(list.map((w) => w.text)), confidence: list.reduce((s, w) => s + w.confidence, 0) / list.length, bbox, words: list };
  return { bbox, paragraphs: [{ bbox, lines: [line] }] };
}
