import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiDeps } from './deps.js';
import { refuseUpload } from './files/refuse-upload.js';
import type { Mount, RouteSpec } from './route.js';
import { validate } from './validate.js';

/** A route's handler behind Fastify: its params, query and JSON body validated with its own schemas first. */
function fastifyHandler(route: RouteSpec, deps: ApiDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const rawParams = request.params as Record<string, string>;
    const params = route.params ? validate(route.params, rawParams, 'params') : rawParams;
    const query = route.query ? validate(route.query, request.query, 'query') : undefined;
    const streamed = route.body?.binary !== undefined || (route.body?.multipart !== undefined && request.isMultipart());
    const body = route.body?.json && !streamed ? validate(route.body.json, request.body) : undefined;
    return route.handler({ request, reply, deps, params, query, body });
  };
}

function add(scope: FastifyInstance, route: RouteSpec, deps: ApiDeps): void {
  const handler = fastifyHandler(route, deps);
  for (const url of [route.path, ...(route.aliases ?? [])]) scope.route({ method: route.method, url, config: { public: route.public ?? false }, handler });
}

/**
 * Registers the routes, each in the scope its body needs: plain JSON; JSON or multipart (a document
 * upload, streamed); or any bytes or multipart (the file store: every body is a stream for the
 * handler). Then the mounts.
 */
export async function registerRoutes(app: FastifyInstance, deps: ApiDeps, routes: readonly RouteSpec[], mounts: readonly Mount[]): Promise<void> {
  const uploadLimits = { fileSize: deps.limits.maxUploadBytes + 1, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 8 };
  for (const route of routes) if (!route.body?.multipart && !route.body?.binary) add(app, route, deps);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits });
    scope.addHook('onError', refuseUpload);
    for (const route of routes) if (route.body?.multipart && !route.body.binary) add(scope, route, deps);
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await scope.register(multipart, { limits: uploadLimits });
    scope.addHook('onError', refuseUpload);
    for (const route of routes) if (route.body?.binary) add(scope, route, deps);
  });
  for (const mount of mounts) mount.register(app, deps);
}
