import type { Box, GrayImage } from '@docsvc/image';

/**
 * Footnote marks set small and raised after a word or a figure (`Germany¹`, `2021¹`, `2023ᵖ`, as
 * statistical tables print them): tesseract reads such a mark as punctuation (`Germany!`, `France?`,
 * `2023°`), or drops it after a figure (`9.8`, its box still around the mark). A word ending in such
 * punctuation, or a figure, whose last glyph stands raised (its foot well above the baseline of the
 * word's other glyphs, its height about half a capital's) has that glyph cut out to be read again on
 * its own.
 */

/** What tesseract makes of a small raised digit or letter (at 200 DPI a 1 is read as `*` or `+` too; a real asterisk reads as one again). */
const READ_AS = /[!?'’"”°*+]$/u;
/** A figure: a raised mark after it is often dropped by tesseract (`9.8` for `9.8¹`, its box still around the mark). */
const FIGURE = /^[\d.,]*\d$/u;
/** The raised glyph's foot is at least this share of the word's cap height above its baseline. */
const RAISED = 0.3;
/** Its height, as a share of the cap height: a superscript digit's is about 0.6, an apostrophe's 0.3. */
const HEIGHT_MIN = 0.42;
const HEIGHT_MAX = 0.85;
/** The baseline is the lowest row of the rest of the word with this share of its fullest row's ink (a descender's rows have less). */
const BASELINE_SHARE = 0.2;

export interface RaisedMark {
  /** The mark's glyph, in the page's pixels. */
  box: Box;
  /** Whether the mark read takes the place of the word's last character (tesseract read it so) or goes after it (dropped). */
  put: 'replace' | 'append';
  /** What tesseract read for it, where it read punctuation: `°` is a degree sign as often as a mark. */
  readAs?: string;
}

/**
 * The raised glyph that ends `word` (tesseract's box and text), or undefined where its last glyph is
 * not one: a `?` or `!` of full height, an apostrophe, a word whose glyphs touch.
 */
export function raisedMarkOf(gray: GrayImage, threshold: number, word: { text: string; bbox: Box }): RaisedMark | undefined {
  const chars = [...word.text];
  const punctuation = READ_AS.test(word.text);
  if ((!punctuation && !FIGURE.test(word.text)) || chars.length < 2) return undefined;
  const x0 = Math.max(0, word.bbox.x0);
  const y0 = Math.max(0, word.bbox.y0);
  const x1 = Math.min(gray.width, word.bbox.x1);
  const y1 = Math.min(gray.height, word.bbox.y1);
  const width = x1 - x0;
  const height = y1 - y0;
  if (width < 4 || height < 6) return undefined;
  const columns = new Uint16Array(width);
  for (let y = y0; y < y1; y++) {
    const row = y * gray.width;
    for (let x = x0; x < x1; x++) if (gray.data[row + x]! <= threshold) columns[x - x0]! += 1;
  }
  // The last glyph: from the rightmost inked column left to the first column of paper.
  let end = width - 1;
  while (end >= 0 && columns[end] === 0) end--;
  let start = end;
  while (start > 0 && columns[start - 1]! > 0) start--;
  if (start <= 0 || end - start + 1 > height) return undefined;
  // The rest of the word: its ink's top, and its baseline (the lowest row well inked: not a descender's).
  const rows = new Uint16Array(height);
  for (let y = y0; y < y1; y++) {
    const row = y * gray.width;
    for (let x = x0; x < x0 + start; x++) if (gray.data[row + x]! <= threshold) rows[y - y0]! += 1;
  }
  const fullest = Math.max(...rows);
  if (fullest === 0) return undefined;
  const top = rows.findIndex((n) => n > 0);
  let baseline = height - 1;
  while (baseline > top && rows[baseline]! < BASELINE_SHARE * fullest) baseline--;
  const cap = baseline - top + 1;
  if (cap < 6) return undefined;
  // The glyph's own top and foot.
  let glyphTop = -1;
  let glyphFoot = -1;
  for (let y = y0; y < y1; y++) {
    const row = y * gray.width;
    for (let x = x0 + start; x <= x0 + end; x++) {
      if (gray.data[row + x]! > threshold) continue;
      if (glyphTop < 0) glyphTop = y - y0;
      glyphFoot = y - y0;
      break;
    }
  }
  const glyphHeight = glyphFoot - glyphTop + 1;
  if (glyphTop < 0 || baseline - glyphFoot < RAISED * cap || glyphHeight < HEIGHT_MIN * cap || glyphHeight > HEIGHT_MAX * cap) return undefined;
  let put: RaisedMark['put'] = 'replace';
  if (!punctuation) {
    // A figure's digits stand apart: as many of them as characters read before the mark means tesseract dropped it.
    let glyphs = 0;
    for (let x = 0; x < start; x++) if (columns[x]! > 0 && (x === 0 || columns[x - 1] === 0)) glyphs++;
    if (glyphs === chars.length) put = 'append';
    else if (glyphs !== chars.length - 1) return undefined;
  }
  const pad = 1;
  return {
    put,
    ...(punctuation ? { readAs: chars.at(-1)! } : {}), box: { x0: Math.max(0, x0 + start - pad), y0: Math.max(0, y0 + glyphTop - pad), x1: Math.min(gray.width, x0 + end + 1 + pad), y1: Math.min(gray.height, y0 + glyphFoot + 1 + pad) } };
}

/**
 * The word with the mark read alone in its place (its last character, as tesseract read it) or after
 * it (tesseract dropped it), where the mark reads as one or two letters or digits. A `°` read alone as
 * an o or a 0 is a degree sign, and stays; so is a ring dropped after a figure.
 */
export function withMarkRead(text: string, mark: RaisedMark, read: string, language = ''): string | undefined {
  // A lone stroke is a 1: footnotes are numbered, and no footnote is an l.
  const alone = read.trim().replace(/^[lI|]$/, '1');
  if (!/^[\p{L}\p{N}]{1,2}$/u.test(alone)) return undefined;
  const before = mark.put === 'append' ? text : [...text].slice(0, -1).join('');
  // A raised a or o after a number, in the languages that write ordinals so (`18ª Sesión`, `21º`), is the
  // ordinal indicator, as is a raised o after an N (`Acta Nº 2`, número).
  if (ORDINAL_LANGUAGES.test(language) && ((/^\d+$/.test(before) && /^[ao]$/.test(alone)) || (/^[Nn]$/.test(before) && alone === 'o'))) return before + (alone === 'a' ? 'ª' : 'º');
  if ((mark.readAs === '°' || mark.put === 'append') && /^[oO0]+$/.test(alone)) return undefined;
  return before + alone;
}

/** Languages (tesseract's codes) that print ordinals with a raised a or o. */
const ORDINAL_LANGUAGES = /\b(spa|por|ita|glg|cat)\b/;
