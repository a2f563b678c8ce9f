import { deflateSync } from 'node:zlib';
import type { OcrPageResult, PackedLine } from '@docsvc/schemas';
import { apply, type LayerPlacement } from './pdf-geometry.js';

/**
 * The invisible text layer of a searchable PDF, as tesseract's PDF renderer writes it: every word in
 * render mode 3 (neither filled nor stroked) in a font with one blank glyph ("GlyphLessFont", Type0,
 * Identity-H: a character code is a UTF-16 code unit, and the ToUnicode map sends it back to itself),
 * sized to the word's box height and stretched (Tz) to its width, so that selecting or searching the
 * page finds each word where it is printed. Coordinates: the page image's pixels mapped onto the page
 * in points (y up from the bottom).
 */

/** Advance of the font's one glyph, in thousandths of the font size. */
const GLYPH_WIDTH = 500;
/** The font's ascent and descent (thousandths): the glyphs' box reaches 0.8 of the size above the baseline, 0.2 below. */
const ASCENT = 800;
const DESCENT = -200;

/** The widest gap after a word left as a gap (a share of the font size; between ink boxes a normal space is 0.3-0.5): the rest is taken into the word. */
const SPACE = 0.6;
/** Positions and sizes in page pixels: a tenth of a pixel is finer than any box. */
const num = (n: number) => (Math.round(n * 10) / 10).toString();
/** The font's resource name on every page (short: it is written once a word). */
export const FONT_RESOURCE = 'G';
/** Matrix entries: a point's worth of error over a 2,000-pixel page needs more than two decimals. */
const fine = (n: number) => (Math.round(n * 1e6) / 1e6).toString();

/** UTF-16 code units as hex, the string a Type0 Identity-H font reads as 2-byte codes. */
function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

/**
 * A page's text-layer content stream. Words are written in the answer's pixels (y up from the
 * bottom) and the placement's matrix (pdf-geometry.ts) takes them onto the page: for a page turned by
 * OCR, or shown with /Rotate, the words turn with it; on a page OCR levelled, each word is moved back
 * to where it is printed.
 *
 * As tesseract's renderer does, the words of a line sit on the line's baseline in one font size (the
 * line's ascender height over the font's ascent), a space's width apart at most: a text extractor
 * (pdftotext) then reads the line as one line, where words each sized to their own box (a word with a descender
 * lower and taller than its neighbours) made it cut lines into pieces and misorder them.
 */
export function textLayerContent(page: OcrPageResult, placement: LayerPlacement, fontName = FONT_RESOURCE): string {
  const { matrix, recentre } = placement;
  const out: string[] = ['q', `${matrix.map(fine).join(' ')} cm`, 'BT', '3 Tr'];
  for (const section of page.sections) {
    for (const line of section.lines) {
      const words = line.words.filter(([text]) => text !== '');
      if (words.length === 0) continue;
      const baselineAt = lineBaseline(line);
      // The font's ascent reaches the tallest word's top: a line's capitals and ascenders.
      const size = Math.max(1, ...words.map(([, x0, y0, x1]) => (baselineAt((x0 + x1) / 2) - y0) / (ASCENT / 1000)));
      for (const [i, [text, x0, , x1]] of words.entries()) {
        // A gap wider than a space (justified prose) is mostly taken into the word, as tesseract's
        // renderer takes it all: pdftotext, seeing a wide gap, cut the line into columns. What is left is
        // a space's width, which extractors read as one (pdf.js and pdftotext alike; a space glyph would
        // be drawn into the word's selection by pdf.js). A word's right edge stays exact wherever the
        // space after it is a normal one.
        const next = words[i + 1];
        const gap = next ? next[1] - x1 : 0;
        const space = Math.min(gap, SPACE * size);
        const width = Math.max(0.01, x1 - x0 + (gap > space ? gap - space : 0));
        const natural = (text.length * GLYPH_WIDTH * size) / 1000;
        let x = x0;
        let baseline = page.height - baselineAt((x0 + x1) / 2);
        if (recentre) {
          const cx = (x0 + x1) / 2;
          const [px, py] = apply(recentre, cx, baseline);
          x += px - cx;
          baseline = py;
        }
        out.push(`/${fontName} ${num(size)} Tf ${num((100 * width) / natural)} Tz 1 0 0 1 ${num(x)} ${num(baseline)} Tm <${utf16Hex(text)}> Tj`);
      }
    }
  }
  out.push('ET', 'Q');
  return `${out.join('\n')}\n`;
}

/**
 * A line's baseline, y (pixels, down) at x: the engine's where it gave one, else the bottom most of
 * its words share (descenders are the fewer).
 */
function lineBaseline(line: PackedLine): (x: number) => number {
  if (line.baseline) {
    const [bx0, by0, bx1, by1] = line.baseline;
    const slope = bx1 === bx0 ? 0 : (by1 - by0) / (bx1 - bx0);
    return (x) => by0 + slope * (x - bx0);
  }
  const bottoms = line.words.map((w) => w[4]).sort((a, b) => a - b);
  const y = bottoms[Math.floor((bottoms.length - 1) / 2)]!;
  return () => y;
}

/** The font's objects, in PDF syntax, given the object numbers they are to have. */
export function glyphLessFontObjects(ids: { type0: number; cid: number; descriptor: number; toUnicode: number }): Array<{ id: number; body: string | Buffer }> {
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    '1 beginbfrange',
    '<0000> <FFFF> <0000>',
    'endbfrange',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  return [
    {
      id: ids.type0,
      body: `<< /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H /DescendantFonts [${ids.cid} 0 R] /ToUnicode ${ids.toUnicode} 0 R >>`,
    },
    {
      id: ids.cid,
      body: `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${ids.descriptor} 0 R /DW ${GLYPH_WIDTH} /CIDToGIDMap /Identity >>`,
    },
    {
      id: ids.descriptor,
      body: `<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 ${DESCENT} ${GLYPH_WIDTH} ${ASCENT}] /ItalicAngle 0 /Ascent ${ASCENT} /Descent ${DESCENT} /CapHeight ${ASCENT} /StemV 80 >>`,
    },
    { id: ids.toUnicode, body: stream(toUnicode) },
  ];
}

/** A stream object's body, Flate-compressed. */
export function stream(content: string | Buffer, dict = ''): Buffer {
  const data = deflateSync(typeof content === 'string' ? Buffer.from(content, 'latin1') : content);
  return Buffer.concat([Buffer.from(`<< ${dict}/Filter /FlateDecode /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}
