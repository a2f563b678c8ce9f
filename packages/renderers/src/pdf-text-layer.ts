import type { OcrPageResult } from '@docsvc/schemas';

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
/** The font's ascent and descent (thousandths): a word's box is its glyphs' box, baseline a fifth of its height above the bottom. */
const ASCENT = 800;
const DESCENT = -200;

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** UTF-16 code units as hex, the string a Type0 Identity-H font reads as 2-byte codes. */
function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

/** A page's text-layer content stream: `widthPt` x `heightPt` points over the page image's pixels. */
export function textLayerContent(page: OcrPageResult, widthPt: number, heightPt: number, fontName = 'GlyphLessFont'): string {
  const sx = widthPt / page.width;
  const sy = heightPt / page.height;
  const out: string[] = ['BT', '3 Tr'];
  for (const section of page.sections) {
    for (const line of section.lines) {
      for (const [text, x0, y0, x1, y1] of line.words) {
        if (!text) continue;
        const size = Math.max(1, (y1 - y0) * sy);
        const width = Math.max(0.01, (x1 - x0) * sx);
        const natural = (text.length * GLYPH_WIDTH * size) / 1000;
        // The font is as tall as the word's box, its baseline placed so that its glyphs' box (ascent to
        // descent) is the word's box: what a viewer highlights and a text extractor reports.
        const baseline = heightPt - y1 * sy + (-DESCENT / 1000) * size;
        out.push(`/${fontName} ${num(size)} Tf ${num((100 * width) / natural)} Tz 1 0 0 1 ${num(x0 * sx)} ${num(baseline)} Tm <${utf16Hex(text)}> Tj`);
      }
    }
  }
  out.push('ET');
  return `${out.join('\n')}\n`;
}

/** The font's objects, in PDF syntax, given the object numbers they are to have. */
export function glyphLessFontObjects(ids: { type0: number; cid: number; descriptor: number; toUnicode: number }): Array<{ id: number; body: string }> {
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

export function stream(content: string): string {
  return `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
}

/**
 * A PDF holding only the text layers (invisible) of `pages`, each page `sizes[i]` points (default: the
 * page image at 300 DPI). Written object by object: a chunk per page, the cross-reference table at
 * the end, never the whole file as one string.
 */
export function* textLayerPdf(pages: readonly OcrPageResult[], sizes?: ReadonlyArray<{ widthPt: number; heightPt: number }>): Generator<Buffer> {
  const offsets: number[] = [];
  let at = 0;
  const emit = (text: string): Buffer => {
    const chunk = Buffer.from(text, 'latin1');
    at += chunk.length;
    return chunk;
  };
  const object = (id: number, body: string): Buffer => {
    offsets[id] = at;
    return emit(`${id} 0 obj\n${body}\nendobj\n`);
  };
  // 1 catalog, 2 pages, 3-6 font; then per page: page, contents.
  const first = 7;
  const pageId = (i: number) => first + 2 * i;
  yield emit('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  yield object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  yield object(2, `<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((_, i) => `${pageId(i)} 0 R`).join(' ')}] >>`);
  for (const font of glyphLessFontObjects({ type0: 3, cid: 4, descriptor: 5, toUnicode: 6 })) yield object(font.id, font.body);
  for (const [i, page] of pages.entries()) {
    const { widthPt, heightPt } = sizes?.[i] ?? { widthPt: (page.width * 72) / 300, heightPt: (page.height * 72) / 300 };
    yield object(
      pageId(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(widthPt)} ${num(heightPt)}] /Resources << /Font << /GlyphLessFont 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`,
    );
    yield object(pageId(i) + 1, stream(textLayerContent(page, widthPt, heightPt)));
  }
  const count = first + 2 * pages.length;
  const xref = at;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let id = 1; id < count; id++) table += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  yield emit(`${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
}
