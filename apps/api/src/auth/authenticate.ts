import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '@docsvc/schemas';
import type { KeyRing, Principal } from './keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Routes that need no API key (health, OpenAPI, signed public file URLs). */
    public?: boolean;
  }
}

/** The key from `Authorization: Bearer KEY` (the contract) or `x-api-key: KEY` (the official client). */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey.trim()) return apiKey.trim();
  return undefined;
}

/** onRequest hook: every non-public route needs a known key. */
export function authenticate(keys: KeyRing) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.routeOptions.config.public) return;
    const key = presentedKey(request);
    if (!key) {
      throw new ServiceError('missing_api_key', 'send your API key as "Authorization: Bearer <key>" or "x-api-key: <key>"');
    }
    const principal = keys.identify(key);
    if (!principal) throw new ServiceError('invalid_api_key', 'the API key is not valid; check it for typos or ask the operator for a new one');
    request.principal = principal;
    request.log = request.log.child({ key_name: principal.name });
  };
}

/** The principal of an authenticated route (the hook guarantees one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ServiceError('missing_api_key', 'this route needs an API key');
  return request.principal;
}

/** Makes every route registered in `scope` public (for routes a plugin registers: the web page's files, the dashboard behind its own keys). */
export function publicRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true } as typeof route.config;
  });
}
