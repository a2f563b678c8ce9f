import type { Box } from '@docsvc/image';
import type { RawBlock, RawLine, RawParagraph, RawWord } from '../to-engine-page.js';

/**
 * One element of tesseract's hOCR as its renderer writes it (hocr_font_info=0): one element a line,
 * `<div|p|span class='...' id='...' [lang='...'] title='...'>` with a word's text right after its tag.
 * tesseract's hOCR is a fixed machine format, so one regular expression over it reads it; an HTML
 * parser (htmlparser2) took 3.3 ms a dense page against 0.6 ms for this, and made most of the garbage
 * the worker's collector then spent 20 ms a page on.
 */
const ELEMENT = /<(?:div|p|span) class='(ocr_carea|ocr_par|ocr_line|ocr_header|ocr_caption|ocr_textfloat|ocrx_word)'[^>]*? title=(['"])(.*?)\2[^>]*>([^<]*)/g;
const BBOX = /bbox (-?\d+) (-?\d+) (-?\d+) (-?\d+)/;
const BASELINE = /baseline (-?[\d.]+) (-?[\d.]+)/;
const WCONF = /x_wconf (-?[\d.]+)/;

/** The five characters tesseract's HOcrEscape escapes. */
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string): string => (text.includes('&') ? text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!) : text);

function bboxOf(title: string): Box | undefined {
  const b = BBOX.exec(title);
  return b ? { x0: Number(b[1]), y0: Number(b[2]), x1: Number(b[3]), y1: Number(b[4]) } : undefined;
}

/** A line's confidence: its non-empty words' mean (hOCR gives lines none). */
function closeLine(line: RawLine | undefined): void {
  if (!line?.words) return;
  let sum = 0;
  let n = 0;
  for (const w of line.words) {
    if (w.confidence === undefined || (w.text ?? '').trim() === '') continue;
    sum += w.confidence;
    n += 1;
  }
  if (n > 0) line.confidence = sum / n;
}

/**
 * tesseract's hOCR as the blocks -> paragraphs -> lines -> words structure tesseract.js gives
 * (to-engine-page.ts turns either into engine blocks). Word confidences are hOCR's x_wconf (0..100);
 * a line's confidence is its words' mean. hOCR's baseline ("slope offset", from the line box's
 * bottom-left corner) becomes the two end points of the baseline in page pixels. Elements nest in
 * the order tesseract writes them (area, paragraph, line, word), so each opens in the one before.
 */
export function parseHocr(hocr: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let block: RawBlock | undefined;
  let paragraph: RawParagraph | undefined;
  let line: RawLine | undefined;
  const openBlock = (): RawBlock => {
    block = { paragraphs: [] };
    blocks.push(block);
    return block;
  };
  const openParagraph = (): RawParagraph => {
    paragraph = { lines: [] };
    (block ?? openBlock()).paragraphs!.push(paragraph);
    return paragraph;
  };
  for (const [, cls, , title, text] of hocr.matchAll(ELEMENT)) {
    const bbox = bboxOf(title!);
    if (cls === 'ocr_carea') {
      closeLine(line);
      line = undefined;
      paragraph = undefined;
      const opened = openBlock();
      if (bbox) opened.bbox = bbox;
    } else if (cls === 'ocr_par') {
      closeLine(line);
      line = undefined;
      const opened = openParagraph();
      if (bbox) opened.bbox = bbox;
    } else if (cls === 'ocrx_word') {
      const conf = WCONF.exec(title!);
      const word: RawWord = { text: unescape(text!), ...(bbox ? { bbox } : {}), ...(conf ? { confidence: Number(conf[1]) } : {}) };
      line?.words!.push(word);
    } else {
      // A text line (ocr_line, or a header, caption or floating text line).
      closeLine(line);
      line = { words: [], ...(bbox ? { bbox } : {}) };
      const base = BASELINE.exec(title!);
      if (bbox && base) {
        const slope = Number(base[1]);
        const y0 = bbox.y1 + Number(base[2]);
        line.baseline = { x0: bbox.x0, y0, x1: bbox.x1, y1: y0 + slope * (bbox.x1 - bbox.x0) };
      }
      (paragraph ?? openParagraph()).lines!.push(line);
    }
  }
  closeLine(line);
  return blocks;
}
