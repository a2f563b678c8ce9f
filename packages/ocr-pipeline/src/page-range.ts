import { MAX_PAGES_PER_REQUEST, ServiceError } from '@docsvc/schemas';

/** Documents whose pages page_range selects; any other image is a single page. */
export const PAGED_KINDS = new Set(['pdf', 'tiff']);

/**
 * The pages to process, from the request's page_range and the document: `end` past the last page is
 * clamped, `start` past it is refused; omitted, the first `maxPages` pages (MAX_PAGES_PER_REQUEST for
 * a synchronous request, MAX_JOB_PAGES for a job). A page_range on a single image is refused
 * (page_range_not_applicable).
 */
export function resolvePageRange(requested: readonly [number, number] | undefined, kind: string, totalPages: number, maxPages = MAX_PAGES_PER_REQUEST): [number, number] {
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
