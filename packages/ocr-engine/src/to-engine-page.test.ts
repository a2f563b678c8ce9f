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
});
