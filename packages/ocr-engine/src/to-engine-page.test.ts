import { describe, expect, it } from 'vitest';
import { toEngineBlocks, toFraction, type RawBlock } from './to-engine-page.js';

const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1 });

describe('toEngineBlocks', () => {
  it('keeps the hierarchy and order, turns confidences into fractions and rebuilds line text from kept words', () => {
    const raw: RawBlock[] = [
      {
        bbox: box(10, 10, 300, 60),
        paragraphs: [
          {
            bbox: box(10, 10, 300, 60),
            lines: [
              {
                confidence: 91.5,
                bbox: box(10, 10, 300, 40),
                baseline: box(10, 35, 300, 36),
                words: [
                  { text: 'Hello', confidence: 95, bbox: box(10, 10, 100, 40) },
                  { text: ' ', confidence: 10, bbox: box(100, 10, 110, 40) },
                  { text: 'world', confidence: 88, bbox: box(120, 10, 300, 40) },
                ],
              },
              { confidence: 30, bbox: box(10, 45, 300, 60), words: [{ text: '  ', confidence: 30, bbox: box(10, 45, 300, 60) }] },
            ],
          },
        ],
      },
      { bbox: box(0, 100, 400, 300), paragraphs: [{ bbox: box(0, 100, 400, 300), lines: [] }] },
    ];
    expect(toEngineBlocks(raw, 400, 300)).toEqual([
      {
        bbox: box(10, 10, 300, 60),
        paragraphs: [
          {
            bbox: box(10, 10, 300, 60),
            lines: [
              {
                text: 'Hello world',
                confidence: 0.915,
                bbox: box(10, 10, 300, 40),
                baseline: box(10, 35, 300, 36),
                words: [
                  { text: 'Hello', confidence: 0.95, bbox: box(10, 10, 100, 40) },
                  { text: 'world', confidence: 0.88, bbox: box(120, 10, 300, 40) },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('clamps boxes into the page and fills a missing container box from its contents', () => {
    const [block] = toEngineBlocks([{ paragraphs: [{ lines: [{ confidence: 120, words: [{ text: 'edge', confidence: -3, bbox: box(-5, 280, 420, 320) }] }] }] }], 400, 300);
    const line = block!.paragraphs[0]!.lines[0]!;
    expect(line.words[0]).toEqual({ text: 'edge', confidence: 0, bbox: box(0, 280, 400, 300) });
    expect(line.confidence).toBe(1);
    expect(line.bbox).toEqual(box(0, 280, 400, 300));
    expect(block!.bbox).toEqual(box(0, 280, 400, 300));
    expect(line.baseline).toBeUndefined();
  });

  it('gives nothing for null or empty output', () => {
    expect(toEngineBlocks(null, 10, 10)).toEqual([]);
    expect(toEngineBlocks([{ bbox: box(0, 0, 5, 5) }], 10, 10)).toEqual([]);
    expect(toFraction(Number.NaN)).toBe(0);
  });

  it('writes a dash alone as the dash its length says, measured by the figures on its line', () => {
    // A table row at 300 DPI: figures 28 px tall; an en dash's ink 19 px, a hyphen's 9, an em dash's 40.
    const row = (texts: Array<[string, number]>) => {
      let x = 0;
      const words = texts.map(([text, w]) => ({ text, confidence: 90, bbox: box((x += 60), text.match(/[0-9A-Z]/) ? 100 : 113, x + w, text.match(/[0-9A-Z]/) ? 128 : 115) }));
      return toEngineBlocks([{ paragraphs: [{ lines: [{ words }] }] }], 2000, 400)[0]!.paragraphs[0]!.lines[0]!.text;
    };
    expect(row([['Ontario', 70], ['1,234', 50], ['-', 19], ['56', 22], ['\u2014', 18]])).toBe('Ontario 1,234 \u2013 56 \u2013');
    expect(row([['Item', 40], ['-', 9], ['1.5', 30]])).toBe('Item - 1.5');
    expect(row([['NOTE', 50], ['-', 40], ['see', 30]])).toBe('NOTE \u2014 see');
    // Nothing on the line to measure by: the dash stays as read.
    expect(row([['nil', 30], ['\u2014', 16], ['or', 20]])).toBe('nil \u2014 or');
    // A dash in a word is the word's own.
    expect(row([['2010-11', 70], ['12', 22]])).toBe('2010-11 12');
  });

  it('writes dots alone on the baseline as the dots they are, not a quote or one period', () => {
    // Figures 28 px tall from y 100; two dots' ink 14 px wide, 4 px tall, on the baseline (y 124-128).
    const line = (words: Array<[string, number, number, number]>) =>
      toEngineBlocks([{ paragraphs: [{ lines: [{ words: words.map(([text, x0, y0, w], i) => ({ text, confidence: i ? 0 : 90, bbox: box(x0, y0, x0 + w, text.match(/[0-9]/) ? y0 + 28 : y0 + 4) })) }] }] }], 2000, 400)[0]!.paragraphs[0]!.lines[0]!.text;
    expect(line([['4,655', 100, 100, 60], ['\u201c', 200, 124, 14], ['277', 300, 100, 40]])).toBe('4,655 .. 277');
    expect(line([['4,655', 100, 100, 60], ['.', 200, 124, 14], ['.', 260, 124, 4], ['\u201c', 300, 124, 25]])).toBe('4,655 .. . ...');
    // Two dots read as a dash: a dash stands above the baseline, dots on it.
    expect(line([['4,655', 100, 100, 60], ['-', 200, 124, 14], ['-', 300, 116, 9]])).toBe('4,655 .. -');
    // A quote mark high on the line stays one.
    expect(line([['4,655', 100, 100, 60], ['\u201c', 200, 100, 14]])).toBe('4,655 \u201c');
  });
});


describe('toEngineBlocks on a Chinese or Japanese line', () => {
  it("writes the line's text without spaces between its characters, and keeps its words as the engine cut them", () => {
    const words: Array<[string, number, number]> = [['株', 0, 38], ['主資', 44, 120], ['本', 126, 160], ['5,664', 400, 500]];
    const raw: RawBlock[] = [{ bbox: box(0, 0, 500, 40), paragraphs: [{ bbox: box(0, 0, 500, 40), lines: [{ confidence: 90, bbox: box(0, 0, 500, 40), words: words.map(([text, x0, x1]) => ({ text, confidence: 90, bbox: box(x0, 0, x1, 40) })) }] }] }];
    const line = toEngineBlocks(raw, 600, 100)[0]!.paragraphs[0]!.lines[0]!;
    expect(line.text).toBe('株主資本 5,664');
    expect(line.words.map((w) => w.text)).toEqual(['株', '主資', '本', '5,664']);
  });
});
