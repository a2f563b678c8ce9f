import { describe, expect, it } from 'vitest';
import { joinedRulings } from './joined-rulings.js';

describe('joinedRulings', () => {
  it('joins the pieces of a line, in any order, where their ends meet within the tolerance', () => {
    const pieces = [
      { x0: 400, y0: 99.5, x1: 600, y1: 101 },
      { x0: 100, y0: 100, x1: 200, y1: 101.5 },
      { x0: 201.5, y0: 99.8, x1: 398.5, y1: 101.2 },
    ];
    expect(joinedRulings(pieces, 3)).toEqual([{ x0: 100, y0: 99.5, x1: 600, y1: 101.5 }]);
  });

  it('keeps apart pieces on one line with a gap wider than the tolerance, lines side by side, and each direction', () => {
    const out = joinedRulings(
      [
        { x0: 100, y0: 100, x1: 200, y1: 102 },
        { x0: 210, y0: 100, x1: 300, y1: 102 },
        { x0: 100, y0: 106, x1: 300, y1: 108 },
        { x0: 99, y0: 100, x1: 101, y1: 300 },
        { x0: 99, y0: 301, x1: 101, y1: 500 },
      ],
      3,
    );
    expect(out).toEqual([
      { x0: 100, y0: 100, x1: 200, y1: 102 },
      { x0: 210, y0: 100, x1: 300, y1: 102 },
      { x0: 100, y0: 106, x1: 300, y1: 108 },
      { x0: 99, y0: 100, x1: 101, y1: 500 },
    ]);
  });
});
