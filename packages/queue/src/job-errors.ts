import { UnrecoverableError } from 'bullmq';
import { ServiceError, isErrorCode } from '@docsvc/schemas';
import { failureClass } from './retry-policy.js';

const MARK = 'docsvc-error:';

/**
 * The error a processor throws, encoded for the queue. BullMQ keeps only a failed job's message,
 * so the contract code travels in it. A permanent failure (retry-policy.ts) becomes
 * UnrecoverableError: BullMQ does not try it again.
 */
export function toJobError(err: unknown): Error {
  if (err instanceof ServiceError) {
    const message = MARK + JSON.stringify(err.toJSON());
    return failureClass(err) === 'permanent' ? new UnrecoverableError(message) : new Error(message);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** BullMQ's reason for a job whose workers died (killed, crashed) more than maxStalledCount times. */
const STALLED = /stalled more than allowable limit/;

/** The ServiceError a failed job's reason carries, or an internal_error for anything else. */
export function fromJobFailure(reason: string): ServiceError {
  if (STALLED.test(reason)) {
    return new ServiceError(
      'internal_error',
      'the workers processing this request stopped (crashed or were killed) each time they took it up; it was not retried further; quote the log_id when reporting it',
    );
  }
  if (reason.startsWith(MARK)) {
    try {
      const parsed = JSON.parse(reason.slice(MARK.length)) as { code: unknown; message: string; details?: unknown[] };
      if (isErrorCode(parsed.code)) return new ServiceError(parsed.code, parsed.message, parsed.details ?? []);
    } catch {
      // fall through
    }
  }
  return new ServiceError('internal_error', 'a worker failed while processing this request; quote the log_id when reporting it');
}
