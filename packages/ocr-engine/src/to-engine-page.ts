import type { EngineBlock, EngineLine, EngineParagraph, EngineWord } from './types.js';
import type { Box } from '@docsvc/image';
import { joinWords } from '@docsvc/schemas';

/**
 * tesseract.js's `blocks` output (from the core's GetJSONText): what we read of it. Every field is
 * optional here because it is JSON from another project; missing parts are skipped, not trusted.
 */
export interface RawWord {
  text?: string;
  confidence?: number;
  bbox?: Box;
}
export interface RawLine {
  confidence?: number;
  bbox?: Box;
  baseline?: Box;
  words?: RawWord[];
}
export interface RawParagraph {
  bbox?: Box;
  lines?: RawLine[];
}
export interface RawBlock {
  bbox?: Box;
  paragraphs?: RawParagraph[];
}

const clamp = (value: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, value));

/** tesseract's 0..100 as 0..1 (anything odd counts as no confidence). */
export function toFraction(confidence: number | undefined): number {
  return typeof confidence === 'number' && Number.isFinite(confidence) ? clamp(confidence / 100, 0, 1) : 0;
}

function toBox(raw: Box | undefined, width: number, height: number): Box | null {
  if (!raw || ![raw.x0, raw.y0, raw.x1, raw.y1].every(Number.isFinite)) return null;
  const x0 = clamp(Math.round(raw.x0), 0, width);
  const y0 = clamp(Math.round(raw.y0), 0, height);
  return { x0, y0, x1: clamp(Math.round(raw.x1), x0, width), y1: clamp(Math.round(raw.y1), y0, height) };
}

/** Smallest box holding all of `boxes` (for a container tesseract gave no box). */
function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

function toWord(raw: RawWord, width: number, height: number): EngineWord | null {
  const text = (raw.text ?? '').trim();
  const bbox = toBox(raw.bbox, width, height);
  if (text === '' || !bbox) return null;
  return { text, confidence: toFraction(raw.confidence), bbox };
}

/** A figure, or a word of capitals without a descender: ink as tall as the type's cap height. */
const CAP_HIGH = /^(?:[0-9.%]*[0-9][0-9.%]*|[A-IK-PR-Z]{2,})$/;
/** A figure with a comma, whose tail hangs below the baseline: its ink about 1.18 cap heights (Helvetica, Times, DejaVu). */
const CAP_HIGH_WITH_COMMA = /^[0-9.,%]*[0-9][0-9.,%]*$/;
const COMMA_TAIL = 1.18;
const LONE_DASH = /^[-\u2010\u2011\u2012\u2013\u2014\u2212]$/;
/** What tesseract makes of dots alone (a table's `..` not available): a period, or quotes. */
const LONE_DOTS = /^[.\u00b7\u2018\u2019\u201c\u201d\u201e"']+$/;

const median = (values: number[]): number | undefined => values.sort((a, b) => a - b)[values.length >> 1];

/**
 * Marks alone in a table's cells written as their shape says. tesseract reads an en dash alone as
 * "-" and any dash as "-" or "—" at random, and two dots on the baseline (`..`, not available) as
 * ".", "-" or a quote mark `“`; a table's `–` and `..` must come back as such. Measured against the
 * figures and capitals on the mark's line (their cap height and top): a hyphen's ink is about a
 * third of the cap height, an en dash's three quarters, an em dash's one and a half; dots lie on the
 * baseline, a period's advance (about 0.39 cap heights) apart. Left as read where the line has
 * nothing to measure by.
 */
function marksByShape(words: EngineWord[], baseline?: Box): EngineWord[] {
  if (!words.some((w) => LONE_DASH.test(w.text) || LONE_DOTS.test(w.text))) return words;
  const plain = words.filter((w) => CAP_HIGH.test(w.text));
  const capHigh = plain.length ? plain : words.filter((w) => CAP_HIGH_WITH_COMMA.test(w.text));
  const capHeight = median(capHigh.map((w) => (w.bbox.y1 - w.bbox.y0) / (plain.length ? 1 : COMMA_TAIL)));
  if (!capHeight || capHigh.length === 0) return words;
  // The top of the figures nearest the mark: on a line a little askew, the far ones stand higher or lower.
  const topNear = (b: Box) => {
    const distance = (w: EngineWord) => Math.max(0, w.bbox.x0 - b.x1, b.x0 - w.bbox.x1);
    return median([...capHigh].sort((p, q) => distance(p) - distance(q)).slice(0, 3).map((w) => w.bbox.y0))!;
  };
  return words.map((w) => {
    const { x0, y0, x1, y1 } = w.bbox;
    if (!LONE_DASH.test(w.text) && !LONE_DOTS.test(w.text)) return w;
    // Dots: on the baseline (a dash stands above it, its foot about a third of a cap height up: its
    // top about 0.6 cap heights down from the figures') and no taller than a dot; as many as the
    // period's advance goes into their width. The line's own baseline where the engine gave one: it
    // follows a line a little askew, where the figures' tops beside the mark may stand a few pixels off.
    const onBaseline = baseline && baseline.x1 > baseline.x0
      ? Math.abs(y1 - (baseline.y0 + ((baseline.y1 - baseline.y0) * ((x0 + x1) / 2 - baseline.x0)) / (baseline.x1 - baseline.x0))) <= 0.15 * capHeight
      : y0 >= topNear(w.bbox) + 0.72 * capHeight;
    if (onBaseline && y1 - y0 <= 0.3 * capHeight) {
      const dots = Math.max(1, Math.round((x1 - x0 - (y1 - y0)) / (0.39 * capHeight)) + 1);
      return { ...w, text: '.'.repeat(dots) };
    }
    if (!LONE_DASH.test(w.text)) return w;
    const length = (x1 - x0) / capHeight;
    return { ...w, text: length < 0.46 ? '-' : length <= 1.05 ? '\u2013' : '\u2014' };
  });
}

function toLine(raw: RawLine, width: number, height: number): EngineLine | null {
  const b = raw.baseline;
  const baseline = b && [b.x0, b.y0, b.x1, b.y1].every(Number.isFinite) ? b : undefined;
  const words = marksByShape((raw.words ?? []).flatMap((w) => toWord(w, width, height) ?? []), baseline);
  if (words.length === 0) return null;
  const line: EngineLine = {
    // Rebuilt from the kept words: tesseract's own line text ends in '\n' and keeps dropped words.
    text: joinWords(words.map((w) => w.text)),
    confidence: toFraction(raw.confidence),
    bbox: toBox(raw.bbox, width, height) ?? union(words.map((w) => w.bbox)),
    words,
  };
  if (baseline) {
    line.baseline = { x0: clamp(baseline.x0, 0, width), y0: clamp(baseline.y0, 0, height), x1: clamp(baseline.x1, 0, width), y1: clamp(baseline.y1, 0, height) };
  }
  return line;
}

/**
 * EngineBlocks from tesseract's blocks, in tesseract's reading order: confidences as fractions,
 * boxes clamped into the page, whitespace-only words dropped and containers left empty removed
 * (image and separator blocks have no text and disappear here).
 */
export function toEngineBlocks(raw: readonly RawBlock[] | null | undefined, width: number, height: number): EngineBlock[] {
  const blocks: EngineBlock[] = [];
  for (const rawBlock of raw ?? []) {
    const paragraphs: EngineParagraph[] = [];
    for (const rawParagraph of rawBlock.paragraphs ?? []) {
      const lines = (rawParagraph.lines ?? []).flatMap((l) => toLine(l, width, height) ?? []);
      if (lines.length === 0) continue;
      paragraphs.push({ bbox: toBox(rawParagraph.bbox, width, height) ?? union(lines.map((l) => l.bbox)), lines });
    }
    if (paragraphs.length === 0) continue;
    blocks.push({ bbox: toBox(rawBlock.bbox, width, height) ?? union(paragraphs.map((p) => p.bbox)), paragraphs });
  }
  return blocks;
}
