import { describe, expect, it } from 'vitest';
import { answerToUnderlay, answerToUserSpace, apply, underlaySize, visibleBox } from './pdf-geometry.js';

// The layer's maps are proven end to end against qpdf and pdftotext (apps/api/test/searchable-pdf.e2e.test.ts);
// these pin the arithmetic for single points.
const near = (got: [number, number], want: [number, number]) => got.forEach((v, k) => expect(v).toBeCloseTo(want[k]!, 6));

describe('pdf-geometry', () => {
  it('maps an unturned 300-DPI page pixel-for-point (y up)', () => {
    const { matrix } = answerToUserSpace({ width: 2550, height: 3300 }, { mediaBox: [0, 0, 612, 792] });
    near(apply(matrix, 0, 0), [0, 0]);
    near(apply(matrix, 2550, 3300), [612, 792]);
  });

  it('takes the visible area as pdf.js renders it: CropBox clipped to the MediaBox', () => {
    expect(visibleBox({ mediaBox: [0, 0, 612, 792], cropBox: [-10, 20, 600, 900] })).toEqual([0, 20, 600, 792]);
    expect(visibleBox({ mediaBox: [0, 0, 612, 792], cropBox: [700, 800, 900, 900] })).toEqual([0, 0, 612, 792]);
  });

  it('sizes the underlay as the placement box is displayed, and maps a /Rotate 90 page’s top left to it', () => {
    const boxes = { mediaBox: [0, 0, 612, 792], rotate: 90 } as const;
    expect(underlaySize(boxes)).toEqual({ widthPt: 792, heightPt: 612 });
    // The displayed page is 792 x 612; its top-left pixel (y up: the top is y = height) is the underlay's top left.
    const { matrix } = answerToUnderlay({ width: 3300, height: 2550 }, boxes);
    near(apply(matrix, 0, 2550), [0, 612]);
    near(apply(matrix, 3300, 0), [792, 0]);
  });

  it('undoes the OCR worker’s quarter turn: a page it turned 90 degrees clockwise', () => {
    // Rendered 3300 wide x 2550 high (text sideways), answered upright as 2550 x 3300.
    const { matrix } = answerToUserSpace({ width: 2550, height: 3300, rotation: 90 }, { mediaBox: [0, 0, 792, 612] });
    // Turned clockwise, the rendered page's bottom-left corner became the upright page's top-left,
    // and its top-left the upright page's top-right.
    near(apply(matrix, 0, 3300), [0, 0]);
    near(apply(matrix, 2550, 3300), [0, 612]);
  });

  it('keeps words level on a levelled page, moving their centres back where they are printed', () => {
    const placement = answerToUserSpace({ width: 1000, height: 1000, skew: 5 }, { mediaBox: [0, 0, 1000, 1000] });
    expect(placement.recentre).toBeDefined();
    near(apply(placement.recentre!, 500, 500), [500, 500]); // the centre stays
    const [x, y] = apply(placement.recentre!, 900, 500);
    expect(Math.hypot(x - 500, y - 500)).toBeCloseTo(400, 6);
    expect(Math.abs(y - 500)).toBeCloseTo(400 * Math.sin((5 * Math.PI) / 180), 6);
  });
});
