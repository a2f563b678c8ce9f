import { inkThreshold, type Box, type GrayImage, type RawImage } from '@docsvc/image';

/**
 * Pixel work done here rather than in the engine, only on pages that need it: gray for fine_grained,
 * and straightening a skewed page. Pure functions of their inputs.
 */

/** Luminance, with Leptonica's own weights (pixConvertRGBToLuminance: 0.3 R, 0.5 G, 0.2 B). */
export function toGray(image: RawImage): GrayImage {
  if (image.channels === 1) return { width: image.width, height: image.height, data: image.data };
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const d = image.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = (0.3 * d[j]! + 0.5 * d[j + 1]! + 0.2 * d[j + 2]! + 0.5) | 0;
  return { width: image.width, height: image.height, data: out };
}

/** straighten's nearest-pixel turn, the source stepped along each row (no products or rounding calls a pixel). */
function sampledTurn(image: RawImage, out: Uint8Array, cos: number, sin: number, paper: number[]): RawImage {
  const { width: w, height: h, channels: c, data } = image;
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  for (let y = 0, o = 0; y < h; y++) {
    const dy = y - cy;
    // Where this row's first pixel comes from (the inverse turn), plus a half for rounding by truncation.
    let sx = -cos * cx + sin * dy + cx + 0.5;
    let sy = sin * cx + cos * dy + cy + 0.5;
    // A gray page's pixel is one byte: its loop apart, without the channels' (a fifth of the time).
    if (c === 1) {
      for (let x = 0; x < w; x++, o++, sx += cos, sy -= sin) out[o] = sx < 0.5 || sy < 0.5 || sx > w - 0.5 || sy > h - 0.5 ? paper[0]! : data[(sy | 0) * w + (sx | 0)]!;
      continue;
    }
    for (let x = 0; x < w; x++, o += c, sx += cos, sy -= sin) {
      const inside = !(sx < 0.5 || sy < 0.5 || sx > w - 0.5 || sy > h - 0.5);
      const from = ((sy | 0) * w + (sx | 0)) * c;
      for (let k = 0; k < c; k++) out[o + k] = inside ? data[from + k]! : paper[k]!;
    }
  }
  return { width: w, height: h, channels: c, data: out };
}

/** Skew (degrees) from which a page is levelled before the lines drawn on it are looked for (levelledForLines). */
const LINES_LEVEL_FROM = 0.3;
/** The least gain in sharpness (measureSkew) that says a page's lines run across at the angle found. */
const LINES_LEVEL_GAIN = 1.1;
/** The widest skew levelled for lines: a sheet crooked on the glass, not a page photographed askew. */
const LINES_LEVEL_MAX = 5;

/**
 * The page levelled where it lies askew by LINES_LEVEL_FROM degrees or more (and less than
 * LINES_LEVEL_MAX), and by how much (`skew`, as readPage reports it; 0 where it was left as it is):
 * the lines drawn on a page are followed along its rows and columns, and from about half a degree a
 * ruled grid's lines are no longer found whole (a 300-DPI row line then falls 22 px over a page's
 * width). Left as it is where the angle found does not sharpen the ink's rows clearly (a page lying
 * sideways with few lines, a picture).
 */
export function levelledForLines(image: RawImage): { image: RawImage; skew: number } {
  // The coarse search over a quarter of the ink samples: a page has tens of thousands (13 -> 6 ms a page).
  const { degrees, gain } = measureSkew(toGray(image), LINES_LEVEL_MAX, { coarseEvery: 4 });
  if (Math.abs(degrees) < LINES_LEVEL_FROM || Math.abs(degrees) >= LINES_LEVEL_MAX || gain < LINES_LEVEL_GAIN) return { image, skew: 0 };
  // Sampled, not interpolated: interpolation spreads a thin rule over two rows of gray lighter than
  // the ink threshold (its grid was no longer found) and blurs small print (a levelled frx page read
  // in 5.3 s, against 1.5 s as it lay).
  return { image: straighten(image, -degrees, { sampled: true }), skew: -degrees };
}

/** The gray level most of the page has (its paper), from a coarse histogram of every 16th pixel. */
function paperLevel(image: RawImage): number[] {
  const { channels: c, data } = image;
  const levels: number[] = [];
  for (let k = 0; k < c; k++) {
    const histogram = new Uint32Array(256);
    for (let i = k; i < data.length; i += 16 * c) histogram[data[i]!]! += 1;
    let best = 255;
    for (let v = 0; v < 256; v++) if (histogram[v]! > histogram[best]!) best = v;
    levels.push(best);
  }
  return levels;
}

/**
 * The page turned by `degrees` (clockwise positive) about its centre, keeping its size: bilinear
 * interpolation (`sampled`: the nearest pixel), the corners that come in filled with the page's own
 * paper colour (so that they add no edges). Used for skew of a few degrees only; quarter turns are
 * exact (rotateRaw).
 */
export function straighten(image: RawImage, degrees: number, opts: { sampled?: boolean } = {}): RawImage {
  const { width: w, height: h, channels: c, data } = image;
  const out = new Uint8Array(data.length);
  const paper = paperLevel(image);
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  // The nearest pixel, as it is: a rule one pixel thick stays one pixel of ink, in steps.
  if (opts.sampled) return sampledTurn(image, out, cos, sin, paper);
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      // Where this output pixel comes from: the inverse turn.
      const sx = cos * dx + sin * dy + cx;
      const sy = -sin * dx + cos * dy + cy;
      const o = (y * w + x) * c;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) {
        for (let k = 0; k < c; k++) out[o + k] = paper[k]!;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      // On the last column or row the neighbour is the pixel itself (its weight is 0 there anyway).
      const a = (y0 * w + x0) * c;
      const b = x0 < w - 1 ? a + c : a;
      const d = y0 < h - 1 ? a + w * c : a;
      const e = x0 < w - 1 ? d + c : d;
      for (let k = 0; k < c; k++) {
        const top = data[a + k]! + (data[b + k]! - data[a + k]!) * fx;
        const bottom = data[d + k]! + (data[e + k]! - data[d + k]!) * fx;
        out[o + k] = (top + (bottom - top) * fy + 0.5) | 0;
      }
    }
  }
  return { width: w, height: h, channels: c, data: out };
}

/** A page reduced by sampling every `step`-th pixel, as dark (ink) or not by its ink threshold. */
interface InkSample {
  width: number;
  height: number;
  step: number;
  /** 1 where the sampled pixel is ink. */
  ink: Uint8Array;
  count: number;
}

function sampleInk(gray: GrayImage, step: number): InkSample {
  const width = Math.floor(gray.width / step);
  const height = Math.floor(gray.height / step);
  const values = new Uint8Array(width * height);
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = gray.data[y * step * gray.width + x * step]!;
      values[y * width + x] = v;
      histogram[v]! += 1;
    }
  }
  const threshold = inkThreshold(histogram) ?? -1;
  const ink = new Uint8Array(width * height);
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! <= threshold) {
      ink[i] = 1;
      count += 1;
    }
  }
  return { width, height, step, ink, count };
}

/** Pixels sampled for skew and coverage: about 640 across a letter page at 300 DPI. */
const sampleStep = (gray: GrayImage): number => Math.max(1, Math.round(Math.max(gray.width, gray.height) / 800));

/** What the ink of a page says next to what the engine read on it. */
export interface InkReport {
  /** Share of the sampled pixels that are ink: about 0 on a blank page. */
  inkShare: number;
  /** Share of the ink outside every word box the engine gave: text it did not read (or pictures). */
  unread: number;
}

/**
 * How much of the page's ink lies outside the words the engine found (boxes grown by a quarter of
 * their height, for the ink of accents and descenders): a page read completely leaves little.
 */
export function inkReport(gray: GrayImage, words: readonly Box[]): InkReport {
  const s = sampleInk(gray, sampleStep(gray));
  if (s.count === 0) return { inkShare: 0, unread: 0 };
  const covered = new Uint8Array(s.ink.length);
  for (const box of words) {
    const pad = (box.y1 - box.y0) / 4;
    const x0 = Math.max(0, Math.floor((box.x0 - pad) / s.step));
    const x1 = Math.min(s.width, Math.ceil((box.x1 + pad) / s.step));
    const y0 = Math.max(0, Math.floor((box.y0 - pad) / s.step));
    const y1 = Math.min(s.height, Math.ceil((box.y1 + pad) / s.step));
    for (let y = y0; y < y1; y++) covered.fill(1, y * s.width + x0, y * s.width + x1);
  }
  let outside = 0;
  for (let i = 0; i < s.ink.length; i++) if (s.ink[i] && !covered[i]) outside += 1;
  return { inkShare: s.count / s.ink.length, unread: outside / s.count };
}

/**
 * The skew of a page's text lines in degrees (positive: lines descend to the right, the page is
 * turned clockwise), by projection profiles: the angle at which the ink's rows are sharpest. Searches
 * +-`maxDegrees` in quarter degrees, then refines to a twentieth. About 10-30 ms on a letter page.
 */
export function estimateSkew(gray: GrayImage, maxDegrees = 8): number {
  return measureSkew(gray, maxDegrees).degrees;
}

/**
 * estimateSkew, and how much sharper the ink's rows are at that angle than level (`gain`, 1 where
 * nothing is gained): a page whose lines run across shows a clear gain; one whose lines run down
 * (a page lying sideways) or that has few lines shows little, whatever angle wins.
 */
export function measureSkew(gray: GrayImage, maxDegrees = 8, opts: { coarseEvery?: number } = {}): { degrees: number; gain: number } {
  const s = sampleInk(gray, sampleStep(gray));
  const xs = new Float64Array(s.count);
  const ys = new Float64Array(s.count);
  let n = 0;
  for (let y = 0; y < s.height; y++) {
    for (let x = 0; x < s.width; x++) {
      if (s.ink[y * s.width + x]) {
        xs[n] = x;
        ys[n] = y;
        n += 1;
      }
    }
  }
  if (n < 50) return { degrees: 0, gain: 1 };
  const span = Math.ceil(s.width * Math.tan((maxDegrees * Math.PI) / 180)) + 2;
  const rows = new Float64Array(s.height + 2 * span);
  // `every`: one ink sample in so many counted (the coarse search: `coarseEvery`); the rows' sharpness scales alike.
  let every = 1;
  const sharpness = (degrees: number): number => {
    rows.fill(0);
    const t = Math.tan((degrees * Math.PI) / 180);
    for (let i = 0; i < n; i += every) rows[Math.round(ys[i]! - xs[i]! * t) + span]! += 1;
    let sum = 0;
    for (let i = 0; i < rows.length; i++) sum += rows[i]! * rows[i]!;
    return sum;
  };
  let bestScore = -1;
  const search = (from: number, to: number, step: number): number => {
    let best = 0;
    bestScore = -1;
    for (let a = from; a <= to + 1e-9; a += step) {
      const score = sharpness(a);
      if (score > bestScore) {
        bestScore = score;
        best = a;
      }
    }
    return best;
  };
  every = Math.max(1, opts.coarseEvery ?? 1);
  const coarse = search(-maxDegrees, maxDegrees, 0.25);
  every = 1;
  const degrees = Math.round(search(coarse - 0.25, coarse + 0.25, 0.05) * 100) / 100;
  return { degrees, gain: bestScore / Math.max(1, sharpness(0)) };
}
