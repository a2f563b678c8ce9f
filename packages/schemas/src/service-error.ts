import { ERROR_STATUS, type ErrorCode } from './error-codes.js';

/**
 * The one error type of the service: a failure with a contract error code, thrown by workers,
 * packages and route handlers alike, and answered by the API as that code's status and the one JSON
 * error shape. `retryable` declares the failure's class for the retry policy (@docsvc/queue
 * retry-policy.ts): a corrupt PDF will be corrupt again (fail at once), a dropped connection may not
 * be (retry with backoff). `headers` are sent with the answer (Retry-After, Allow).
 */
export class ServiceError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: unknown[] = [],
    readonly retryable = false,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = ERROR_STATUS[code];
  }

  /** What crosses the queue: BullMQ keeps only a failed job's message, so the code travels in it. */
  toJSON(): { code: ErrorCode; message: string; details: unknown[] } {
    return { code: this.code, message: this.message, details: this.details };
  }
}
