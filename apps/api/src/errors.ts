import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDependencyDown } from '@docsvc/queue';
import { ServiceError, isErrorCode, type ErrorBody, type ErrorCode } from '@docsvc/schemas';

/**
 * A failure to reach Redis or S3 (refused, reset, timed out, ioredis giving up, S3 answering 5xx):
 * the client should retry later (503), not report a bug (500). Shared with the workers (@docsvc/queue).
 */
export { isDependencyDown };

/** Errors raised by Fastify itself (parsing, limits) mapped onto the contract's codes. */
function fromFastify(err: FastifyError): ServiceError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ServiceError('invalid_json', `the body is not valid JSON: ${err.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'$/, 'check its syntax')}`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ServiceError('invalid_json', 'the body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ServiceError('unsupported_media_type', 'this endpoint takes Content-Type: application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError('payload_too_large', `the body is larger than this endpoint accepts (${err.message})`);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServiceError('validation_failed', 'the Content-Length header does not match the body');
    // @fastify/multipart's limits (register-routes.ts): a second file, or more parts than a file and its options.
    case 'FST_FILES_LIMIT':
      return new ServiceError('validation_failed', 'send exactly one file, in a part named "file"');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ServiceError('validation_failed', 'the multipart body has more parts than a "file" part and a "body" part of options');
    default:
      break;
  }
  if (err.statusCode === 413) return new ServiceError('payload_too_large', err.message);
  if (err.statusCode === 415) return new ServiceError('unsupported_media_type', err.message);
  if (err.statusCode === 429) return new ServiceError('rate_limited', err.message);
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new ServiceError('validation_failed', err.message);
  return undefined;
}

export function errorBody(request: FastifyRequest, err: ServiceError): ErrorBody {
  return { success: false, message: err.message, error: { code: err.code, details: err.details }, log_id: request.id };
}

/** Every error, thrown anywhere, leaves as the contract's JSON error; a 500 never shows internals. */
export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let apiError: ServiceError;
  if (error instanceof ServiceError) {
    apiError = error;
  } else if (error && typeof error === 'object' && 'code' in error && isErrorCode((error as { code: unknown }).code) && 'message' in error) {
    // Errors of packages that do not depend on @docsvc/schemas (the URL fetcher) carry a contract code too.
    const e = error as { code: ErrorCode; message: string; details?: unknown[] };
    apiError = new ServiceError(e.code, e.message, e.details ?? []);
  } else if (isDependencyDown(error)) {
    apiError = new ServiceError('dependency_unavailable', 'a service this API depends on (Redis or object storage) is unavailable; retry shortly', [], true, { 'retry-after': '5' });
  } else {
    apiError = fromFastify(error as FastifyError) ?? new ServiceError('internal_error', 'internal error; quote the log_id when reporting it');
  }
  request.errorCode = apiError.code;
  // Every 503 (Redis or S3 down, overloaded, a worker's dependency_unavailable) tells when to come back.
  const headers = apiError.status === 503 && !apiError.headers['retry-after'] ? { ...apiError.headers, 'retry-after': '5' } : apiError.headers;
  if (apiError.status === 503) request.log.warn({ code: apiError.code }, apiError.message);
  else if (apiError.status >= 500) request.log.error({ err: error, code: apiError.code }, 'request failed');
  else request.log.info({ code: apiError.code, status: apiError.status }, apiError.message);
  return reply.code(apiError.status).headers(headers).type('application/json').send(errorBody(request, apiError));
}
