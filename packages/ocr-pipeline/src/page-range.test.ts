import { describe, expect, it } from 'vitest';
import { resolvePageRange } from './page-range.js';

describe('resolvePageRange', () => {
  it('defaults to the first 10 pages of a PDF, fewer when shorter', () => {
    expect(resolvePageRange(undefined, 'pdf', 25)).toEqual([1, 10]);
    expect(resolvePageRange(undefined, 'pdf', 3)).toEqual([1, 3]);
  });

  it('takes a job’s own page limit: every page up to it when no range is given', () => {
    expect(resolvePageRange(undefined, 'pdf', 300, 2000)).toEqual([1, 300]);
    expect(resolvePageRange(undefined, 'pdf', 2500, 2000)).toEqual([1, 2000]);
    expect(resolvePageRange([100, 400], 'pdf', 300, 2000)).toEqual([100, 300]);
  });
  it('clamps an end past the last page and refuses a start past it', () => {
    expect(resolvePageRange([2, 9], 'pdf', 4)).toEqual([2, 4]);
    expect(() => resolvePageRange([5, 6], 'pdf', 4)).toThrow(/start 5 is past the last page/);
  });
  it('pages a multi-page TIFF like a PDF', () => {
    expect(resolvePageRange([2, 3], 'tiff', 3)).toEqual([2, 3]);
  });
  it('refuses page_range on a single image', () => {
    expect(() => resolvePageRange([1, 1], 'png', 1)).toThrow(expect.objectContaining({ code: 'page_range_not_applicable' }));
    expect(resolvePageRange(undefined, 'jpeg', 1)).toEqual([1, 1]);
  });
});
