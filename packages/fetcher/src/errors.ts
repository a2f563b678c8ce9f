export type FetchErrorCode = 'url_not_allowed' | 'download_failed' | 'file_too_large' | 'download_timeout';

/** One entry of `FetchError.details`: machine-readable facts about the failure. */
export type FetchErrorDetail = Readonly<Record<string, string | number>>;

/** HTTP status the API answers with for each code. */
export const fetchErrorHttpStatus: Readonly<Record<FetchErrorCode, number>> = {
  url_not_allowed: 400,
  download_failed: 422,
  file_too_large: 413,
  download_timeout: 504,
};

/** Upstream statuses worth another try: the server's trouble, not the document's. */
const TRANSIENT_STATUS = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

/**
 * Whether the same download may succeed a little later: an upstream 5xx/429/408/425, a dropped
 * connection or a connect timeout may; an upstream 404, a refused address, a file over the limit or a
 * download that was too slow as a whole would fail again.
 */
function isTransient(code: FetchErrorCode, details: readonly FetchErrorDetail[]): boolean {
  const detail = details[0] ?? {};
  const status = typeof detail.upstream_status === 'number' ? detail.upstream_status : undefined;
  if (code === 'download_failed') return status !== undefined ? TRANSIENT_STATUS(status) : detail.reason === 'connection_failed';
  return code === 'download_timeout' && detail.phase === 'connect';
}

/** The only error fetchUrl throws, apart from the caller's own abort reason. */
export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly code: FetchErrorCode;
  readonly httpStatus: number;
  readonly details: readonly FetchErrorDetail[];
  /** Whether a later try may succeed (the service's retry policy reads it). */
  readonly retryable: boolean;

  constructor(code: FetchErrorCode, message: string, details: readonly FetchErrorDetail[] = [], options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.httpStatus = fetchErrorHttpStatus[code];
    this.details = details;
    this.retryable = isTransient(code, details);
  }
}

export function isFetchError(err: unknown): err is FetchError {
  return err instanceof FetchError;
}
