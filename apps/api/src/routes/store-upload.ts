import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storeUploadOptionsSchema, type StoreUploadOptions, type StoreUploadResponse } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { refuseUpload } from '../files/refuse-upload.js';
import { SizeLimit, tooLarge } from '../files/size-limit.js';
import { checkFileKey, keyPath, randomFileKey, stagingObjectKey, tenantObjectKey } from '../files/tenant-keys.js';
import { validate } from '../validate.js';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The multipart `body` part: JSON options, or the literal text "undefined" the official client sends for none. */
function parseBodyPart(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'undefined' || trimmed === 'null') return {};
  try {
    return JSON.parse(trimmed);
  } catch {
    throw new ApiError('invalid_json', 'the multipart "body" part must hold the upload options as JSON');
  }
}

export const baseUrlOf = (request: FastifyRequest, configured?: string) => configured?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

/**
 * POST /v1/store/file: the body is the file itself (options in the query string), or multipart with
 * a `file` part and an optional `body` part holding the options as JSON. Bytes stream to S3; nothing
 * is buffered whole, and nothing half-written is left behind.
 */
export function storeUploadRoute(app: FastifyInstance, deps: ApiDeps): void {
  const max = deps.limits.maxUploadBytes;

  app.register(async (scope) => {
    // In this scope every body is a stream for the handler, whatever its type (a .json file too).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await scope.register(multipart, { limits: { fileSize: max + 1, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 8 } });
    scope.addHook('onError', refuseUpload);

    scope.post('/v1/store/file', async (request, reply) => {
      const owner = principalOf(request);
      const queryOptions = validate(storeUploadOptionsSchema, request.query, 'query');
      if (queryOptions.key !== undefined) checkFileKey(queryOptions.key);
      const stored = request.isMultipart() ? await fromMultipart(request, owner.id, queryOptions) : await fromRawBody(request, owner.id, queryOptions);

      const response: StoreUploadResponse = {
        success: true,
        key: stored.key,
        url: `${baseUrlOf(request, deps.publicBaseUrl)}/v1/store/file/read/${keyPath(stored.key)}`,
        size: stored.size,
        log_id: request.id,
      };
      if (stored.options.temp_public_url) {
        const expiresAt = Math.floor(Date.now() / 1000) + deps.limits.publicUrlTtlSeconds;
        response.temp_public_url = `${baseUrlOf(request, deps.publicBaseUrl)}/v1/store/file/public/${deps.publicUrls.sign(owner.id, stored.key, expiresAt)}`;
      }
      return reply.code(200).send(response);
    });
  });

  /** 409 unless the key is free or overwrite was asked for. */
  async function assertWritable(ownerId: string, key: string, options: StoreUploadOptions): Promise<void> {
    if (options.overwrite) return;
    if (await deps.store.head(tenantObjectKey(ownerId, key))) {
      throw new ApiError('file_exists', `a file with key "${key}" exists; send overwrite=true to replace it`, [{ key }]);
    }
  }

  async function fromRawBody(request: FastifyRequest, ownerId: string, options: StoreUploadOptions) {
    const key = options.key !== undefined ? checkFileKey(options.key) : randomFileKey();
    await assertWritable(ownerId, key, options);
    const declared = request.headers['content-length'] ? Number(request.headers['content-length']) : undefined;
    if (declared !== undefined && declared > max) throw tooLarge(max);
    const limit = new SizeLimit(max);
    const contentType = options.content_type ?? request.headers['content-type'] ?? DEFAULT_CONTENT_TYPE;
    const body = request.body as Readable | undefined;
    if (!body) throw new ApiError('validation_failed', 'send the file as the request body, or as multipart with a "file" part');
    await Promise.all([
      pipeline(body, limit),
      deps.store.put(tenantObjectKey(ownerId, key), limit, { contentType }),
    ]);
    return { key, size: limit.bytes, options };
  }

  async function fromMultipart(request: FastifyRequest, ownerId: string, queryOptions: StoreUploadOptions) {
    let staged: { objectKey: string; size: number; contentType: string; filename: string } | undefined;
    let bodyOptions: unknown = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || staged) {
            part.file.resume();
            throw new ApiError('validation_failed', 'send exactly one file, in a part named "file"');
          }
          const objectKey = stagingObjectKey();
          const limit = new SizeLimit(max);
          staged = { objectKey, size: 0, contentType: part.mimetype || DEFAULT_CONTENT_TYPE, filename: part.filename };
          await Promise.all([pipeline(part.file, limit), deps.store.put(objectKey, limit, { contentType: staged.contentType })]);
          if (part.file.truncated) throw tooLarge(max);
          staged.size = limit.bytes;
        } else if (part.fieldname === 'body') {
          bodyOptions = parseBodyPart(String(part.value));
        }
      }
      if (!staged) throw new ApiError('validation_failed', 'the multipart body has no "file" part');
      const options = { ...queryOptions, ...validate(storeUploadOptionsSchema, bodyOptions, 'body') };
      const key = options.key ? checkFileKey(options.key) : randomFileKey(staged.filename);
      await assertWritable(ownerId, key, options);
      await deps.store.copy(staged.objectKey, tenantObjectKey(ownerId, key), options.content_type ?? staged.contentType);
      return { key, size: staged.size, options };
    } finally {
      if (staged) await deps.store.delete(staged.objectKey).catch((err: unknown) => request.log.warn({ err }, 'staging object not deleted'));
    }
  }
}
