import { Readable } from 'node:stream';
import { answerJsonChunks, buildOcrAnswer } from '@docsvc/assembly';
import type { Logger } from '@docsvc/logger';
import { jobObjects, type JobRecord, type JobStore } from '@docsvc/ocr-jobs';
import { PageFailure, PageResults, StepRunner, readDocument, type OcrQueues } from '@docsvc/ocr-pipeline';
import { failureClass, givesUpDocument, workPrefix, type OcrDocumentResult } from '@docsvc/queue';
import { ServiceError, asksForFields, asksForTables, isFinalJobStatus, pageCount, pagesOf, type OcrJobError, type OcrPageResult } from '@docsvc/schemas';
import type { ObjectStore } from '@docsvc/storage';
import { toServiceError } from '@docsvc/worker-runtime';
import { giveUpDocumentJob, type QueueAttempt } from './give-up.js';

export interface CoordinatorDeps extends OcrQueues {
  store: ObjectStore;
  jobs: JobStore;
  /**
   * Pages of one API key's jobs, all together, queued or in work at once (JOB_PAGES_IN_FLIGHT). Every
   * key with work has that many pages in the queue at most, in arrival order: the workers serve keys
   * in turn, whatever number of jobs each runs.
   */
  pagesInFlight: number;
  /** BullMQ priority of job pages (lower runs first; synchronous requests have none, so go first). */
  priority: number;
  /** How long one step is waited for before its job is looked up again. */
  stepWaitMs: number;
  /** How often a running job's record is read to notice a cancellation. */
  cancelCheckMs: number;
  /** Announces a job's end (its webhook, when it has one). */
  announce(job: JobRecord): Promise<void>;
  /** Counts a page read for the job (metrics). */
  countPage?(page: OcrPageResult): void;
}

/** The job's error as the job's status shows it: the synchronous route's code and message, and the page. */
function jobError(err: unknown, page?: number): OcrJobError {
  const e = toServiceError(err);
  if (e instanceof ServiceError) return { code: e.code, message: e.message, ...(page ? { page } : {}), ...(e.details.length ? { details: e.details } : {}) };
  return { code: 'internal_error', message: 'internal error; quote the job id when reporting it', ...(page ? { page } : {}) };
}

/**
 * Runs one OCR job to its end and records it: prepares the document (once: the plan is kept), then
 * reads its pages, at most `pagesInFlight` at a time, storing each page's result as it ends. Resumable:
 * after a crash the job is taken up again (BullMQ's stalled-job recovery) and skips the pages already
 * stored; steps carry ids derived from the job, so a step still in a queue is waited for, not repeated.
 * Ends succeeded (the whole answer stored), failed (the first page that failed for good, with its
 * code) or cancelled (noticed between pages; pages in work finish and are discarded). Given the queue's
 * `attempt`, a run that throws on the last run BullMQ would make ends the job failed (give-up.ts).
 */
export async function runDocumentJob(deps: CoordinatorDeps, jobId: string, log: Logger, attempt?: QueueAttempt): Promise<OcrDocumentResult> {
  const record = await deps.jobs.get(jobId);
  if (!record) {
    log.warn({ job_id: jobId }, 'OCR job record not found (expired or removed); nothing to do');
    return { status: 'cancelled' };
  }
  if (isFinalJobStatus(record.status)) {
    // Ended while this job waited, or before a crash: announced unless an attempt was already made.
    if (!record.webhook) await deps.announce(record);
    return { status: record.status as OcrDocumentResult['status'] };
  }
  // Its key's page slots all taken by the key's other jobs: this job would only wait, holding a place
  // another key's job could use. It goes back to the queue for a while instead.
  if ((await deps.jobs.slotsHeldByOthers(record.owner, jobId)) >= deps.pagesInFlight) return { status: 'deferred' };
  await deps.jobs.transition(jobId, 'running');

  const requestId = record.logId;
  const steps = new StepRunner(deps, { durable: { jobId, priority: deps.priority, waitMs: deps.stepWaitMs } });
  // A cancellation is seen within cancelCheckMs; pages already handed out finish and are discarded.
  const watch = setInterval(() => {
    void deps.jobs
      .get(jobId)
      .then((now) => {
        if (now?.status === 'cancelled' && !steps.stopped) void steps.stop('job cancelled');
      })
      .catch(() => undefined);
  }, deps.cancelCheckMs);

  try {
    const spec = record.spec;
    const results = new PageResults(deps.store, jobObjects.pages(jobId));
    let deferred = false;
    let held = 0;
    /** A slot among the key's pages in work (the key's other jobs hold the rest), then the page. A job that holds none and gets none for a while steps aside ('deferred') rather than keep a coordinator. */
    const inSlot = (read: (page: number) => Promise<void>) => async (page: number) => {
      const waitingSince = Date.now();
      while (!(await deps.jobs.takeSlot(record.owner, jobId, page, deps.pagesInFlight))) {
        if (steps.stopped) return;
        if (held === 0 && Date.now() - waitingSince > DEFER_AFTER_MS) {
          deferred = true;
          await steps.stop('job deferred');
          return;
        }
        await sleep(100 + Math.random() * 200);
      }
      held += 1;
      try {
        await read(page);
      } finally {
        held -= 1;
        await deps.jobs.endPage(record.owner, jobId, page).catch(() => undefined);
      }
    };
    let plan;
    try {
      plan = await readDocument(
        {
          requestId,
          source: spec.source,
          keepSourceAt: jobObjects.download(jobId),
          pageRange: spec.options.page_range,
          maxPages: spec.maxPages,
          page: { dpi: spec.dpi, forceOcr: spec.options.force_ocr === true, language: spec.options.language ?? 'auto', fineGrained: spec.options.fine_grained === true, drawnLines: asksForTables(spec.options.features), readFields: asksForFields(spec.options.prompt) },
        },
        {
          steps,
          plan: record.plan,
          planned: (made) => deps.jobs.setPlan(jobId, made),
          toRead: async (made) => {
            const done = await deps.jobs.donePages(jobId);
            const pages = pagesOf(made.pageRange).filter((p) => !done.has(p));
            log.info({ job_id: jobId, kind: made.kind, total_pages: made.totalPages, page_range: made.pageRange, pages_left: pages.length }, pages.length === pageCount(made.pageRange) ? 'OCR job started' : 'OCR job resumed');
            return pages;
          },
          schedule: (pages, read) => eachLimited(pages, deps.pagesInFlight, inSlot(read), () => steps.stopped),
          keep: async (result) => {
            await results.put(result);
            await deps.jobs.pageDone(jobId, result.page);
            deps.countPage?.(result);
          },
          durable: true,
          log: log.child({ job_id: jobId }),
        },
      );
    } catch (err) {
      if (!(err instanceof PageFailure)) throw err;
      if (await wasCancelled(deps, jobId)) return await cancelled(deps, jobId, log);
      await steps.stop('job failed');
      const failure = jobError(err.cause, err.page);
      await deps.jobs.transition(jobId, 'failed', { error: failure });
      log.info({ job_id: jobId, code: failure.code, page: failure.page }, 'OCR job failed');
      return await ended(deps, jobId, 'failed');
    }

    if (deferred && (await deps.jobs.get(jobId))?.status === 'running') {
      log.debug({ job_id: jobId }, "OCR job deferred: its key's page slots are held by its other jobs");
      return { status: 'deferred' };
    }
    if (await wasCancelled(deps, jobId)) return await cancelled(deps, jobId, log);

    // One answer assembled at a time in this process: 2,000 dense pages take about 520 MB of heap.
    const done = plan;
    const answered = await assembling.run(async () => {
      const read: OcrPageResult[] = [];
      for await (const page of results.range(done.pageRange)) read.push(page);
      const answer = buildOcrAnswer({ request: spec.options, kind: done.kind, totalPages: done.totalPages, pageRange: done.pageRange, maxPages: spec.maxPages, skippedImages: done.skippedImages, pages: read, logId: requestId });
      // Streamed to S3 (a multipart upload) in pieces: never one 300 MB string.
      await deps.store.put(jobObjects.answer(jobId), Readable.from(asBuffers(answerJsonChunks(answer))), { contentType: 'application/json' });
      return read.length;
    });
    const before = await deps.jobs.transition(jobId, 'succeeded');
    if (before === 'cancelled') return await ended(deps, jobId, 'cancelled');
    log.info({ job_id: jobId, pages: answered }, 'OCR job succeeded');
    return await ended(deps, jobId, 'succeeded');
  } catch (err) {
    // Cancelled meanwhile: what failed is a step the cancellation took out of its queue (the document
    // being prepared, say), or one whose result nobody wants any more; not the job.
    if (await wasCancelled(deps, jobId)) return await cancelled(deps, jobId, log);
    // A document the service cannot take (corrupt, encrypted, a page range past its end) fails the
    // job; an outage or a fault is thrown so that BullMQ runs the job again, resuming it.
    if (failureClass(toServiceError(err)) === 'permanent') {
      const failure = jobError(err);
      await deps.jobs.transition(jobId, 'failed', { error: failure });
      log.info({ job_id: jobId, code: failure.code }, 'OCR job failed');
      return await ended(deps, jobId, 'failed');
    }
    // The last run BullMQ would make: the record ends here, not `running` for ever.
    if (attempt && givesUpDocument(err, attempt.attempt, attempt.attempts)) return await giveUpDocumentJob(deps, jobId, { ...attempt, err }, log);
    throw err;
  } finally {
    clearInterval(watch);
    await steps.stop('job ended');
    // Once the job has ended: its rasters and a downloaded document (kept while it may resume); the
    // upload and results stay until the job expires.
    const ended = await deps.jobs.get(jobId).then((j) => !j || isFinalJobStatus(j.status), () => false);
    if (ended) await deps.store.deletePrefix(workPrefix(requestId)).catch((err: unknown) => log.warn({ err, job_id: jobId }, 'intermediate objects not deleted'));
  }
}

/** Whether the job's record says cancelled (unreadable: no, and the caller goes on as it would). */
const wasCancelled = (deps: CoordinatorDeps, jobId: string) => deps.jobs.get(jobId).then((job) => job?.status === 'cancelled', () => false);

/** The end of a job cancelled while it ran, logged and announced. */
async function cancelled(deps: CoordinatorDeps, jobId: string, log: Logger): Promise<OcrDocumentResult> {
  log.info({ job_id: jobId }, 'OCR job cancelled');
  return await ended(deps, jobId, 'cancelled');
}

/** The job's end, announced. */
async function ended(deps: CoordinatorDeps, jobId: string, status: OcrDocumentResult['status']): Promise<OcrDocumentResult> {
  const job = await deps.jobs.get(jobId);
  if (job) await deps.announce(job);
  return { status };
}

/** How long a job that holds no page slot waits for one before it steps aside. */
const DEFER_AFTER_MS = 2_000;

/** Runs one task at a time, in call order. */
class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
const assembling = new OneAtATime();

function* asBuffers(chunks: Iterable<string>): Generator<Buffer> {
  for (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` over `items`, at most `limit` at once, in order; the first failure stops new starts and is thrown once all started ones settle. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>, stop: () => boolean): Promise<void> {
  let next = 0;
  let failed: { err: unknown } | undefined;
  const lane = async () => {
    while (!failed && !stop() && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed) throw failed.err;
}
