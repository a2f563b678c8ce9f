import type { JobsOptions } from 'bullmq';
import { ServiceError } from '@docsvc/schemas';
import { isDependencyDown } from './dependency-errors.js';

/**
 * What a failure is, decided by the error alone (as BullMQ's UnrecoverableError is), never by the
 * caller that sees it:
 * - `outage`: Redis or S3 unreachable, from this process or as a worker reported it: nobody's fault,
 *   waited out for as long as the work may wait;
 * - `transient`: a ServiceError its thrower marked retryable (an upstream 5xx, a thread that died):
 *   tried again a few times;
 * - `permanent`: any other ServiceError (a corrupt PDF, a 404 download): it would fail again, so it
 *   never is tried again;
 * - `fault`: anything else, a bug or a broken invariant: tried again a few times, then reported as
 *   internal_error.
 */
export type FailureClass = 'outage' | 'transient' | 'permanent' | 'fault';

export function failureClass(err: unknown): FailureClass {
  if (isDependencyDown(err) || (err instanceof ServiceError && err.code === 'dependency_unavailable')) return 'outage';
  if (err instanceof ServiceError) return err.retryable ? 'transient' : 'permanent';
  return 'fault';
}

/** Whether work that failed this way may be tried again at all. */
export const mayRetry = (err: unknown): boolean => failureClass(err) !== 'permanent';

/** How often and how soon one kind of work is tried again. */
export interface RetryRule {
  /** Tries in all (1: never again). */
  attempts: number;
  /** Wait before the second try; doubled for each further one. */
  backoffMs: number;
}

/**
 * The retry policy of the whole service, one row per kind of work:
 * - `step`: a job of a request in its queue (prepare, raster, recognise a page, a translation
 *   chunk): BullMQ tries it again after a transient failure, an outage or a fault;
 * - `jobPage`: a page of an OCR job that failed transiently (or by a fault) after its steps' own
 *   tries: the job's coordinator asks for the page again, with its own backoff;
 * - `document`: an OCR job's run (worker-jobs): an outage is waited out over all its attempts
 *   (about twelve days of doubling from 2 s), a fault given up after `faultAttempts`; then the job
 *   ends failed (apps/worker-jobs give-up.ts).
 * Webhook deliveries keep trying for WEBHOOK_RETRY_HOURS (apps/worker-jobs deliver-webhook.ts).
 */
export const RETRY_POLICY = {
  step: { attempts: 3, backoffMs: 1_000 },
  jobPage: { attempts: 3, backoffMs: 1_000 },
  document: { attempts: 20, backoffMs: 2_000, faultAttempts: 3 },
} as const satisfies Record<string, RetryRule & { faultAttempts?: number }>;

/** The wait before try `attempt + 1` after try `attempt` failed (1-based), doubling from the rule's backoff. */
export const backoffAfter = (rule: RetryRule, attempt: number): number => rule.backoffMs * 2 ** (attempt - 1);

/** Whether a page of an OCR job that failed with `err` on try `attempt` is asked for again (an outage stops the whole run instead). */
export function retriesPage(err: unknown, attempt: number): boolean {
  const kind = failureClass(err);
  return (kind === 'transient' || kind === 'fault') && attempt < RETRY_POLICY.jobPage.attempts;
}

/** Whether an OCR job's run that threw `err` on try `attempt` of `attempts` is its last: the job then ends failed. */
export function givesUpDocument(err: unknown, attempt: number, attempts: number): boolean {
  return attempt >= attempts || (failureClass(err) !== 'outage' && attempt >= RETRY_POLICY.document.faultAttempts);
}

/**
 * BullMQ job options of a row (attempts, exponential backoff), with what every job of the service
 * has: finished jobs are removed, failed ones too (their error reaches the waiting request and the
 * logs, under the request's log_id), so nothing of a request stays in Redis. A deterministic failure
 * becomes UnrecoverableError in the worker (job-errors.ts) and is not tried again whatever `attempts` says.
 */
export function jobOptions(rule: RetryRule): JobsOptions {
  return { attempts: rule.attempts, backoff: { type: 'exponential', delay: rule.backoffMs }, removeOnComplete: true, removeOnFail: true };
}
