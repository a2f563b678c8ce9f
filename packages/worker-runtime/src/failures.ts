// The error module alone: the fetcher itself (undici) is loaded only by workers that download.
import { isFetchError } from '@docsvc/fetcher/errors';
import { isDependencyDown } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';

/** Upstream statuses worth another try: the server's trouble, not the document's. */
const TRANSIENT_STATUS = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

/**
 * What a processor threw, as the error the queue should see: a ServiceError whenever the failure
 * has a contract code, with `retryable` deciding BullMQ's policy (job-errors.ts):
 * - download failures keep their code (download_failed, download_timeout, file_too_large,
 *   url_not_allowed); an upstream 5xx/429/408, a dropped connection or a connect timeout is
 *   retryable, an upstream 404 or an over-long download is not;
 * - Redis or S3 unreachable (or S3 answering 5xx) is a retryable 503 dependency_unavailable;
 * - anything else (a fault of the worker) stays as it is: retried, then a 500 internal_error.
 */
export function toServiceError(err: unknown): unknown {
  if (err instanceof ServiceError) return err;
  if (isFetchError(err)) {
    const detail = (err.details[0] ?? {}) as Record<string, unknown>;
    const status = typeof detail.upstream_status === 'number' ? detail.upstream_status : undefined;
    const retryable =
      (err.code === 'download_failed' && (status !== undefined ? TRANSIENT_STATUS(status) : detail.reason === 'connection_failed')) ||
      (err.code === 'download_timeout' && detail.phase === 'connect');
    return new ServiceError(err.code, err.message, [...err.details], retryable);
  }
  if (isDependencyDown(err)) {
    return new ServiceError('dependency_unavailable', 'object storage or Redis was unavailable while processing this request; retry shortly', [], true);
  }
  return err;
}

/** Whether BullMQ will try the job again after this (normalised) failure. */
export const isRetryable = (err: unknown): boolean => !(err instanceof ServiceError) || err.retryable;

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
