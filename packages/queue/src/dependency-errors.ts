const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'ECONNABORTED']);

/**
 * A failure to reach Redis or S3 (refused, reset, timed out, ioredis giving up or refusing while
 * disconnected, S3 answering 5xx): transient, worth retrying later, never the request's fault.
 */
export function isDependencyDown(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: number }; cause?: unknown; errors?: unknown[] };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (e.name === 'MaxRetriesPerRequestError' || e.name === 'TimeoutError' || e.name === 'RequestTimeout') return true;
  if (typeof e.message === 'string' && /Connection is closed|Stream isn't writeable|enableOfflineQueue options is false|Command timed out|socket hang up/.test(e.message)) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (Array.isArray(e.errors) && e.errors.some(isDependencyDown)) return true; // AggregateError of a dual-stack connect
  return e.cause !== undefined && e.cause !== err && isDependencyDown(e.cause);
}
