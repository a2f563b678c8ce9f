import type { OcrPageResult, PackedLine } from '@docsvc/schemas';
import { int, paragraphsOf, unionOf, xmlEscape, type DocumentInfo, type PagedRenderer } from './document.js';

const bbox = (b: readonly number[]) => `bbox ${int(b[0]!)} ${int(b[1]!)} ${int(b[2]!)} ${int(b[3]!)}`;

/**
 * tesseract's `baseline slope offset`: the line y = slope * (x - x0) + offset, relative to the bottom
 * left corner of the line's box.
 */
export function hocrBaseline(line: PackedLine): string | undefined {
  if (!line.baseline) return undefined;
  const [bx0, by0, bx1, by1] = line.baseline;
  const slope = bx1 !== bx0 ? (by1 - by0) / (bx1 - bx0) : 0;
  const [x0, , , y1] = line.box;
  const offset = by0 + slope * (x0 - bx0) - y1;
  return `baseline ${Math.round(slope * 1000) / 1000} ${int(offset)}`;
}

/** One page of the hOCR output; `n` 0 for the first page written. */
function* hocrPage(page: OcrPageResult, n: number, input: DocumentInfo): Generator<string> {
  const p = page.page;
  const lang = page.language ? ` lang='${xmlEscape(page.language.split('+')[0]!)}'` : '';
  yield `  <div class='ocr_page' id='page_${p}' title='image "${xmlEscape(input.sourceName)}"; ${bbox([0, 0, page.width, page.height])}; ppageno ${n}'>\n`;
  let word = 0;
  let lineNo = 0;
  for (const [s, section] of page.sections.entries()) {
    if (section.lines.length === 0) continue;
    yield `   <div class='ocr_carea' id='block_${p}_${s + 1}' title="${bbox(unionOf(section.lines.map((l) => l.box)))}">\n`;
    for (const [q, lines] of paragraphsOf(section).entries()) {
      yield `    <p class='ocr_par' id='par_${p}_${s + 1}_${q + 1}'${lang} title="${bbox(unionOf(lines.map((l) => l.box)))}">\n`;
      for (const line of lines) {
        lineNo += 1;
        const baseline = hocrBaseline(line);
        yield `     <span class='ocr_line' id='line_${p}_${lineNo}' title="${bbox(line.box)}${baseline ? `; ${baseline}` : ''}">`;
        yield line.words
          .map(([text, x0, y0, x1, y1, confidence]) => {
            word += 1;
            return `<span class='ocrx_word' id='word_${p}_${word}' title='${bbox([x0, y0, x1, y1])}; x_wconf ${int(confidence * 100)}'>${xmlEscape(text)}</span>`;
          })
          .join(' ');
        yield '</span>\n';
      }
      yield '    </p>\n';
    }
    yield '   </div>\n';
  }
  yield '  </div>\n';
}

function hocrHeader(input: DocumentInfo, pageCount: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
 <head>
  <title>${xmlEscape(input.sourceName)}</title>
  <meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
  <meta name='ocr-system' content='docsvc${input.engine ? ` (${xmlEscape(input.engine)})` : ''}'/>
  <meta name='ocr-capabilities' content='ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf'/>
  <meta name='ocr-number-of-pages' content='${pageCount}'/>
 </head>
 <body>
`;
}

/**
 * hOCR 1.2 as well-formed XHTML, as tesseract writes it (text/html): an `ocr_page` per page with its
 * `bbox` (the pixel space of the page image the answer's boxes are in), `ocr_carea` per section,
 * `ocr_par`, `ocr_line` with `bbox` and, where the engine gave one, `baseline`, and `ocrx_word` with
 * `bbox` and `x_wconf` (0-100).
 */
export const hocrRenderer: PagedRenderer = { header: hocrHeader, page: hocrPage, footer: () => ' </body>\n</html>\n' };
