import { Parser } from 'htmlparser2';
import type { RawBlock, RawBox, RawLine, RawParagraph, RawWord } from '../to-engine-page.js';

/** hOCR classes tesseract writes for a text line (headers, captions and floating text are lines too). */
const LINE_CLASSES = new Set(['ocr_line', 'ocr_header', 'ocr_caption', 'ocr_textfloat']);

/** The properties of an hOCR `title`: "bbox 1 2 3 4; baseline 0.01 -9; x_wconf 95". */
function properties(title: string | undefined): Map<string, number[]> {
  const props = new Map<string, number[]>();
  for (const part of (title ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) props.set(name, values.map(Number));
  }
  return props;
}

function bboxOf(props: Map<string, number[]>): RawBox | undefined {
  const b = props.get('bbox');
  return b && b.length === 4 && b.every(Number.isFinite) ? { x0: b[0]!, y0: b[1]!, x1: b[2]!, y1: b[3]! } : undefined;
}

/**
 * tesseract's hOCR as the blocks -> paragraphs -> lines -> words structure tesseract.js gives
 * (to-engine-page.ts turns either into engine blocks). Word confidences are hOCR's x_wconf (0..100);
 * a line's confidence is its words' mean, since hOCR has none. hOCR's baseline ("slope offset",
 * from the line box's bottom-left corner) becomes the two end points of the baseline in page pixels.
 */
export function parseHocr(hocr: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let block: RawBlock | undefined;
  let paragraph: RawParagraph | undefined;
  let line: (RawLine & { words: RawWord[] }) | undefined;
  let word: RawWord | undefined;
  /** Open elements, each with what it opened (to close the right structure on its end tag). */
  const open: Array<'block' | 'paragraph' | 'line' | 'word' | null> = [];

  const parser = new Parser(
    {
      onopentag(_name, attribs) {
        const cls = attribs.class ?? '';
        const props = properties(attribs.title);
        const bbox = bboxOf(props);
        if (cls === 'ocr_carea') {
          block = { ...(bbox ? { bbox } : {}), paragraphs: [] };
          blocks.push(block);
          open.push('block');
        } else if (cls === 'ocr_par') {
          paragraph = { ...(bbox ? { bbox } : {}), lines: [] };
          (block ??= pushed(blocks, { paragraphs: [] })).paragraphs!.push(paragraph);
          open.push('paragraph');
        } else if (LINE_CLASSES.has(cls)) {
          line = { ...(bbox ? { bbox } : {}), words: [] };
          const base = props.get('baseline');
          if (bbox && base && base.length === 2 && base.every(Number.isFinite)) {
            const [slope, offset] = base as [number, number];
            const y0 = bbox.y1 + offset;
            line.baseline = { x0: bbox.x0, y0, x1: bbox.x1, y1: y0 + slope * (bbox.x1 - bbox.x0) };
          }
          (paragraph ??= pushed((block ??= pushed(blocks, { paragraphs: [] })).paragraphs!, { lines: [] })).lines!.push(line);
          open.push('line');
        } else if (cls === 'ocrx_word') {
          const conf = props.get('x_wconf')?.[0];
          word = { text: '', ...(bbox ? { bbox } : {}), ...(conf !== undefined ? { confidence: conf } : {}) };
          line?.words.push(word);
          open.push('word');
        } else {
          open.push(null);
        }
      },
      ontext(text) {
        if (word) word.text += text;
      },
      onclosetag() {
        const closed = open.pop();
        if (closed === 'word') word = undefined;
        else if (closed === 'line') {
          const confidences = line!.words.filter((w) => w.text!.trim() !== '').flatMap((w) => (w.confidence === undefined ? [] : [w.confidence]));
          if (confidences.length > 0) line!.confidence = confidences.reduce((a, b) => a + b, 0) / confidences.length;
          line = undefined;
        } else if (closed === 'paragraph') paragraph = undefined;
        else if (closed === 'block') block = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(hocr);
  parser.end();
  return blocks;
}

function pushed<T>(list: T[], item: T): T {
  list.push(item);
  return item;
}
