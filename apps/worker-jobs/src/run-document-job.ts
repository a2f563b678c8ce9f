import { Readable } from 'node:stream';
import { answerJsonChunks, buildOcrAnswer, type PageResult } from '@docsvc/assembly';
import type { Logger } from '@docsvc/logger';
import { jobObjects, type JobPlan, type JobRecord, type JobStore } from '@docsvc/ocr-jobs';
import { prepareDocument, readDocumentPage, resolvePageRange, type OcrQueues, type RunStep } from '@docsvc/ocr-pipeline';
import {
  enqueue,
  workPrefix,
  type EnqueuedJob,
  type OcrDocumentResult,
  type PrepareResult,
  type QueueHandles,
} from '@docsvc/queue';
import { ServiceError, isFinalJobStatus, type OcrJobError, type OcrRequest } from '@docsvc/schemas';
import type { ObjectStore } from '@docsvc/storage';
import { isRetryable, toServiceError } from '@docsvc/worker-runtime';
import { giveUpDocumentJob, givesUp, isOutage, type QueueAttempt } from './give-up.js';

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
  /** Attempts at a page whose failure was transient (each attempt itself retried by BullMQ). */
  pageAttempts: number;
  /** How often a running job's record is read to notice a cancellation. */
  cancelCheckMs: number;
  /** Announces a job's end (its webhook, when it has one). */
  announce(job: JobRecord): Promise<void>;
  /** Counts a page read for the job (metrics). */
  countPage?(page: PageResult): void;
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
  const waiting: Array<EnqueuedJob<unknown>> = [];
  let stopped = false;
  const step = (async (queue: 'pdf' | 'ocr', name: string, data: unknown, what: { page?: number; kind: string }) => {
    const id = `${jobId}.${what.kind}${what.page ? `.${what.page}` : ''}`;
    const handles = deps[queue] as QueueHandles<unknown, unknown>;
    for (;;) {
      if (stopped) throw new ServiceError('timeout', 'job cancelled');
      const enqueued = await enqueue(handles, name, data, deps.stepWaitMs, { jobId: id, priority: deps.priority });
      waiting.push(enqueued);
      try {
        return await enqueued.finished;
      } catch (err) {
        // Still queued behind other work after stepWaitMs: wait again (the same id adds nothing).
        if (err instanceof ServiceError && err.code === 'timeout' && !stopped) continue;
        throw err;
      } finally {
        waiting.splice(waiting.indexOf(enqueued), 1);
      }
    }
  }) as RunStep;

  // A cancellation is seen within cancelCheckMs; pages already handed out finish and are discarded.
  const watch = setInterval(() => {
    void deps.jobs
      .get(jobId)
      .then((now) => {
        if (now?.status === 'cancelled' && !stopped) {
          stopped = true;
          void removeWaiting(waiting);
        }
      })
      .catch(() => undefined);
  }, deps.cancelCheckMs);

  try {
    const plan = record.plan ?? (await makePlan(deps, record, step));
    const done = await deps.jobs.donePages(jobId);
    const pages = range(plan.pageRange).filter((p) => !done.has(p));
    log.info({ job_id: jobId, kind: plan.kind, total_pages: plan.totalPages, page_range: plan.pageRange, pages_left: pages.length }, pages.length === range(plan.pageRange).length ? 'OCR job started' : 'OCR job resumed');

    const spec = record.spec;
    const options = {
      requestId,
      dpi: spec.dpi,
      forceOcr: spec.options.force_ocr === true,
      language: spec.options.language ?? 'auto',
      fineGrained: spec.options.fine_grained === true,
    };
    let failure: OcrJobError | undefined;
    let held = 0;
    let deferred = false;
    const readOne = async (page: number): Promise<void> => {
      // A slot among the key's pages in work; the key's other jobs hold the rest. A job that holds
      // none and gets none for a while steps aside (see 'deferred') rather than keep a coordinator.
      const waitingSince = Date.now();
      while (!(await deps.jobs.takeSlot(record.owner, jobId, page, deps.pagesInFlight))) {
        if (stopped) return;
        if (held === 0 && Date.now() - waitingSince > DEFER_AFTER_MS) {
          deferred = true;
          stopped = true;
          return;
        }
        await sleep(100 + Math.random() * 200);
      }
      held += 1;
      try {
        await readPageOnce(page);
      } finally {
        held -= 1;
        await deps.jobs.endPage(record.owner, jobId, page).catch(() => undefined);
      }
    };
    const readPageOnce = async (page: number): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await readDocumentPage(step, planAsPrepared(plan), page, options);
          if (stopped) return;
          await deps.store.put(jobObjects.page(jobId, page), JSON.stringify(result), { contentType: 'application/json' });
          await deps.jobs.pageDone(jobId, page);
          deps.countPage?.(result);
          return;
        } catch (err) {
          if (stopped) return;
          // Redis or S3 down: not the page's fault. The whole run stops and BullMQ runs it again
          // (resuming) once they are back, however long that takes.
          if (isOutage(err)) throw err;
          if (isRetryable(toServiceError(err)) && attempt < deps.pageAttempts) {
            log.warn({ job_id: jobId, page, attempt, err }, 'OCR job page failed transiently; trying it again');
            await sleep(1_000 * 2 ** (attempt - 1));
            continue;
          }
          throw new PageFailure(jobError(err, page));
        }
      }
    };
    try {
      await eachLimited(pages, deps.pagesInFlight, readOne, () => stopped);
    } catch (err) {
      stopped = true;
      if (!(err instanceof PageFailure)) throw err;
      failure = err.jobError;
      await removeWaiting(waiting);
    }

    if (failure) {
      await deps.jobs.transition(jobId, 'failed', { error: failure });
      log.info({ job_id: jobId, code: failure.code, page: failure.page }, 'OCR job failed');
      return await ended(deps, jobId, 'failed');
    }
    if (deferred && (await deps.jobs.get(jobId))?.status === 'running') {
      log.debug({ job_id: jobId }, "OCR job deferred: its key's page slots are held by its other jobs");
      return { status: 'deferred' };
    }
    if ((await deps.jobs.get(jobId))?.status === 'cancelled') {
      log.info({ job_id: jobId }, 'OCR job cancelled');
      return await ended(deps, jobId, 'cancelled');
    }

    // One answer assembled at a time in this process: 2,000 dense pages take about 520 MB of heap.
    const pageCount = await assembling.run(async () => {
      const results: PageResult[] = [];
      for (const p of range(plan.pageRange)) results.push(JSON.parse((await deps.store.getBytes(jobObjects.page(jobId, p))).toString('utf8')) as PageResult);
      const answer = buildOcrAnswer({ request: spec.options as OcrRequest, kind: plan.kind, totalPages: plan.totalPages, pageRange: plan.pageRange, pages: results, logId: requestId });
      // Streamed to S3 (a multipart upload) in pieces: never one 300 MB string.
      await deps.store.put(jobObjects.answer(jobId), Readable.from(asBuffers(answerJsonChunks(answer))), { contentType: 'application/json' });
      return results.length;
    });
    const before = await deps.jobs.transition(jobId, 'succeeded');
    if (before === 'cancelled') return await ended(deps, jobId, 'cancelled');
    log.info({ job_id: jobId, pages: pageCount }, 'OCR job succeeded');
    return await ended(deps, jobId, 'succeeded');
  } catch (err) {
    // A document the service cannot take (corrupt, encrypted, a page range past its end) fails the
    // job; anything transient (Redis, S3) is thrown so that BullMQ runs the job again, resuming it.
    const e = toServiceError(err);
    if (e instanceof ServiceError && !e.retryable) {
      const failure = jobError(e);
      await deps.jobs.transition(jobId, 'failed', { error: failure });
      log.info({ job_id: jobId, code: failure.code }, 'OCR job failed');
      return await ended(deps, jobId, 'failed');
    }
    // The last run BullMQ would make: the record ends here, not `running` for ever.
    if (attempt && givesUp({ ...attempt, err })) return await giveUpDocumentJob(deps, jobId, { ...attempt, err }, log);
    throw err;
  } finally {
    clearInterval(watch);
    stopped = true;
    await removeWaiting(waiting);
    // Once the job has ended: its rasters and a downloaded document (kept while it may resume); the
    // upload and results stay until the job expires.
    const ended = await deps.jobs.get(jobId).then((j) => !j || isFinalJobStatus(j.status), () => false);
    if (ended) await deps.store.deletePrefix(workPrefix(requestId)).catch((err: unknown) => log.warn({ err, job_id: jobId }, 'intermediate objects not deleted'));
  }
}

/** The job's end, announced. */
async function ended(deps: CoordinatorDeps, jobId: string, status: OcrDocumentResult['status']): Promise<OcrDocumentResult> {
  const job = await deps.jobs.get(jobId);
  if (job) await deps.announce(job);
  return { status };
}

/** Prepares the document once and keeps what it found on the record, so that a resumed job does not prepare it again. */
async function makePlan(deps: CoordinatorDeps, record: JobRecord, step: RunStep): Promise<JobPlan> {
  const prepared = await prepareDocument(step, record.logId, record.spec.source, jobObjects.download(record.id));
  const pageRange = resolvePageRange(record.spec.options.page_range, prepared.kind, prepared.pageCount, record.spec.maxPages);
  const plan: JobPlan = { kind: prepared.kind, totalPages: prepared.pageCount, pageRange, sourceKey: prepared.sourceKey };
  await deps.jobs.setPlan(record.id, plan);
  return plan;
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

/** A page that failed for good: the job fails with its error. */
class PageFailure extends Error {
  constructor(readonly jobError: OcrJobError) {
    super(jobError.message);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const planAsPrepared = (plan: JobPlan): PrepareResult => ({ kind: plan.kind, pageCount: plan.totalPages, sourceKey: plan.sourceKey });

const range = ([start, end]: [number, number]): number[] => Array.from({ length: end - start + 1 }, (_, i) => start + i);

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

/** Removes this job's steps that are still waiting in a queue (not those being worked on). */
async function removeWaiting(waiting: Array<EnqueuedJob<unknown>>): Promise<void> {
  await Promise.all(
    [...waiting].map(async ({ job }) => {
      const state = await job.getState().catch(() => 'unknown');
      if (state === 'waiting' || state === 'prioritized' || state === 'delayed') await job.remove().catch(() => undefined);
    }),
  );
}
