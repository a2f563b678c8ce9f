import { describe, expect, it } from 'vitest';
import { resolvePageRange } from './page-range.js';

describe('resolvePageRange', () => {
  it('defaults to the first 10 pages of a PDF, fewer when shorter', () => {
    expect(resolvePageRange(undefined, 'pdf', 25)).toEqual([1, 10]);
    expect(resolvePageRange(undefined, 'pdf', 3)).toEqual([1, 3]);
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
