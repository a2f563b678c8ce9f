import { describe, expect, it } from 'vitest';
import type { OcrPageResult, Section } from '@docsvc/schemas';
import { describeDocument, fieldsAnswer, ocrUsage, packSections, tightenToInk } from './index.js';
import { assembleSections } from './sections.js';
import type { RecognizedLine, RecognizedPage } from './recognized.js';

/** A recognised line from "word@x" tokens on a baseline at y, words 20 px tall, 10 px per character. */
function line(y: number, spec: string, confidence = 0.9): RecognizedLine {
  const words = spec.split(' ').map((token) => {
    const [text, x] = token.split('@') as [string, string];
    const x0 = Number(x);
    return { text, confidence, bbox: { x0, y0: y, x1: x0 + text.length * 10, y1: y + 20 } };
  });
  return { text: words.map((w) => w.text).join(' '), confidence, bbox: { x0: words[0]!.bbox.x0, y0: y, x1: words.at(-1)!.bbox.x1, y1: y + 20 }, words };
}

const page = (...blocks: RecognizedLine[][]): RecognizedPage => ({
  width: 1000,
  height: 1400,
  blocks: blocks.map((lines) => ({ bbox: { x0: 0, y0: 0, x1: 1000, y1: 1400 }, paragraphs: [{ bbox: { x0: 0, y0: 0, x1: 1000, y1: 1400 }, lines }] })),
});

describe('assembleSections', () => {
  it('gives one section per block, lines joined by newlines, with bounds and averaged confidences', () => {
    const p = page([line(100, 'Hello@50 world@120', 0.8), line(130, 'again@50', 1)], [line(400, 'Second@50 block@130')]);
    const sections = assembleSections(p, 2);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toMatchObject({ text: 'Hello world\nagain', page: 2 });
    const first = sections[0]!.lines[0]!;
    expect(first.average_confidence).toBe(0.8);
    expect(first.bounds).toEqual({ top_left: { x: 50, y: 100 }, top_right: { x: 170, y: 100 }, bottom_left: { x: 50, y: 120 }, bottom_right: { x: 170, y: 120 }, width: 120, height: 20 });
    expect(first.words[1]).toMatchObject({ text: 'world', confidence: 0.8, bounds: { top_left: { x: 120, y: 100 }, width: 50 } });
  });

  it('drops empty words, empty lines and empty blocks', () => {
    const blank = line(100, 'x@10');
    blank.words[0]!.text = '  ';
    expect(assembleSections(page([blank]), 1)).toEqual([]);
  });
});

describe('tightenToInk', () => {
  /** A white image with black rectangles. */
  function image(width: number, height: number, rects: Array<[number, number, number, number]>) {
    const data = new Uint8Array(width * height).fill(255);
    for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = 0;
    return { width, height, data };
  }

  it('shrinks a padded box to the ink', () => {
    const img = image(100, 60, [[20, 15, 70, 40]]);
    expect(tightenToInk(img, { x0: 10, y0: 5, x1: 85, y1: 55 })).toEqual({ x0: 20, y0: 15, x1: 70, y1: 40 });
  });

  it("drops a neighbour's sliver at the edge of the box", () => {
    const img = image(120, 60, [[20, 15, 70, 40], [80, 30, 120, 31]]); // a thin stroke of the next word
    expect(tightenToInk(img, { x0: 10, y0: 5, x1: 100, y1: 55 })).toEqual({ x0: 20, y0: 15, x1: 70, y1: 40 });
  });

  it('keeps the box when there is no ink', () => {
    const img = image(50, 50, []);
    expect(tightenToInk(img, { x0: 5, y0: 5, x1: 45, y1: 45 })).toEqual({ x0: 5, y0: 5, x1: 45, y1: 45 });
  });
});

describe('fieldsAnswer', () => {
  const sections: Section[] = assembleSections(
    page([
      line(100, 'ACME@50 Supplies@120 Ltd@220'),
      line(200, 'Invoice@50 No.:@130 INV-2026-0042@200'),
      line(240, 'Date:@50 22/11/2026@120'),
      line(400, 'Total@600 due@660'),
      line(425, '$1,234.50@600'),
    ]),
    1,
  );
  const result: OcrPageResult = { page: 1, source: 'ocr', width: 1000, height: 1400, sections: packSections(sections), engineMs: 0 };

  it('answers the contract\'s context and the typed, located fields', () => {
    const answer = fieldsAnswer([result], ['invoice_number', 'date', 'total_due', 'iban'])!;
    expect(answer.context).toMatchObject({ invoice_number: ['INV-2026-0042'], date: ['22/11/2026'], total_due: ['$1,234.50'], iban: [] });
    expect(answer.fields.date).toMatchObject({ value: '22/11/2026', normalized: '2026-11-22', type: 'date', page: 1, source: 'key_value' });
    expect(answer.fields.total_due).toMatchObject({ value: '$1,234.50', normalized: 1234.5, currency: 'USD', type: 'amount', bounds: { top_left: { x: 600, y: 425 } } });
    expect(answer.fields.iban).toBeNull();
  });

  it('takes types from the object form of the prompt, and nothing for an instruction', () => {
    expect(fieldsAnswer([result], { due: { type: 'amount' } })!.fields.due).toMatchObject({ normalized: 1234.5 });
    expect(fieldsAnswer([result], 'Describe the image in detail.')).toBeUndefined();
  });
});

describe('describeDocument', () => {
  it('names an invoice from its cues, with language, size and frequent terms', () => {
    const sections = assembleSections(page([line(100, 'INVOICE@50'), line(130, 'Bill@50 to:@100 Jane@160'), line(160, 'Subtotal@50 100@150'), line(190, 'Amount@50 due@130 120@180'), line(220, 'Invoice@50 total@130')]), 1);
    const { context, tags } = describeDocument({ sections, kind: 'pdf', language: 'en', pagesProcessed: 1, totalPages: 3, width: 1000, height: 1400 });
    expect(tags).toEqual(['invoice', 'text', 'en', 'pdf', 'multi-page']);
    expect(context).toContain('A 3-page PDF (pages 1 of 3 read), 1000x1400 pixels: an invoice in English');
    expect(context).toContain('It begins "INVOICE"');
    expect(context).toMatch(/Frequent terms: invoice/);
  });

  it('says when no text was found', () => {
    const { context, tags } = describeDocument({ sections: [], kind: 'png', language: 'en', pagesProcessed: 1, totalPages: 1, width: 10, height: 10 });
    expect(tags).toEqual(['document', 'no-text', 'image']);
    expect(context).toBe('A PNG image, 10x10 pixels, in which no text was found.');
  });
});

describe('ocrUsage', () => {
  it('counts prompt and output text tokens, image tiles and engine time', () => {
    expect(ocrUsage({ prompt: 'Describe the image in detail.', pages: [{ width: 1024, height: 1025 }], outputText: 'x'.repeat(41), engineMs: 1234 })).toEqual({
      input_tokens: 8 + 85 + 2 * 3 * 170,
      output_tokens: 11,
      inference_time_tokens: 13,
      total_tokens: 8 + 85 + 1020 + 11 + 13,
    });
  });
});
