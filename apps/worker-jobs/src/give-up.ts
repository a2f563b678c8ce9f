import type { Logger } from '@docsvc/logger';
import type { OcrDocumentResult } from '@docsvc/queue';
import { ServiceError, isFinalJobStatus, type OcrJobError } from '@docsvc/schemas';
import { toServiceError } from '@docsvc/worker-runtime';
import type { CoordinatorDeps } from './run-document-job.js';

/** Which run of a document job this is, as the queue counts them. */
export interface QueueAttempt {
  /** 1 for the first run. */
  attempt: number;
  /** The queue's attempts for the job (an outage is waited out over all of them). */
  attempts: number;
}

/** A run of a document job that threw. */
export interface FailedRun extends QueueAttempt {
  err: unknown;
}

/** What the job's status shows for a job given up: the failure's code when it has one. */
function givenUpError(run: FailedRun): OcrJobError {
  const e = toServiceError(run.err);
  if (e instanceof ServiceError) return { code: e.code, message: `${e.message} (the job was given up after ${run.attempt} attempts; submit it again)` };
  return { code: 'internal_error', message: `internal error; the job was given up after ${run.attempt} attempts; quote the job id when reporting it` };
}

/**
 * Ends the record of a job the queue gives up on (the retry policy's givesUpDocument) as `failed`, frees its page slots and announces it,
 * so that nobody polls a job left `running` for ever. A job already ended (cancelled meanwhile) is
 * left as it is.
 */
export async function giveUpDocumentJob(deps: Pick<CoordinatorDeps, 'jobs' | 'announce'>, jobId: string, run: FailedRun, log: Logger): Promise<OcrDocumentResult> {
  const error = givenUpError(run);
  const before = await deps.jobs.transition(jobId, 'failed', { error });
  if (before === undefined) return { status: 'cancelled' }; // expired or removed meanwhile
  if (isFinalJobStatus(before)) return { status: before as OcrDocumentResult['status'] };
  log.error({ job_id: jobId, attempt: run.attempt, attempts: run.attempts, code: error.code, err: run.err }, 'OCR job given up: no attempt left');
  const job = await deps.jobs.get(jobId);
  if (job) await deps.announce(job);
  return { status: 'failed' };
}
