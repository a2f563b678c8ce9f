import parser from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { OcrPageResult, PackedLine, PackedWord } from '@docsvc/schemas';
import { FORMATS, FORMAT_NAMES, hocrBaseline, isRenderedFormat, render, type RenderedFormatName } from './index.js';

/** A line of words 80 px wide and 30 px tall from x = 100, at `y`, with a level baseline 6 px above its bottom. */
function line(text: string, y: number, par?: number): PackedLine {
  const words: PackedWord[] = text.split(' ').map((w, i) => [w, 100 + i * 100, y, 180 + i * 100, y + 30, 0.5 + i * 0.1]);
  const right = words[words.length - 1]![3];
  return { box: [100, y, right, y + 30], words, baseline: [100, y + 24, right, y + 24], ...(par !== undefined ? { par } : {}) };
}

const pages: OcrPageResult[] = [
  {
    page: 1,
    source: 'ocr',
    width: 1200,
    height: 800,
    engineMs: 10,
    language: 'eng',
    sections: [
      { page: 1, lines: [line('Invoice No 42', 50, 0), line('Total due <5 & more>', 90, 0), line('Second paragraph', 150, 1)] },
      { page: 1, lines: [line('Signed Иван 王', 400)] },
    ],
  },
  { page: 2, source: 'text_layer', width: 1000, height: 700, engineMs: 0, sections: [{ page: 2, lines: [line('Page two', 60)] }] },
];
const input = { pages, sourceName: 'scan "one".pdf', engine: 'tesseract 5.3.0' };

/** A document in `format`, all its chunks joined. */
async function rendered(format: RenderedFormatName, doc: { pages: OcrPageResult[]; sourceName: string; engine?: string } = input): Promise<string> {
  let out = '';
  for await (const chunk of render(format, doc, doc.pages, doc.pages.length)) out += chunk;
  return out;
}
const allWords = pages.flatMap((p) => p.sections.flatMap((s) => s.lines.flatMap((l) => l.words.map((w) => ({ page: p.page, text: w[0], box: [w[1], w[2], w[3], w[4]], conf: w[5] })))));

/** The five XML entities decoded, as an XML reader gives text and attribute values. */
const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

const xmlOf = (xml: string) => {
  expect(parser.validate(xml)).toBe(true);
  return parser.parse(xml, { ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, arrayMode: true, tagValueProcessor: decode, attrValueProcessor: decode });
};
const arr = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);

describe('text', () => {
  it('gives pages in order, sections apart by a blank line, pages apart by a form feed', async () => {
    expect(await rendered('text')).toBe(
      'Invoice No 42\nTotal due <5 & more>\nSecond paragraph\n\nSigned Иван 王\n\fPage two\n',
    );
  });
});

describe('hOCR', () => {
  it('is well-formed XHTML whose pages, lines and words carry the answer’s boxes, baselines and confidences', async () => {
    const doc = xmlOf(await rendered('hocr'));
    const html = doc.html[0];
    expect(arr(html.head[0].title)[0]).toBe('scan "one".pdf');
    const ocrPages = html.body[0].div;
    expect(ocrPages.map((d: { title: string }) => d.title)).toEqual(['image "scan "one".pdf"; bbox 0 0 1200 800; ppageno 0', 'image "scan "one".pdf"; bbox 0 0 1000 700; ppageno 1']);
    const words: Array<{ page: number; text: string; box: number[]; conf: number }> = [];
    const lines: string[] = [];
    ocrPages.forEach((pageDiv: any, i: number) => {
      for (const carea of pageDiv.div) {
        expect(carea.class).toBe('ocr_carea');
        for (const par of carea.p) {
          expect(par.class).toBe('ocr_par');
          for (const span of par.span) {
            expect(span.class).toBe('ocr_line');
            lines.push(span.title);
            for (const w of span.span) {
              const m = /^bbox (\d+) (\d+) (\d+) (\d+); x_wconf (\d+)$/.exec(w.title)!;
              words.push({ page: i + 1, text: String(w['#text']), box: m.slice(1, 5).map(Number), conf: Number(m[5]) / 100 });
            }
          }
        }
      }
    });
    expect(words.map((w) => w.text)).toEqual(allWords.map((w) => w.text));
    expect(words.map((w) => w.box)).toEqual(allWords.map((w) => w.box));
    expect(words.map((w) => w.conf)).toEqual(allWords.map((w) => Math.round(w.conf * 100) / 100));
    // Paragraphs as the engine gave them: the first section has two.
    expect(ocrPages[0].div[0].p).toHaveLength(2);
    expect(lines[0]).toBe('bbox 100 50 380 80; baseline 0 -6');
  });

  it('writes tesseract’s baseline: slope, and offset from the box’s bottom-left corner', () => {
    expect(hocrBaseline({ box: [100, 50, 500, 90], words: [], baseline: [100, 80, 500, 84] })).toBe('baseline 0.01 -10');
    expect(hocrBaseline({ box: [100, 50, 500, 90], words: [] })).toBeUndefined();
  });
});

describe('ALTO', () => {
  it('is well-formed ALTO 4 whose Strings carry each word’s box, confidence and text', async () => {
    const doc = xmlOf(await rendered('alto'));
    const alto = doc.alto[0];
    expect(alto.xmlns).toBe('http://www.loc.gov/standards/alto/ns-v4#');
    // Where a validator fetches the schema from: the Library of Congress's published 4.2 file.
    expect(alto['xsi:schemaLocation']).toBe('http://www.loc.gov/standards/alto/ns-v4# http://www.loc.gov/standards/alto/v4/alto-4-2.xsd');
    expect(alto.SCHEMAVERSION).toBe('4.2');
    expect(arr(alto.Description[0].MeasurementUnit)[0]).toBe('pixel');
    const altoPages = alto.Layout[0].Page;
    expect(altoPages.map((p: any) => [p.WIDTH, p.HEIGHT])).toEqual([
      ['1200', '800'],
      ['1000', '700'],
    ]);
    const strings = altoPages.flatMap((p: any) => p.PrintSpace[0].TextBlock.flatMap((b: any) => b.TextLine.flatMap((l: any) => l.String)));
    expect(strings.map((s: any) => s.CONTENT)).toEqual(allWords.map((w) => w.text));
    expect(strings.map((s: any) => [s.HPOS, s.VPOS, s.WIDTH, s.HEIGHT].map(Number))).toEqual(allWords.map((w) => [w.box[0], w.box[1], w.box[2]! - w.box[0]!, w.box[3]! - w.box[1]!]));
    expect(strings.map((s: any) => Number(s.WC))).toEqual(allWords.map((w) => Math.round(w.conf * 100) / 100));
  });

  it('writes no TextLine without a String and no TextBlock without a TextLine (the schema allows neither)', async () => {
    const empty: PackedLine = { box: [100, 300, 400, 330], words: [] };
    const sparse: OcrPageResult = { ...pages[1]!, sections: [{ page: 2, lines: [empty] }, { page: 2, lines: [empty, line('Kept words', 60)] }] };
    const doc = xmlOf(await rendered('alto', { ...input, pages: [sparse] }));
    const blocks = doc.alto[0].Layout[0].Page[0].PrintSpace[0].TextBlock;
    expect(blocks).toHaveLength(1);
    expect(blocks[0].TextLine).toHaveLength(1);
    expect(blocks[0].TextLine[0].String.map((w: any) => w.CONTENT)).toEqual(['Kept', 'words']);
    expect([blocks[0].HPOS, blocks[0].VPOS]).toEqual(['100', '60']);
  });
});

describe('the format table', () => {
  it('names each format with its media type and extension, those written from page results with a renderer', () => {
    expect(Object.fromEntries(FORMAT_NAMES.map((k) => [k, [FORMATS[k].contentType, FORMATS[k].extension, isRenderedFormat(k)]]))).toEqual({
      json: ['application/json; charset=utf-8', 'json', false],
      text: ['text/plain; charset=utf-8', 'txt', true],
      pdf: ['application/pdf', 'pdf', false],
      hocr: ['text/html; charset=utf-8', 'hocr', true],
      alto: ['application/alto+xml; charset=utf-8', 'xml', true],
      csv: ['text/csv; charset=utf-8', 'csv', true],
      xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', true],
    });
  });

  it('renders pages read one at a time as it renders pages in memory', async () => {
    async function* oneAtATime() {
      for (const page of pages) yield page;
    }
    let streamed = '';
    for await (const chunk of render('hocr', input, oneAtATime(), pages.length)) streamed += chunk;
    expect(streamed).toBe(await rendered('hocr'));
  });
});
