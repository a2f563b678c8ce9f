import { z } from 'zod';
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from '@docsvc/schemas';
import type { JsonSchema, Mount, ResponseSpec, RouteSpec } from './route.js';

/** Errors any route with an API key can answer. */
const KEYED_ERRORS: ErrorCode[] = ['missing_api_key', 'invalid_api_key', 'rate_limited'];
/** Errors of a JSON body (Fastify's parser and limits, then the route's schema). */
const JSON_BODY_ERRORS: ErrorCode[] = ['invalid_json', 'validation_failed', 'payload_too_large', 'unsupported_media_type'];
/** Errors of a multipart body (a missing or second file part, an options part that is not JSON, a file too large). */
const MULTIPART_ERRORS: ErrorCode[] = ['invalid_json', 'validation_failed', 'file_too_large', 'payload_too_large'];

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 takes), without the `$schema` line each would repeat. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The API adds `log_id` to every JSON object it answers (server.ts): the answer's schema says so. */
function withLogId(schema: JsonSchema): JsonSchema {
  for (const union of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[union])) return { ...schema, [union]: (schema[union] as JsonSchema[]).map(withLogId) };
  }
  if (schema.type !== 'object' || typeof schema.properties !== 'object') return schema;
  const properties = schema.properties as Record<string, JsonSchema>;
  if (properties.log_id) return schema;
  return {
    ...schema,
    properties: { ...properties, log_id: { type: 'string', description: "The request's id: quote it when reporting a problem (GET /v1/logs/{log_id})." } },
    required: [...((schema.required as string[] | undefined) ?? []), 'log_id'],
  };
}

/** Fastify's `/jobs/:job_id` and trailing `*` as OpenAPI's `/jobs/{job_id}`. */
export function openApiPath(path: string, wildcard = 'path'): string {
  return path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, `{${wildcard}}`);
}

function response(spec: ResponseSpec): JsonSchema {
  const content: Record<string, JsonSchema> = {};
  if (spec.json) content['application/json'] = { schema: withLogId(jsonSchemaOf(spec.json, 'output')) };
  for (const [type, schema] of Object.entries(spec.content ?? {})) content[type] = { schema };
  return {
    description: spec.description,
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

/** Error answers grouped by status, each naming its codes; every one is the Error schema. */
function errorResponses(codes: readonly ErrorCode[]): Record<string, JsonSchema> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const out: Record<string, JsonSchema> = {};
  for (const [status, set] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: `Error: ${[...set].join(', ')}`,
      ...(status === 503 || status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

/** Every error code a route can answer, its own and those that come with its key and body. */
export function errorCodesOf(route: RouteSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(['internal_error', ...(route.public ? [] : KEYED_ERRORS)]);
  if (route.body?.json) JSON_BODY_ERRORS.forEach((c) => codes.add(c));
  if (route.body?.multipart || route.body?.binary) MULTIPART_ERRORS.forEach((c) => codes.add(c));
  if (route.params || route.query || route.headers) codes.add('validation_failed');
  for (const code of route.errors ?? []) codes.add(code);
  return [...codes];
}

function parameters(route: RouteSpec): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input');
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((json.properties ?? {}) as Record<string, JsonSchema>)) {
      const { description, ...rest } = property;
      const paramName = where === 'path' && name === '*' ? (route.wildcard ?? 'path') : name;
      out.push({ name: paramName, in: where, required: where === 'path' || required.has(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  for (const header of route.headers ?? []) out.push({ name: header.name, in: 'header', required: false, description: header.description, schema: header.schema });
  return out;
}

function requestBody(route: RouteSpec): JsonSchema | undefined {
  const body = route.body;
  if (!body) return undefined;
  const content: Record<string, JsonSchema> = {};
  if (body.json) content['application/json'] = { schema: jsonSchemaOf(body.json, 'input') };
  if (body.multipart) {
    content['multipart/form-data'] = {
      schema: {
        type: 'object',
        description: body.multipart.description,
        properties: {
          file: { type: 'string', format: 'binary', description: 'The document' },
          body: { type: 'string', description: 'The options as JSON (the literal text "undefined" means none)', contentMediaType: 'application/json', contentSchema: jsonSchemaOf(body.multipart.options, 'input') },
        },
        required: ['file'],
      },
    };
  }
  if (body.binary) content['application/octet-stream'] = { schema: { type: 'string', format: 'binary', description: body.binary.description } };
  return { required: true, content };
}

function operation(route: RouteSpec): JsonSchema {
  const params = parameters(route);
  const body = requestBody(route);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(route.responses)) responses[status] = response(spec);
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.public ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...responses, ...errorResponses(errorCodesOf(route)) },
  };
}

export interface OpenApiOptions {
  /** Where clients reach the API (PUBLIC_BASE_URL); default '/', relative to where the document is served. */
  serverUrl?: string | undefined;
}

/**
 * The OpenAPI 3.1 document of the routes and mounts the server registers, generated from the same
 * schemas that validate requests: a route served is a route described.
 */
export function buildOpenApiDocument(routes: readonly RouteSpec[], mounts: readonly Mount[], opts: OpenApiOptions = {}): Record<string, unknown> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const aliases = route.aliases ?? [];
    for (const [i, path] of [route.path, ...aliases].entries()) {
      const op = operation(route);
      const entry = (paths[openApiPath(path, route.wildcard)] ??= {});
      entry[route.method.toLowerCase()] = i === 0 ? op : { ...op, operationId: `${route.operationId}Alias${i}`, description: `The same operation as ${route.method} ${openApiPath(route.path, route.wildcard)}${route.description ? `. ${route.description}` : ''}` };
    }
  }
  for (const mount of mounts) {
    for (const entry of mount.entries) {
      (paths[entry.path] ??= {}).get = {
        operationId: entry.operationId,
        tags: ['Service'],
        summary: entry.summary,
        ...(entry.public ? { security: [] } : {}),
        responses: { 200: { description: entry.summary, content: { [entry.contentType]: { schema: { type: 'string' } } } } },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'docsvc',
      version: '1.0.0',
      description: `Self-hosted OCR and translation. Every error answer has the Error shape; its codes and their statuses: ${Object.entries(ERROR_STATUS)
        .map(([code, status]) => `${code} (${status})`)
        .join(', ')}.`,
    },
    servers: [{ url: opts.serverUrl?.replace(/\/+$/, '') || '/', description: 'This service' }],
    security: [{ bearer: [] }, { apiKeyHeader: [] }],
    tags: [
      { name: 'OCR', description: 'Text, boxes and fields of an image or PDF, answered at once (at most 10 pages)' },
      { name: 'OCR jobs', description: 'Documents of any length, read in the background' },
      { name: 'Translation', description: 'Text translation' },
      { name: 'Files', description: 'Files stored for later requests' },
      { name: 'Logs', description: 'Your requests, by log_id' },
      { name: 'Service', description: 'Health, readiness, metrics and this document' },
    ],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: { Error: jsonSchemaOf(errorBodySchema, 'output') },
    },
    paths,
  };
}
