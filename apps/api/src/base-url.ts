import type { FastifyRequest } from 'fastify';

/** The base URL clients reach the API at: PUBLIC_BASE_URL when set, else the request's own protocol and Host. */
export const baseUrlOf = (request: FastifyRequest, configured?: string) => configured?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
