import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { isRedisDown } from '@docsvc/queue';
import { authenticate } from './auth/authenticate.js';
import { corsOptions } from './cors.js';
import type { ApiDeps } from './deps.js';
import { ServiceError } from '@docsvc/schemas';
import { errorHandler } from './errors.js';
import { buildOpenApiDocument } from './openapi.js';
import { registerRoutes } from './register-routes.js';
import type { Mount, RouteSpec } from './route.js';
import { MOUNTS } from './mounts/index.js';
import { ROUTES } from './routes/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every method and path this server answers (HEAD aside), as registered: what the OpenAPI document must describe. */
    servedRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
  interface FastifyRequest {
    /** The error code the request ended with, for its request-log entry. */
    errorCode?: string;
    /** What the request processed, for its request-log entry. */
    logExtras?: { pages?: number; usage?: Record<string, number> };
  }
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Builds the HTTP server with its routes (every file of routes/), its mounts (mounts/index.ts) and the OpenAPI document that
 * describes them; main.ts listens, tests use inject() or listen on port 0.
 */
export async function buildServer(deps: ApiDeps, routes: readonly RouteSpec[] = ROUTES, mounts: readonly Mount[] = MOUNTS): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    // Every request gets a log_id; Fastify puts it on every log line about the request.
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'log_id' }),
    requestIdHeader: false,
    bodyLimit: deps.limits.jsonBodyLimitBytes,
    // File keys (up to 1,024 bytes, escaped) and signed public-link tokens travel in the path.
    routerOptions: { maxParamLength: 8_192 },
  });

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(async (request) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }));
    // A wildcard route (the web page's files) matches paths it has no file for: those are not found.
    if (allowed.length > 0 && !allowed.includes(request.method as (typeof METHODS)[number])) {
      throw new ServiceError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(' or ')}`, [{ allowed }], false, { allow: allowed.join(', ') });
    }
    throw new ServiceError('not_found', `no route ${request.method} ${path}`);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-log-id', request.id);
    // The official client sends Content-Type: application/json on body-less GET and DELETE requests;
    // with no body there is nothing to parse.
    const bodyless = !request.headers['transfer-encoding'] && Number(request.headers['content-length'] ?? 0) === 0;
    if (bodyless && (request.method === 'GET' || request.method === 'DELETE' || request.method === 'HEAD')) delete request.headers['content-type'];
  });
  // Before authentication: a browser's preflight (OPTIONS) carries no key and is answered here.
  if (deps.corsOrigins?.length) await app.register(cors, corsOptions(deps.corsOrigins));
  app.addHook('onRequest', authenticate(deps.keys));
  // Shutdown (app.close(): SIGTERM): new requests get 503 (Fastify's return503OnClosing), requests in
  // flight finish, and their connections close after the answer; a kept-alive connection would
  // otherwise hold close() open until its keep-alive timeout, past the shutdown grace period.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  // Every JSON answer carries the request's log_id.
  app.addHook('preSerialization', async (request, _reply, payload) => (isPlainObject(payload) && !('log_id' in payload) ? { ...payload, log_id: request.id } : payload));
  app.addHook('onResponse', async (request, reply) => {
    // Routes by their pattern (/v1/vision/ocr/jobs/:job_id), so that ids make no new series.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    deps.metrics.httpRequests.inc(labels);
    deps.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (!request.principal) return;
    const entry = {
      log_id: request.id,
      key_name: request.principal.name,
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime),
      created_at: new Date().toISOString(),
      ...(request.errorCode ? { error_code: request.errorCode } : {}),
      ...request.logExtras,
    };
    await deps.requestLog.write(request.principal.id, entry).catch((err: unknown) => request.log.warn({ err }, 'request log entry not written'));
  });

  if (deps.limits.rateLimitMax > 0) {
    await app.register(rateLimit, {
      hook: 'preHandler', // after authentication, so that the limit is per API key
      max: deps.limits.rateLimitMax,
      timeWindow: deps.limits.rateLimitWindowMs,
      redis: deps.redis,
      nameSpace: `${deps.queuePrefix}:ratelimit:`,
      skipOnError: true, // Redis down must not turn every request into a 429
      keyGenerator: (request) => request.principal?.id ?? `ip:${request.ip}`,
      // Redis down: not enforced, at once (skipOnError would first wait for the failing command).
      allowList: (request) => Boolean(request.routeOptions.config.public) || isRedisDown(deps.redis),
      errorResponseBuilder: (_request, context) =>
        new ServiceError('rate_limited', `rate limit of ${context.max} requests per ${context.after} reached for this API key; retry after the Retry-After seconds`, [
          { limit: context.max, retry_after_ms: context.ttl },
        ]),
    });
  }

  const served: Array<{ method: string; url: string }> = [];
  app.decorate('servedRoutes', served);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') served.push({ method, url: route.url });
  });
  const contract = JSON.stringify(buildOpenApiDocument(routes, mounts, { serverUrl: deps.publicBaseUrl }));
  app.register(async (scope) => registerRoutes(scope, { ...deps, contract }, routes, mounts));
  await app.ready();
  return app;
}
