import { describe, expect, it } from 'vitest';
import { packSections, unpackSections } from './packed.js';
import { assembleSections } from './sections.js';

const page = {
  width: 1000,
  height: 400,
  blocks: [
    {
      bbox: { x0: 10, y0: 10, x1: 900, y1: 200 },
      paragraphs: [
        {
          bbox: { x0: 10, y0: 10, x1: 900, y1: 200 },
          lines: [
            { text: 'Total due', confidence: 0.9, bbox: { x0: 10, y0: 10, x1: 400, y1: 60 }, words: [{ text: 'Total', confidence: 0.95, bbox: { x0: 10, y0: 10, x1: 200, y1: 60 } }, { text: 'due', confidence: 0.8712345, bbox: { x0: 220, y0: 12, x1: 400, y1: 58 } }] },
            { text: '€ 12.50', confidence: 0.7, bbox: { x0: 10, y0: 100, x1: 300, y1: 150 }, words: [{ text: '€ 12.50', confidence: 0.7, bbox: { x0: 10, y0: 100, x1: 300, y1: 150 } }] },
          ],
        },
      ],
    },
  ],
};

describe('packSections / unpackSections', () => {
  it('give back exactly the sections assembleSections made, in a sixth of the JSON', () => {
    const sections = assembleSections(page, 3);
    const packed = packSections(sections);
    expect(unpackSections(JSON.parse(JSON.stringify(packed)))).toEqual(sections);
    expect(packed[0]!.lines[0]!.words[1]).toEqual(['due', 220, 12, 400, 58, 0.8712]);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(sections).length / 3);
  });
});
