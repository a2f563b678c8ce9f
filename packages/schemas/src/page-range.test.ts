import { describe, expect, it } from 'vitest';
import { checkPageRange, pageCount, pageRangeSchema, pagesOf, resolvePageRange } from './page-range.js';

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

describe('pageRangeSchema', () => {
  it('takes [start, end] within the limit, and names the rule a range breaks', () => {
    expect(pageRangeSchema(10).parse([3, 12])).toEqual([3, 12]);
    expect(pageRangeSchema(10).safeParse([3, 13]).error?.issues[0]?.message).toBe('at most 10 pages');
    expect(pageRangeSchema().safeParse([5, 4]).error?.issues[0]?.message).toBe('start must not be after end');
    expect(pageRangeSchema().safeParse([0, 4]).success).toBe(false);
    expect(pageRangeSchema().parse([1, 5_000])).toEqual([1, 5_000]);
  });
});

describe('checkPageRange', () => {
  it('refuses a range over a configured limit with validation_failed, naming the setting', () => {
    expect(() => checkPageRange([1, 2_001], 2_000, 'MAX_JOB_PAGES')).toThrow(expect.objectContaining({ code: 'validation_failed', message: 'page_range: at most 2000 pages a job (MAX_JOB_PAGES)' }));
    expect(() => checkPageRange([1, 2_000], 2_000, 'MAX_JOB_PAGES')).not.toThrow();
    expect(() => checkPageRange(undefined, 1, 'MAX_JOB_PAGES')).not.toThrow();
  });
});

describe('pageCount and pagesOf', () => {
  it('count and walk a range, both ends included', () => {
    expect(pageCount([4, 6])).toBe(3);
    expect(pagesOf([4, 6])).toEqual([4, 5, 6]);
    expect(pagesOf([1, 1])).toEqual([1]);
  });
});
