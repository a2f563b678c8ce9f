import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorCode } from '@docsvc/schemas';
import type { ApiDeps } from './deps.js';

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it) written by hand, for what zod does not describe (files, text). */
export type JsonSchema = Record<string, unknown>;

export const BINARY: JsonSchema = { type: 'string', format: 'binary' };
export const TEXT: JsonSchema = { type: 'string' };

/** One answer a route gives with one status. */
export interface ResponseSpec {
  description: string;
  /** A JSON answer. The API adds `log_id` to every JSON object it answers; the document says so for each. */
  json?: z.ZodType;
  /** Answers in other media types, each with its schema (a file: BINARY). */
  content?: Record<string, JsonSchema>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/** A request header the route reads (documented; the handler reads and checks it). */
export interface HeaderSpec {
  name: string;
  description: string;
  schema: JsonSchema;
}

/** What a route accepts as its body. */
export interface BodySpec<B extends z.ZodType> {
  /** application/json, validated with this schema before the handler runs (not when the body is multipart). */
  json?: B;
  /** multipart/form-data: the document in a `file` part and options as JSON in a `body` part, which the handler streams and validates itself. */
  multipart?: { options: z.ZodType; description: string };
  /** Any other media type: the bytes themselves, a stream for the handler. */
  binary?: { description: string };
}

/** What a handler gets: the request with its params, query and JSON body already validated. */
export interface RouteInput<P, Q, B> {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: ApiDeps;
  params: P;
  query: Q;
  /** The validated JSON body; undefined when the route takes none or the body is multipart or binary. */
  body: B | undefined;
}

/**
 * One route's whole contract beside its handler: method, path, what it accepts, every answer it
 * gives. The server registers these (server.ts) and the OpenAPI document is generated from them
 * (openapi.ts), so a route cannot be served undescribed, and its schemas are the ones that validate.
 */
export interface RouteSpec<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Fastify syntax: `/v1/vision/ocr/jobs/:job_id`; a trailing `*` is the parameter `wildcard` names. */
  path: string;
  /** Other paths the same operation answers at (the official client's `/v1/vocr`). */
  aliases?: string[];
  /** The name of a trailing `*` parameter (it may contain `/`). */
  wildcard?: string;
  operationId: string;
  tag: 'OCR' | 'OCR jobs' | 'Translation' | 'Files' | 'Logs' | 'Service';
  summary: string;
  description?: string;
  /** Needs no API key. */
  public?: boolean;
  params?: P;
  query?: Q;
  headers?: HeaderSpec[];
  body?: BodySpec<B>;
  /** The answers that are not errors, by status. */
  responses: Record<number, ResponseSpec>;
  /** Error codes this route answers besides those of every route (authentication, rate limit, internal error) and of its body (parsing, size). */
  errors?: ErrorCode[];
  handler(input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<unknown>;
}

/** A route with its handler's input typed from its own schemas. */
export const defineRoute = <P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(spec: RouteSpec<P, Q, B>): RouteSpec<P, Q, B> => spec;

/**
 * Something served that is not an API operation of its own (the web page's files, the queue
 * dashboard): registered as a Fastify plugin, documented by the entry points it lists.
 */
export interface Mount {
  register(app: import('fastify').FastifyInstance, deps: ApiDeps): void;
  /** Entry points for the document: each GET path with its summary and media type. */
  entries: Array<{ path: string; operationId: string; summary: string; contentType: string; public: boolean }>;
  /** Paths under this prefix are the mount's own (assets, its internal API) and are not described one by one. */
  prefix: string;
}
