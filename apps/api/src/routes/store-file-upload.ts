import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ServiceError, storeUploadOptionsSchema, storeUploadResponseSchema, type StoreUploadOptions, type StoreUploadResponse } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import { baseUrlOf } from '../base-url.js';
import type { ApiDeps } from '../deps.js';
import { optionsOfField } from '../files/options-part.js';
import { SizeLimit, tooLarge } from '../files/size-limit.js';
import { checkFileKey, keyPath, randomFileKey, stagingObjectKey, tenantObjectKey } from '../files/tenant-keys.js';
import { defineRoute } from '../route.js';
import { validate } from '../validate.js';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * POST /v1/store/file: the body is the file itself (options in the query string), or multipart with
 * a `file` part and an optional `body` part holding the options as JSON. Bytes stream to S3; nothing
 * is buffered whole, and nothing half-written is left behind.
 */
export const storeFileUploadRoute = defineRoute({
  method: 'POST',
  path: '/v1/store/file',
  operationId: 'storeFile',
  tag: 'Files',
  summary: 'Stores a file: the body is the file (options in the query), or multipart with a "file" part and the options as JSON in a "body" part',
  query: storeUploadOptionsSchema,
  body: {
    binary: { description: 'The file itself (options in the query)' },
    multipart: { options: storeUploadOptionsSchema, description: 'The file in a "file" part; options in a "body" part (or the query)' },
  },
  responses: { 200: { description: 'Stored', json: storeUploadResponseSchema } },
  errors: ['invalid_file_key', 'file_exists', 'file_too_large', 'dependency_unavailable'],
  handler: async ({ request, reply, deps, query }) => {
    const owner = principalOf(request);
    if (query.key !== undefined) checkFileKey(query.key);
    const stored = request.isMultipart() ? await fromMultipart(deps, request, owner.id, query) : await fromRawBody(deps, request, owner.id, query);
    const base = baseUrlOf(request, deps.publicBaseUrl);
    const response: StoreUploadResponse = {
      success: true,
      key: stored.key,
      url: `${base}/v1/store/file/read/${keyPath(stored.key)}`,
      size: stored.size,
      log_id: request.id,
    };
    if (stored.options.temp_public_url) {
      // Whole seconds, rounded up: the link lives at least the configured time (rounded down, a 1-second link could die at once).
      const expiresAt = Math.ceil(Date.now() / 1000) + deps.limits.publicUrlTtlSeconds;
      response.temp_public_url = `${base}/v1/store/file/public/${deps.publicUrls.sign(owner.id, stored.key, expiresAt)}`;
    }
    return reply.code(200).send(response);
  },
});

/** 409 unless the key is free or overwrite was asked for. */
async function assertWritable(deps: ApiDeps, ownerId: string, key: string, options: StoreUploadOptions): Promise<void> {
  if (options.overwrite) return;
  if (await deps.store.head(tenantObjectKey(ownerId, key))) {
    throw new ServiceError('file_exists', `a file with key "${key}" exists; send overwrite=true to replace it`, [{ key }]);
  }
}

/** A file of 0 bytes is nothing to keep: said so, rather than stored to fail later as "not a supported type". */
const emptyUpload = () => new ServiceError('validation_failed', 'the file is empty (0 bytes): send the file\'s content', [{ field: 'file', rule: 'must not be empty' }]);

/** The body is the file itself. */
async function fromRawBody(deps: ApiDeps, request: FastifyRequest, ownerId: string, options: StoreUploadOptions) {
  const max = deps.limits.maxUploadBytes;
  const key = options.key !== undefined ? checkFileKey(options.key) : randomFileKey();
  await assertWritable(deps, ownerId, key, options);
  const declared = request.headers['content-length'] ? Number(request.headers['content-length']) : undefined;
  if (declared !== undefined && declared > max) throw tooLarge(max);
  const limit = new SizeLimit(max);
  const contentType = options.content_type ?? request.headers['content-type'] ?? DEFAULT_CONTENT_TYPE;
  const body = request.body as Readable | undefined;
  if (!body) throw declared === 0 ? emptyUpload() : new ServiceError('validation_failed', 'send the file as the request body, or as multipart with a "file" part');
  await Promise.all([
    pipeline(body, limit),
    deps.store.put(tenantObjectKey(ownerId, key), limit, { contentType }),
  ]);
  return { key, size: limit.bytes, options };
}

/** Multipart: a `file` part, staged, then copied to its key once the options (query and `body` part) are known. */
async function fromMultipart(deps: ApiDeps, request: FastifyRequest, ownerId: string, queryOptions: StoreUploadOptions) {
  const max = deps.limits.maxUploadBytes;
  let staged: { objectKey: string; size: number; contentType: string; filename: string } | undefined;
  let bodyOptions: unknown = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || staged) {
          part.file.resume();
          throw new ServiceError('validation_failed', 'send exactly one file, in a part named "file"');
        }
        const objectKey = stagingObjectKey();
        const limit = new SizeLimit(max);
        staged = { objectKey, size: 0, contentType: part.mimetype || DEFAULT_CONTENT_TYPE, filename: part.filename };
        await Promise.all([pipeline(part.file, limit), deps.store.put(objectKey, limit, { contentType: staged.contentType })]);
        if (part.file.truncated) throw tooLarge(max);
        staged.size = limit.bytes;
      } else {
        bodyOptions = optionsOfField(part, 'upload options', 'body={"key":"scans/invoice.pdf"}');
      }
    }
    if (!staged) throw new ServiceError('validation_failed', 'the multipart body has no "file" part');
    if (staged.size === 0) throw emptyUpload();
    const options = { ...queryOptions, ...validate(storeUploadOptionsSchema, bodyOptions, 'body') };
    const key = options.key ? checkFileKey(options.key) : randomFileKey(staged.filename);
    await assertWritable(deps, ownerId, key, options);
    await deps.store.copy(staged.objectKey, tenantObjectKey(ownerId, key), options.content_type ?? staged.contentType);
    return { key, size: staged.size, options };
  } finally {
    if (staged) await deps.store.delete(staged.objectKey).catch((err: unknown) => request.log.warn({ err }, 'staging object not deleted'));
  }
}
