import { grayHistogram, inkThreshold, type GrayImage, type RawImage } from '@docsvc/image';
import { darkWords, forEachDarkRun } from './dark-runs.js';
import { findLeaders } from './image-leaders.js';
import { touchingGroups } from './ruled-tables.js';
import type { Ruling } from './types.js';

/** Dark runs shorter than this (pixels) are glyph strokes, not parts of a line, whatever the page. */
const MIN_RUN = 12;
/** The least share of a line's length with paper on both sides (clearSides). */
const CLEAR_SIDES = 0.6;
/** How dark against the paper a light rule is at most (lightLineLevel): #999 rules on white are 0.6 of it, a scan's paper noise 0.9 and more. */
const LIGHT_LINE_SHARE = 0.8;
/** The least step above the ink threshold worth a second look for light rules. */
const MIN_LIGHT_STEP = 16;
/** The least share of a line's length that is ink, unless it is dashed (drawnAsLine). */
const MIN_COVERAGE = 0.9;

interface Component {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  dark: number;
}

/**
 * The straight lines drawn on a scanned page (table borders and rules), as thin boxes in its pixels:
 * a morphology pass on the page binarised by its ink threshold (inkThreshold: Otsu's, below a tint). Horizontal lines are connected dark
 * runs along rows that reach across `minLength`, at most `maxThickness` thick on average; vertical
 * lines the same along columns. Glyph strokes are too short, filled areas too thick.
 */
export function findRulings(image: GrayImage, opts: { minLength?: number; maxThickness?: number } = {}): Ruling[] {
  return rulingsAndInk(image, opts).rulings;
}

/** The page binarised as the lines were looked for in it: ink 1, at 1/`k` of its size, rows of `width`. */
interface Binarised {
  dark: Uint8Array;
  width: number;
  height: number;
  k: number;
}

/** findRulings, with the ink threshold it used and the page binarised by it. */
function rulingsAndInk(image: GrayImage, opts: { minLength?: number; maxThickness?: number; stepped?: boolean } = {}): { rulings: Ruling[]; threshold?: number; binarised?: Binarised } {
  // Pages of 200 DPI and more are read at half their size (a 2x2 block is ink when any of its
  // pixels is): a line one pixel thick survives, and the pass costs a quarter.
  const k = Math.min(image.width, image.height) >= 1400 ? 2 : 1;
  const histogram = grayHistogram(image);
  const t = inkThreshold(histogram);
  if (t === undefined) return { rulings: [] };
  const found = linesIn(image, t, k, opts);
  if (found.rulings.length > 0) return { rulings: found.rulings, threshold: t, binarised: found.binarised };
  // No line in ink: a table may be ruled in light gray (#999 on white is 153, where Otsu's split of
  // black print is near 128), lines though no ink. Looked for again at a lighter level; the page's
  // ink stays what its threshold says (the light lines are paper to the engine, and to withoutShading).
  const light = lightLineLevel(histogram, t);
  return { rulings: light === undefined ? [] : linesIn(image, light, k, opts).rulings, threshold: t, binarised: found.binarised };
}

/** The level below which light rules are dark: LIGHT_LINE_SHARE of the paper's (its mean level above the ink threshold); none where it is not well above that threshold. */
function lightLineLevel(histogram: Uint32Array, t: number): number | undefined {
  let count = 0;
  let sum = 0;
  for (let v = t + 1; v < 256; v++) {
    count += histogram[v]!;
    sum += v * histogram[v]!;
  }
  if (count === 0) return undefined;
  const level = Math.round((LIGHT_LINE_SHARE * sum) / count);
  return level - t >= MIN_LIGHT_STEP ? level : undefined;
}

/** The lines of `image` binarised at `level` (ink: levels <= level) at 1/`k` of its size, and the binarised page. */
function linesIn(image: GrayImage, level: number, k: number, opts: { minLength?: number; maxThickness?: number; stepped?: boolean }): { rulings: Ruling[]; binarised: Binarised } {
  // Rows and columns padded with paper to a multiple of four: every row starts on a 32-bit word, and
  // the passes below step over paper four pixels at a time.
  const used = Math.floor(image.width / k);
  const width = Math.ceil(used / 4) * 4;
  const height = Math.ceil(Math.floor(image.height / k) / 4) * 4;
  const rows = Math.floor(image.height / k);
  const dark = new Uint8Array(width * height);
  const ink = new Uint8Array(256);
  for (let v = 0; v <= level; v++) ink[v] = 1;
  const src = image.data;
  for (let y = 0; y < rows; y++) {
    if (k === 1) {
      for (let x = 0, o = y * width, i = y * image.width; x < used; x++, o++, i++) dark[o] = ink[src[i]!]!;
      continue;
    }
    const a = 2 * y * image.width;
    const b = a + image.width;
    for (let x = 0, o = y * width, i = 0; x < used; x++, o++, i += 2) {
      dark[o] = ink[src[a + i]!]! | ink[src[a + i + 1]!]! | ink[src[b + i]!]! | ink[src[b + i + 1]!]!;
    }
  }
  const minLength = Math.round((opts.minLength ?? Math.max(40, 0.04 * Math.min(image.width, image.height))) / k);
  const maxThickness = Math.max(2, Math.round((opts.maxThickness ?? Math.max(4, 0.004 * Math.max(image.width, image.height))) / k));
  const scaled = (c: Component): Ruling => ({ x0: c.x0 * k, y0: c.y0 * k, x1: c.x1 * k, y1: c.y1 * k });
  // A line is thin across: ink that is thick across (a shaded band, a filled box, a bar) is taken out
  // before lines are followed along, or a band would join every line that crosses it into one blot.
  const thinRows = thinDown(dark, width, height, maxThickness);
  const rowLines = lineComponents(thinRows, width, height, minLength, maxThickness, opts.stepped).filter((c) => drawnAsLine(thinRows, width, c) && clearSides(dark, 1, width, height, c) >= CLEAR_SIDES);
  const horizontal = rowLines.map(scaled);
  // thinColumns is the page transposed: a component's x runs down the page, its y across. It takes
  // thinRows' place (done with): a page's worth of fresh memory costs its page faults again.
  const thinColumns = thinAcross(dark, width, height, maxThickness, thinRows.fill(0));
  // Where a row line crosses a column line, the column's ink there is the row line's, thick across
  // and so taken out: a gap of the row line's thickness, bridged. On a stepped page the row line's
  // steps widen it past the gap bridged: its rows are put back as the column's.
  if (opts.stepped) for (const c of rowLines) for (let x = c.x0; x < c.x1; x++) thinColumns.fill(1, x * height + c.y0, x * height + c.y1);
  const vertical = lineComponents(thinColumns, height, width, minLength, maxThickness, opts.stepped)
    .filter((c) => drawnAsLine(thinColumns, height, c) && clearSides(dark, width, 1, width, c) >= CLEAR_SIDES)
    .map((c) => scaled({ x0: c.y0, y0: c.x0, x1: c.y1, y1: c.x1, dark: c.dark }));
  return { rulings: [...horizontal, ...vertical], binarised: { dark, width, height, k } };
}

/**
 * The ink of `dark` (rows of `width`) that lies in runs down its columns at most `maxThickness`
 * long (rows of `width`, as `dark`): the pixels that may be part of a line running along the rows.
 * Swept row by row, each column's run followed in `runStart`, so the page is read in its own order.
 */
function thinDown(dark: Uint8Array, width: number, height: number, maxThickness: number): Uint8Array {
  const out = new Uint8Array(width * height);
  // The row where each column's current run of ink began, -1 where the column is on paper.
  const runStart = new Int32Array(width).fill(-1);
  const close = (x: number, end: number) => {
    const start = runStart[x]!;
    if (end - start <= maxThickness) for (let y = start; y < end; y++) out[y * width + x] = 1;
    runStart[x] = -1;
  };
  // Four columns on paper in this row and the one above have no run to follow or close (width is a multiple of four).
  const words = darkWords(dark);
  const perRow = width >> 2;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (words && (x & 3) === 0 && words[(row + x) >> 2] === 0 && (y === 0 || words[((row + x) >> 2) - perRow] === 0)) {
        x += 3;
        continue;
      }
      if (dark[row + x]) {
        if (runStart[x]! < 0) runStart[x] = y;
      } else if (runStart[x]! >= 0) close(x, y);
    }
  }
  for (let x = 0; x < width; x++) if (runStart[x]! >= 0) close(x, height);
  return out;
}

/**
 * The ink of `dark` (rows of `width`) that lies in runs along its rows at most `maxThickness` long,
 * transposed (rows of `height`) into `out` (all paper, as large as `dark`): the pixels that may be part of a line running across those rows.
 */
function thinAcross(dark: Uint8Array, width: number, height: number, maxThickness: number, out: Uint8Array): Uint8Array {
  const words = darkWords(dark);
  for (let y = 0; y < height; y++) {
    forEachDarkRun(dark, y * width, width, (start, end) => {
      if (end - start <= maxThickness) for (let i = start; i < end; i++) out[i * height + y] = 1;
    }, words);
  }
  return out;
}

/**
 * Of the positions along a line (a component of runs along the rows of `dark`), the share with paper
 * just beyond both of its edges. A drawn line stands clear of what is around it but where other lines
 * cross it; strokes that only look like a line are hemmed in: a column of "$" signs (their bars stacked
 * row over row: the S of each touches its bar) or the horizontal strokes of bold letters run together.
 * `c` is in the page's coordinates for a horizontal line (`along` 1, `across` the row's width) and
 * transposed for a vertical one (`along` the row's width, `across` 1); `acrossLimit` the page's extent across.
 */
function clearSides(dark: Uint8Array, along: number, across: number, acrossLimit: number, c: Component): number {
  const above = c.y0 - 2;
  const below = c.y1 + 1;
  if (above < 0 || below >= acrossLimit) return 1;
  let clear = 0;
  for (let x = c.x0; x < c.x1; x++) if (!dark[above * across + x * along] && !dark[below * across + x * along]) clear++;
  return clear / Math.max(1, c.x1 - c.x0);
}

/**
 * Whether a component of runs (rows of `width`) is drawn as a line: ink along 90% or more of it (a
 * rule is ink all along but where a line crosses it, or the scanner dropped a pixel), or dashes of
 * one length at one spacing, most of them (a dashed rule). The feet of a row of digits set close ("2012" on its
 * baseline) join into a run with gaps of every width at the round letters.
 */
function drawnAsLine(dark: Uint8Array, width: number, c: Component): boolean {
  const pieces: Array<[number, number]> = [];
  for (let x = c.x0; x < c.x1; x++) {
    let inked = false;
    for (let y = c.y0; y < c.y1 && !inked; y++) inked = dark[y * width + x] === 1;
    const last = pieces[pieces.length - 1];
    if (!inked) continue;
    if (last && last[1] === x) last[1] = x + 1;
    else pieces.push([x, x + 1]);
  }
  const inked = pieces.reduce((n, [a, b]) => n + b - a, 0);
  if (inked >= MIN_COVERAGE * (c.x1 - c.x0)) return true;
  // Dashes: most pieces of one length, most gaps of one width (a crossing line cuts a dash short).
  if (pieces.length < 6) return false;
  const regular = (values: number[]) => {
    const middle = [...values].sort((a, b) => a - b)[values.length >> 1]!;
    return values.filter((v) => Math.abs(v - middle) <= 1).length >= 0.8 * values.length;
  };
  return regular(pieces.map(([a, b]) => b - a)) && regular(pieces.slice(1).map(([a], i) => a - pieces[i]![1]));
}

/**
 * Components of long dark runs along rows (runs of adjacent rows that overlap join), kept when long
 * and thin. `stepped` (a page levelled by the nearest pixels: its lines step between two rows every
 * few dozen pixels, a run in either row alone shorter than a line's): a run is followed in a row and
 * the one under it together, and a line's box is then its own rows, those where it has ink along a
 * quarter of its length or more (text standing on the row above a rule is not part of its box).
 * Not on other pages: paired rows join the horizontal strokes of a row of text into runs as long as
 * a short rule's.
 */
function lineComponents(dark: Uint8Array, width: number, height: number, minLength: number, maxThickness: number, stepped = false): Component[] {
  const minRun = Math.max(MIN_RUN, Math.round(minLength / 2));
  // A light gap this short inside a dark run is a scanner dropout or the crossing of a perpendicular
  // line (taken out as thick across), not the end of the line.
  const maxGap = 4;
  const parent: number[] = [];
  const comps: Component[] = [];
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  let previous: Array<{ x0: number; x1: number; id: number }> = [];
  const words = darkWords(dark);
  const perRow = width >> 2;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // The row under it, where rows are paired and there is one (else the row is paired with itself).
    const under = stepped && y + 1 < height ? width : 0;
    const inked = (i: number) => dark[i]! | dark[i + under]!;
    const runs: Array<{ x0: number; x1: number; id: number }> = [];
    let x = 0;
    while (x < width) {
      if (!inked(row + x)) {
        // Four pixels of paper at a time where they are (most of a page's thin ink is no line).
        const i = row + x;
        x += words && (i & 3) === 0 && (width & 3) === 0 && x + 4 <= width && words[i >> 2] === 0 && words[(i >> 2) + (under ? perRow : 0)] === 0 ? 4 : 1;
        continue;
      }
      const start = x;
      let end = x;
      let count = 0;
      while (x < width) {
        if (inked(row + x)) {
          end = x;
          count++;
          x++;
        } else if (x - end <= maxGap) x++;
        else break;
      }
      // Only long runs make lines (an opening with a long structuring element): text touching a
      // line cannot join it. Half the line length still follows a line a couple of degrees off level.
      if (end - start + 1 < minRun) continue;
      let id = -1;
      for (const p of previous) {
        if (p.x1 < start || p.x0 > end) continue;
        const root = find(p.id);
        if (id < 0) id = root;
        else if (root !== id) {
          parent[root] = id;
          const a = comps[id]!;
          const b = comps[root]!;
          comps[id] = { x0: Math.min(a.x0, b.x0), x1: Math.max(a.x1, b.x1), y0: Math.min(a.y0, b.y0), y1: Math.max(a.y1, b.y1), dark: a.dark + b.dark };
        }
      }
      if (id < 0) {
        id = comps.length;
        parent.push(id);
        comps.push({ x0: start, x1: end + 1, y0: y, y1: y + 1, dark: count });
      } else {
        const c = comps[id]!;
        comps[id] = { x0: Math.min(c.x0, start), x1: Math.max(c.x1, end + 1), y0: c.y0, y1: y + 1, dark: c.dark + count };
      }
      runs.push({ x0: start, x1: end, id });
    }
    previous = runs;
  }
  const lines = comps.filter((c, i) => find(i) === i && c.x1 - c.x0 >= minLength);
  if (!stepped) return lines.filter((c) => c.dark / (c.x1 - c.x0) <= maxThickness);
  return lines.flatMap((c) => {
    const own = ownRows(dark, width, height, c);
    return own && own.dark / (own.x1 - own.x0) <= maxThickness ? [own] : [];
  });
}

/**
 * A component of paired rows (lineComponents) on its own rows: from the first to the last row (of
 * its box and the row under it) with ink along a quarter of its length or more, its ink counted
 * there. None where no row has as much.
 */
function ownRows(dark: Uint8Array, width: number, height: number, c: Component): Component | undefined {
  const length = c.x1 - c.x0;
  let y0 = -1;
  let y1 = -1;
  let inked = 0;
  for (let y = c.y0; y < Math.min(height, c.y1 + 1); y++) {
    let n = 0;
    for (let i = y * width + c.x0, end = y * width + c.x1; i < end; i++) n += dark[i]!;
    if (n < length / 4) continue;
    if (y0 < 0) y0 = y;
    y1 = y + 1;
    inked += n;
  }
  return y0 < 0 ? undefined : { x0: c.x0, x1: c.x1, y0, y1, dark: inked };
}

/**
 * The page with its lines painted over in the paper's colour (a copy; `pad` pixels around each), so
 * that the OCR engine reads the text between them: tesseract reads table rules as "|", "_" or "[" and
 * runs words on across cell borders.
 */
export function eraseRulings(image: RawImage, rulings: readonly Ruling[], pad = 2, threshold?: number): RawImage {
  const copy = { ...image, data: new Uint8Array(image.data) };
  paintOver(copy, rulings, pad, threshold);
  return copy;
}

/** eraseRulings in place. */
function paintOver(image: RawImage, rulings: readonly Ruling[], pad: number, threshold: number | undefined): void {
  const { width, height, channels, data } = image;
  // Each pixel of a line takes the lighter of the two pixels just beyond it across the line: paper on
  // paper, a shaded row's tint inside a shaded row (painting white there would cut the shading into
  // bands, and tesseract reads nothing of a row striped so).
  for (const r of rulings) {
    // Across a horizontal line the two neighbours are the pixels above and below its column; across
    // a vertical one, left and right of its row: one choice per position along the line.
    const horizontal = r.x1 - r.x0 >= r.y1 - r.y0;
    const alongLimit = horizontal ? width : height;
    const acrossLimit = horizontal ? height : width;
    // Pixel index of (along, across): p * alongStep + q * acrossStep.
    const alongStep = horizontal ? 1 : width;
    const acrossStep = horizontal ? width : 1;
    // The brightness of pixel `i` (its index, not its byte's).
    const lightness = (i: number) => (channels === 1 ? data[i]! : (data[i * channels]! + data[i * channels + 1]! + data[i * channels + 2]!) / 3);
    const box0 = Math.max(0, Math.floor(horizontal ? r.y0 : r.x0));
    const box1 = Math.min(acrossLimit, Math.ceil(horizontal ? r.y1 : r.x1));
    const lineStart = Math.floor(horizontal ? r.x0 : r.y0);
    const lineEnd = Math.ceil(horizontal ? r.x1 : r.y1);
    // A line drawn a little askew (a sheet crooked on the glass) has a box as tall as its slope: only
    // its own course through the box is painted, or the ink beside it goes too (the feet and tops of a
    // row's letters: "1OTAL" for "TOTAL" at a sixth of a degree).
    const course = threshold !== undefined && box1 - box0 > SLANT_BAND ? slantedCourse(lightness, threshold, alongStep, acrossStep, lineStart, lineEnd, box0, box1) : undefined;
    // Past each end by the line's thickness too: where two lines of a frame meet, the corner's outer
    // square is neither's ink as found, and left alone it is a speck read as `-` or `_`.
    const thick = course ? course.thickness : box1 - box0;
    const along0 = Math.max(0, lineStart - pad - thick);
    const along1 = Math.min(alongLimit, lineEnd + pad + thick);
    for (let p = along0; p < along1; p++) {
      const base = p * alongStep;
      let core0 = box0;
      let core1 = box1;
      if (course) {
        const centre = course.at(Math.min(lineEnd, Math.max(lineStart, p)));
        core0 = Math.max(box0, Math.floor(centre - course.thickness / 2));
        core1 = Math.min(box1, Math.max(core0 + 1, Math.ceil(centre + course.thickness / 2)));
      }
      let q0 = Math.max(0, core0 - pad);
      let q1 = Math.min(acrossLimit, core1 + pad);
      if (threshold !== undefined) {
        // With the ink threshold known, only the line's own ink (and a pixel of its grey edge) is
        // painted: the foot of a digit a few pixels above a row's rule stays ("2012", not "2n19").
        q0 = core0;
        while (q0 > Math.max(0, core0 - pad) && lightness(base + (q0 - 1) * acrossStep) <= threshold) q0--;
        q1 = core1;
        while (q1 < Math.min(acrossLimit, core1 + pad) && lightness(base + q1 * acrossStep) <= threshold) q1++;
        q0 = Math.max(0, q0 - 1);
        q1 = Math.min(acrossLimit, q1 + 1);
      }
      const a = base + Math.max(0, q0 - 1) * acrossStep;
      const b = base + Math.min(acrossLimit - 1, q1) * acrossStep;
      const from = lightness(a) >= lightness(b) ? a : b;
      if (channels === 1) {
        const v = data[from]!;
        for (let q = q0, to = base + q0 * acrossStep; q < q1; q++, to += acrossStep) data[to] = v;
        continue;
      }
      for (let q = q0; q < q1; q++) {
        const to = (base + q * acrossStep) * channels;
        for (let c = 0; c < channels; c++) data[to + c] = data[from * channels + c]!;
      }
    }
  }
}

/** A line's box this many pixels across or more may hold a line drawn askew (slantedCourse); a level rule is 1-4 pixels thick. */
const SLANT_BAND = 4;
/** The share of a line's length at each end where its course is sampled. */
const END_SHARE = 0.1;

/**
 * Where a line drawn askew runs through its box: its centre across at each position along, from
 * the ink it crosses near each end (the median centre and length of the dark runs across the box,
 * sampled over the first and last tenth of its length: a glyph's stroke in the box now and then
 * does not move a median), and its thickness. None where both ends lie at one height (a thick rule,
 * or one whose box grew by a speck): the box is the line.
 */
function slantedCourse(
  lightness: (i: number) => number,
  threshold: number,
  alongStep: number,
  acrossStep: number,
  start: number,
  end: number,
  box0: number,
  box1: number,
): { at: (p: number) => number; thickness: number } | undefined {
  const length = end - start;
  if (length < 20) return undefined;
  const reach = Math.max(3, Math.round(END_SHARE * length));
  const sample = (from: number, to: number) => {
    const centres: number[] = [];
    const lengths: number[] = [];
    const step = Math.max(1, Math.floor((to - from) / 24));
    for (let p = from; p < to; p += step) {
      const base = p * alongStep;
      for (let q = box0; q < box1; q++) {
        if (lightness(base + q * acrossStep) > threshold) continue;
        const first = q;
        while (q < box1 && lightness(base + q * acrossStep) <= threshold) q++;
        centres.push((first + q) / 2);
        lengths.push(q - first);
      }
    }
    const middle = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
    return centres.length ? { centre: middle(centres), thickness: middle(lengths), at: (from + to) / 2 } : undefined;
  };
  const head = sample(start, start + reach);
  const tail = sample(end - reach, end);
  if (!head || !tail || Math.abs(tail.centre - head.centre) < 1.5) return undefined;
  const slope = (tail.centre - head.centre) / (tail.at - head.at);
  return { at: (p) => head.centre + (p - head.at) * slope, thickness: Math.max(head.thickness, tail.thickness) + 1 };
}

/** Boxes on a page of `width` x `height` as they lie once the page is turned clockwise by `degrees` (rotateRaw's turn). */
export function turnBoxes(boxes: readonly Ruling[], degrees: 0 | 90 | 180 | 270, width: number, height: number): Ruling[] {
  return boxes.map((b) => {
    if (degrees === 90) return { x0: height - b.y1, y0: b.x0, x1: height - b.y0, y1: b.x1 };
    if (degrees === 180) return { x0: width - b.x1, y0: height - b.y1, x1: width - b.x0, y1: height - b.y0 };
    if (degrees === 270) return { x0: b.y0, y0: width - b.x1, x1: b.y1, y1: width - b.x0 };
    return { ...b };
  });
}

/**
 * The lines drawn on a page and, when some of them draw a grid (two row lines and two column lines
 * or more, touching) or lead labels to figures (dot leaders, findLeaders), the page without them:
 * what the OCR engine should read. Rules that draw no grid (underlines, a letterhead's line, a
 * report's horizontal rules) stay on the page. `inPlace`: the lines are painted over in `pixels`
 * itself (a caller that has no more use for the page as it was saves a copy of it, 8 MB at 300 DPI).
 * `stepped`: the page was levelled by the nearest pixels, its lines stepping between two rows (lineComponents).
 */
export function takeLinesOff(pixels: RawImage, opts: { inPlace?: boolean; stepped?: boolean } = {}): LinesTakenOff {
  const gray: GrayImage = pixels.channels === 1 ? pixels : { width: pixels.width, height: pixels.height, data: grayOf(pixels) };
  const { rulings, threshold, binarised } = rulingsAndInk(gray, { stepped: opts.stepped === true });
  if (threshold === undefined || !binarised) return { rulings };
  const grids = gridLines(rulings, Math.max(3, 0.004 * Math.max(pixels.width, pixels.height)));
  // Dot leaders go too: tesseract reads them as letters and misreads the label beside them.
  const leaders = findLeaders(binarised.dark, binarised.width, binarised.height, binarised.k);
  if (!grids.length && !leaders.length) return { rulings };
  const erased = opts.inPlace ? pixels : { ...pixels, data: new Uint8Array(pixels.data) };
  paintOver(erased, grids, 2, threshold);
  paintOver(erased, leaders, 1, threshold);
  if (!grids.length) return { rulings, erased };
  const frame = {
    x0: Math.min(...grids.map((r) => r.x0)),
    y0: Math.min(...grids.map((r) => r.y0)),
    x1: Math.max(...grids.map((r) => r.x1)),
    y1: Math.max(...grids.map((r) => r.y1)),
  };
  return { rulings, erased: withoutShading(erased, gray.data, threshold, frame), gridErased: true };
}

export interface LinesTakenOff {
  /** Every line found on the page. */
  rulings: Ruling[];
  /** The page without its grids' lines and dot leaders, where it had any. */
  erased?: RawImage;
  /** A ruled grid was painted over: the page is to be read without the engine's own table finding (RecognizeOptions.findTables). */
  gridErased?: boolean;
}

/**
 * The page with every pixel of the tables' frame (`frame`) lighter than the ink threshold (inkThreshold,
 * taken with the lines still on the page) made paper. Tables shade rows and headers; with their lines gone, tesseract's own threshold
 * falls below such a tint and reads a shaded row as a black bar (nothing of it is read). In place.
 */
function withoutShading(image: RawImage, gray: Uint8Array, threshold: number, frame: Ruling): RawImage {
  const { width, channels, data } = image;
  const fx0 = Math.max(0, Math.floor(frame.x0));
  const fx1 = Math.min(width, Math.ceil(frame.x1));
  for (let y = Math.max(0, Math.floor(frame.y0)); y < Math.min(image.height, Math.ceil(frame.y1)); y++) {
    if (channels === 1) {
      for (let i = y * width + fx0, end = y * width + fx1; i < end; i++) if (data[i]! > threshold) data[i] = 255;
      continue;
    }
    for (let x = fx0, i = y * width + x; x < fx1; x++, i++) {
      // The lighter of the original's luma and the erased pixel's (an erased line took its neighbours' shade).
      // Whole levels, as grayOf keeps them and the threshold counts them: ink at the threshold is ink.
      const v = Math.max(gray[i]!, Math.floor((299 * data[i * 3]! + 587 * data[i * 3 + 1]! + 114 * data[i * 3 + 2]!) / 1000));
      if (v <= threshold) continue;
      for (let c = 0, o = i * channels; c < channels; c++) data[o + c] = 255;
    }
  }
  return image;
}

/** The rulings that belong to a group of touching lines with at least two of each direction. */
function gridLines(rulings: readonly Ruling[], tol: number): Ruling[] {
  const isHorizontal = (r: Ruling) => r.x1 - r.x0 >= r.y1 - r.y0;
  return touchingGroups(rulings, tol)
    .filter((g) => g.filter(isHorizontal).length >= 2 && g.filter((r) => !isHorizontal(r)).length >= 2)
    .flat();
}

/** Luma of RGB pixels (BT.601). */
function grayOf(rgb: RawImage): Uint8Array {
  const out = new Uint8Array(rgb.width * rgb.height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = (299 * rgb.data[j]! + 587 * rgb.data[j + 1]! + 114 * rgb.data[j + 2]!) / 1000;
  return out;
}
