/**
 * Every error code the API answers with, and its HTTP status: the one table clients and the README
 * follow. Codes are stable; adding one is a change to the contract.
 */
export const ERROR_STATUS = {
  invalid_json: 400,
  validation_failed: 400,
  invalid_file_key: 400,
  url_not_allowed: 400,
  invalid_webhook_url: 400,
  page_range_not_applicable: 400,
  invalid_language_code: 400,
  unsupported_language_pair: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  forbidden: 403,
  not_found: 404,
  file_not_found: 404,
  log_not_found: 404,
  job_not_found: 404,
  method_not_allowed: 405,
  file_exists: 409,
  idempotency_conflict: 409,
  job_finished: 409,
  job_not_finished: 409,
  file_too_large: 413,
  payload_too_large: 413,
  image_too_large: 413,
  unsupported_media_type: 415,
  invalid_document: 422,
  encrypted_document: 422,
  download_failed: 422,
  unsupported_source_language: 422,
  language_not_detected: 422,
  rate_limited: 429,
  too_many_pending_pages: 429,
  internal_error: 500,
  dependency_unavailable: 503,
  overloaded: 503,
  timeout: 504,
  download_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
