import { RETRY_POLICY, backoffAfter, failureClass, retriesPage, type DocumentPlan, type DocumentSource } from '@docsvc/queue';
import { pagesOf, resolvePageRange, type OcrPageResult, type PageRange } from '@docsvc/schemas';
import type { StepRunner } from './step-runner.js';
import { prepareDocument, readDocumentPage, type PageOptions } from './steps.js';

/** What is asked of a document: where it is, which pages, how to read them. */
export interface DocumentRequest {
  /** The log_id of the request that asked (every step carries it). */
  requestId: string;
  source: DocumentSource;
  /** Where a downloaded document is kept (an OCR job keeps it for its searchable PDF); default: under the request's work/ prefix. */
  keepSourceAt?: string;
  /** The request's page_range, if any. */
  pageRange?: Readonly<PageRange> | undefined;
  /** The most pages read when no page_range is given (10 for a request, MAX_JOB_PAGES for a job). */
  maxPages: number;
  page: Omit<PageOptions, 'requestId'>;
}

/** How the pages are read: the two callers' differences, and nothing else. */
export interface ReadStrategy {
  steps: StepRunner;
  /** The plan made before (a resumed job): the document is not prepared again. */
  plan?: DocumentPlan | undefined;
  /** Keeps a new plan (an OCR job: on its record). */
  planned?(plan: DocumentPlan): Promise<void>;
  /** The plan's pages still to read (a resumed job skips those it stored); default: all of them. */
  toRead?(plan: DocumentPlan): Promise<number[]>;
  /** Calls `read` for every page: all at once (a request), or a few at a time in its key's slots (a job). */
  schedule(pages: readonly number[], read: (page: number) => Promise<void>): Promise<void>;
  /** Keeps a page's result (in memory, or in the bucket as the job's progress). */
  keep(result: OcrPageResult): Promise<void>;
  /**
   * A job's pages outlive one failure: a transient one is asked for again (the retry policy's
   * `jobPage` row), and an outage stops the whole run as it is (the queue runs it again, resuming).
   * A request's first failure answers it.
   */
  durable: boolean;
  /** Where a page asked for again is logged (the job's log). */
  log: { warn(fields: object, message: string): void };
}

/** A page that failed for good: the document's reading fails with its error. */
export class PageFailure extends Error {
  constructor(
    readonly page: number,
    override readonly cause: unknown,
  ) {
    super(`page ${page}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'PageFailure';
  }
}

/** Prepares the document (worker-pdf fetches or reads it and counts its pages) and resolves the pages to read. */
async function planDocument(request: DocumentRequest, steps: StepRunner): Promise<DocumentPlan> {
  const prepared = await prepareDocument(steps.run, request.requestId, request.source, request.keepSourceAt);
  const pageRange = resolvePageRange(request.pageRange, prepared.kind, prepared.pageCount, request.maxPages);
  const [first, last] = pageRange;
  const skippedImages = prepared.skippedImages?.filter((image) => image.page >= first && image.page <= last) ?? [];
  return { kind: prepared.kind, totalPages: prepared.pageCount, pageRange, sourceKey: prepared.sourceKey, ...(skippedImages.length ? { skippedImages } : {}) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads a document, the one way both the synchronous route and an OCR job do: plan it (prepare,
 * resolve page_range), then every page through its steps (raster then recognise for a PDF page,
 * recognise for an image, or its own text layer), each result handed to `keep` as it ends. A page
 * that fails for good rejects with PageFailure (its page and cause); what happens to the steps
 * still in the queues is the caller's (StepRunner.stop). Answers the plan.
 */
export async function readDocument(request: DocumentRequest, strategy: ReadStrategy): Promise<DocumentPlan> {
  const { steps } = strategy;
  let plan = strategy.plan;
  if (!plan) {
    plan = await planDocument(request, steps);
    await strategy.planned?.(plan);
  }
  const pages = (await strategy.toRead?.(plan)) ?? pagesOf(plan.pageRange);
  const prepared = { kind: plan.kind, pageCount: plan.totalPages, sourceKey: plan.sourceKey };
  const options: PageOptions = { requestId: request.requestId, ...request.page };
  await strategy.schedule(pages, async (page) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await readDocumentPage(steps.run, prepared, page, options);
        if (steps.stopped) return; // read after the document was given up: not used
        await strategy.keep(result);
        return;
      } catch (err) {
        if (steps.stopped) return;
        if (strategy.durable && failureClass(err) === 'outage') throw err;
        if (strategy.durable && retriesPage(err, attempt)) {
          strategy.log.warn({ page, attempt, err }, 'page failed transiently; trying it again');
          await sleep(backoffAfter(RETRY_POLICY.jobPage, attempt));
          continue;
        }
        throw new PageFailure(page, err);
      }
    }
  });
  return plan;
}
