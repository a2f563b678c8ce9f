import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { ServiceError } from '@docsvc/schemas';

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
    throw new ServiceError('validation_failed', 'Idempotency-Key: 1 to 255 visible ASCII characters', [{ field: 'idempotency-key', rule: '1 to 255 visible ASCII characters' }]);
  }
  return key;
}

/**
 * A synchronous request's Idempotency-Key: remembered with its body's hash for `ttlSeconds`. The same
 * key with the same body is simply answered again (a synchronous answer has no side effect to
 * repeat); with another body it is a 409 idempotency_conflict, as on the jobs route.
 */
export async function checkSyncIdempotencyKey(
  redis: Redis,
  prefix: string,
  ttlSeconds: number,
  ownerId: string,
  key: string,
  bodyHash: string,
): Promise<void> {
  const slot = `${prefix}:idem-sync:${ownerId}:${createHash('sha256').update(key).digest('hex')}`;
  if ((await redis.set(slot, bodyHash, 'EX', ttlSeconds, 'NX')) === 'OK') return;
  const seen = await redis.get(slot);
  if (seen !== null && seen !== bodyHash) {
    throw new ServiceError('idempotency_conflict', 'this Idempotency-Key was used with another request body; use a new key for a new request', [{ idempotency_key: key }]);
  }
}

/** SHA-256 (hex) of a request body as it was understood: the same JSON in any key order hashes alike only if sent alike. */
export const bodyHash = (...parts: unknown[]): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex');
