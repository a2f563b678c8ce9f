// The error module alone: the fetcher itself (undici) is loaded only by workers that download.
import { isFetchError } from '@docsvc/fetcher/errors';
import { isDependencyDown } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';

/**
 * What a processor threw, as the error the queue should see: a ServiceError whenever the failure
 * has a contract code, its `retryable` as the error declared it (the retry policy, @docsvc/queue
 * retry-policy.ts, reads the class of failure from it):
 * - download failures keep their code and their own retryability (FetchError.retryable);
 * - Redis or S3 unreachable (or S3 answering 5xx) is a retryable 503 dependency_unavailable;
 * - anything else (a fault of the worker) stays as it is: retried, then a 500 internal_error.
 */
export function toServiceError(err: unknown): unknown {
  if (err instanceof ServiceError) return err;
  if (isFetchError(err)) return new ServiceError(err.code, err.message, [...err.details], err.retryable);
  if (isDependencyDown(err)) {
    return new ServiceError('dependency_unavailable', 'object storage or Redis was unavailable while processing this request; retry shortly', [], true);
  }
  return err;
}

/** An error as it crosses a thread boundary (structured clone keeps no class). */
export type SerializedError =
  | { kind: 'service'; code: ServiceError['code']; message: string; details: unknown[]; retryable: boolean }
  | { kind: 'error'; name: string; message: string; stack?: string | undefined };

export function serializeError(err: unknown): SerializedError {
  const normalized = toServiceError(err);
  if (normalized instanceof ServiceError) {
    return { kind: 'service', code: normalized.code, message: normalized.message, details: normalized.details, retryable: normalized.retryable };
  }
  const e = normalized instanceof Error ? normalized : new Error(String(normalized));
  return { kind: 'error', name: e.name, message: e.message, stack: e.stack };
}

export function deserializeError(s: SerializedError): Error {
  if (s.kind === 'service') return new ServiceError(s.code, s.message, s.details, s.retryable);
  const err = new Error(s.message);
  err.name = s.name;
  if (s.stack) err.stack = s.stack;
  return err;
}
