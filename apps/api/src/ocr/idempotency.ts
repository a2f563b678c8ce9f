import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * The request's Idempotency-Key header (IETF draft "The Idempotency-Key HTTP Header Field"): 1 to 255
 * visible ASCII characters, or absent. A malformed one is a 400 rather than ignored: a client that
 * sends one relies on it.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ApiError('validation_failed', 'Idempotency-Key: 1 to 255 visible ASCII characters', [{ field: 'idempotency-key', rule: '1 to 255 visible ASCII characters' }]);
  }
  return key;
}
