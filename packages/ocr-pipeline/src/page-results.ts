import { pagesOf, type OcrPageResult, type PageRange } from '@docsvc/schemas';
import type { ObjectStore } from '@docsvc/storage';

/** Where a page's result is kept under a prefix: its 6-digit page number, so that a listing is in page order. */
const keyOf = (prefix: string, page: number) => `${prefix}${String(page).padStart(6, '0')}.json`;

/**
 * The results of a document's pages in the bucket, one JSON object per page under `prefix`: written
 * as each page ends (a job's progress, what it resumes from), read back a page at a time by whoever
 * answers or renders them (the job routes, the searchable PDF), so that a 2,000-page document is
 * never held whole. The one place that knows how a page result is stored.
 */
export class PageResults {
  constructor(
    private readonly store: ObjectStore,
    /** e.g. `jobs/<id>/pages/`, or `work/<request>/pages/` for a synchronous request's searchable PDF. */
    readonly prefix: string,
  ) {}

  async put(result: OcrPageResult): Promise<void> {
    await this.store.put(keyOf(this.prefix, result.page), JSON.stringify(result), { contentType: 'application/json' });
  }

  /** One page's result; rejects with the store's ObjectNotFoundError when it is not there. */
  async get(page: number): Promise<OcrPageResult> {
    return JSON.parse((await this.store.getBytes(keyOf(this.prefix, page))).toString('utf8')) as OcrPageResult;
  }

  /** The pages of `range` in order, read one at a time as the caller goes (`only`: just these pages). */
  async *range(range: Readonly<PageRange>, only?: (page: number) => boolean): AsyncGenerator<OcrPageResult> {
    for (const page of pagesOf(range)) if (!only || only(page)) yield await this.get(page);
  }
}
