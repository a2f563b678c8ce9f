import type { FastifyCorsOptions } from '@fastify/cors';

/**
 * CORS for browser apps served from other origins (CORS_ORIGINS): their preflight is answered
 * without a key, their requests carry the key in `Authorization` or `x-api-key` as any client's do.
 * No cookies are used, so no credentials are allowed; the headers a client reads (the log id, a
 * download's name, Retry-After, a job's Location) are exposed.
 */
export function corsOptions(origins: readonly string[]): FastifyCorsOptions {
  return {
    origin: origins.includes('*') ? '*' : [...origins],
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
    allowedHeaders: ['authorization', 'x-api-key', 'content-type', 'idempotency-key'],
    exposedHeaders: ['x-log-id', 'content-disposition', 'retry-after', 'location'],
    credentials: false,
    maxAge: 600,
    strictPreflight: false,
  };
}
