import type { HeaderSpec } from '../route.js';

/** The Idempotency-Key request header, as the routes that take one document it (idempotency.ts reads and checks it). */
export const idempotencyKeyHeader: HeaderSpec = {
  name: 'Idempotency-Key',
  description: '1 to 255 visible ASCII characters: the same key with the same body gets the same answer; with another body, 409 idempotency_conflict',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
