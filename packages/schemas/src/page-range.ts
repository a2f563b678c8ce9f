import { z } from 'zod';
import { ServiceError } from './service-error.js';

/**
 * A range of pages `[start, end]`, 1-based and inclusive: the one form a page range has in requests
 * (`page_range`), job plans, queue payloads and answers. This module owns everything done with one:
 * its rules, its validation, resolving it against a document, counting and walking it.
 */
export type PageRange = [start: number, end: number];

/** Pages one synchronous OCR request may cover (contract section 8). */
export const MAX_PAGES_PER_REQUEST = 10;

/** Documents whose pages page_range selects; any other image is a single page. */
export const PAGED_KINDS: ReadonlySet<string> = new Set(['pdf', 'tiff']);

/** How many pages the range holds. */
export const pageCount = ([start, end]: Readonly<PageRange>): number => end - start + 1;

/** The range's page numbers, in order. */
export const pagesOf = (range: Readonly<PageRange>): number[] => Array.from({ length: pageCount(range) }, (_, i) => range[0] + i);

/** Ascending page numbers written as runs, "1-3, 5, 7-9" (qpdf takes them with `separator` ","). */
export function pageSpans(pages: readonly number[], separator = ', '): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j === i ? `${pages[i]}` : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return parts.join(separator);
}

/** The rule a requested range breaks, or undefined: the one statement of what a valid page_range is. */
function problemOf([start, end]: Readonly<PageRange>, maxPages: number | undefined): string | undefined {
  if (start > end) return 'start must not be after end';
  if (maxPages !== undefined && pageCount([start, end]) > maxPages) return `at most ${maxPages} pages`;
  return undefined;
}

/** 400 validation_failed naming page_range and the rule it breaks. */
const invalid = (rule: string, why = '') => new ServiceError('validation_failed', `page_range: ${rule}${why}`, [{ field: 'page_range', rule }]);

/**
 * `page_range` in a request body: two whole page numbers from 1, start <= end, and at most
 * `maxPages` pages when given (the synchronous route's 10; a job's limit is a setting, checked with
 * checkPageRange when the job is created).
 */
export function pageRangeSchema(maxPages?: number) {
  return z
    .tuple([z.number().int().min(1), z.number().int().min(1)], { message: 'must be [start, end], two whole page numbers from 1' })
    .superRefine((range, ctx) => {
      const problem = problemOf(range, maxPages);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** Checks a requested range against a limit that is a setting (`setting` names it in the message). */
export function checkPageRange(range: Readonly<PageRange> | undefined, maxPages: number, setting: string): void {
  if (!range) return;
  const problem = problemOf(range, maxPages);
  if (problem) throw invalid(problem, ` a job (${setting})`);
}

/**
 * The pages to process, from the request's page_range and the document: `end` past the last page is
 * clamped, `start` past it is refused; omitted, the first `maxPages` pages (MAX_PAGES_PER_REQUEST for
 * a synchronous request, MAX_JOB_PAGES for a job). A page_range on a single image is refused
 * (page_range_not_applicable).
 */
export function resolvePageRange(requested: Readonly<PageRange> | undefined, kind: string, totalPages: number, maxPages = MAX_PAGES_PER_REQUEST): PageRange {
  if (!PAGED_KINDS.has(kind)) {
    if (requested) throw new ServiceError('page_range_not_applicable', `page_range applies to PDFs and multi-page TIFFs; this document is a ${kind} image. Send the request without page_range`);
    return [1, 1];
  }
  if (!requested) return [1, Math.min(totalPages, maxPages)];
  const [start, end] = requested;
  if (start > totalPages) {
    throw new ServiceError('validation_failed', `page_range: start ${start} is past the last page (the document has ${totalPages})`, [{ field: 'page_range', rule: `start must be at most ${totalPages}` }]);
  }
  return [start, Math.min(end, totalPages)];
}
