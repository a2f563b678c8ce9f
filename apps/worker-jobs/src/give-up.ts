import type { Logger } from '@docsvc/logger';
import { workPrefix, type OcrDocumentResult } from '@docsvc/queue';
import { ServiceError, isFinalJobStatus, type OcrJobError } from '@docsvc/schemas';
import { toServiceError } from '@docsvc/worker-runtime';
import { isOutage, runDocumentJob, type CoordinatorDeps } from './run-document-job.js';

/**
 * Attempts at a job that fails by a fault of the service itself (an object gone from S3, a bug),
 * not an outage: another attempt a few seconds later may pass, twenty over twelve days would not.
 */
export const FAULT_ATTEMPTS = 3;

/** A run of a document job that threw, as the queue sees it. */
export interface FailedRun {
  /** 1 for the first run. */
  attempt: number;
  /** The queue's attempts for the job (an outage is waited out over all of them). */
  attempts: number;
  err: unknown;
}

/** Whether BullMQ must not run the job again after this run: its record is then ended here. */
export function givesUp(run: FailedRun): boolean {
  return run.attempt >= run.attempts || (!isOutage(run.err) && run.attempt >= FAULT_ATTEMPTS);
}

/** What the job's status shows for a job given up: the failure's code when it has one. */
function givenUpError(run: FailedRun): OcrJobError {
  const e = toServiceError(run.err);
  if (e instanceof ServiceError) return { code: e.code, message: `${e.message} (the job was given up after ${run.attempt} attempts; submit it again)` };
  return { code: 'internal_error', message: `internal error; the job was given up after ${run.attempt} attempts; quote the job id when reporting it` };
}

/**
 * Ends the record of a job the queue gives up on as `failed`, frees its page slots and announces it,
 * so that nobody polls a job left `running` for ever. A job already ended (cancelled meanwhile) is
 * left as it is.
 */
export async function giveUpDocumentJob(deps: Pick<CoordinatorDeps, 'jobs' | 'announce' | 'store'>, jobId: string, run: FailedRun, log: Logger): Promise<OcrDocumentResult> {
  const error = givenUpError(run);
  const before = await deps.jobs.transition(jobId, 'failed', { error });
  if (before === undefined) return { status: 'cancelled' }; // expired or removed meanwhile
  if (isFinalJobStatus(before)) return { status: before as OcrDocumentResult['status'] };
  log.error({ job_id: jobId, attempt: run.attempt, attempts: run.attempts, code: error.code, err: run.err }, 'OCR job given up: no attempt left');
  const job = await deps.jobs.get(jobId);
  if (!job) return { status: 'failed' };
  // Its rasters and a downloaded document, kept while it could resume (the upload and the pages read stay until it expires).
  await deps.store.deletePrefix(workPrefix(job.logId)).catch((err: unknown) => log.warn({ err, job_id: jobId }, 'intermediate objects not deleted'));
  await deps.announce(job);
  return { status: 'failed' };
}

/**
 * One run of a document job, as the queue makes it (`attempt` of `attempts`): a run that throws is run
 * again by BullMQ (resuming), unless it was the last one BullMQ would make; the record then ends here.
 */
export async function runDocumentAttempt(deps: CoordinatorDeps, jobId: string, attempt: Omit<FailedRun, 'err'>, log: Logger): Promise<OcrDocumentResult> {
  try {
    return await runDocumentJob(deps, jobId, log);
  } catch (err) {
    const run = { ...attempt, err };
    if (!givesUp(run)) throw err;
    return await giveUpDocumentJob(deps, jobId, run, log);
  }
}
