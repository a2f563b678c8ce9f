import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SNIFF_BYTES, sniffKind } from '@docsvc/documents/kind';
import { workPrefix, type DocumentSource } from '@docsvc/queue';
import { ocrOptionsSchema, ocrRequestSchema, type OcrRequest } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { refuseUpload } from '../files/refuse-upload.js';
import { ObjectNotFoundError } from '@docsvc/storage';
import { SizeLimit, tooLarge } from '../files/size-limit.js';
import { checkFileKey, tenantObjectKey } from '../files/tenant-keys.js';
import { runOcr } from '../ocr/run-ocr.js';
import { validate } from '../validate.js';

/**
 * POST /v1/vision/ocr (and /v1/vocr, the path the official client posts to): JSON with `url` or
 * `file_store_key`, or multipart with the document in a `file` part and the options as JSON in a
 * `body` part. The API only resolves the source and waits: workers fetch, parse and recognise.
 */
export function visionOcrRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.limits.maxUploadBytes + 1, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 8 } });
    scope.addHook('onError', refuseUpload);

    const handler = async (request: FastifyRequest) => {
      const owner = principalOf(request);
      let ocrRequest: OcrRequest;
      let source: DocumentSource;
      if (request.isMultipart()) {
        try {
          ({ ocrRequest, source } = await fromMultipart(request));
        } catch (err) {
          // Refused before the pipeline took over its cleanup: delete what was uploaded.
          await deps.store.deletePrefix(workPrefix(request.id)).catch(() => undefined);
          throw err;
        }
      } else {
        ocrRequest = validate(ocrRequestSchema, request.body);
        source = ocrRequest.url ? { url: ocrRequest.url } : await storedSource(owner.id, ocrRequest.file_store_key as string);
      }
      const answer = await runOcr(deps.ocr, ocrRequest, source, request.id, request.log);
      request.logExtras = { pages: answer.pages.length, usage: answer._usage };
      return answer;
    };
    scope.post('/v1/vision/ocr', handler);
    scope.post('/v1/vocr', handler);
  });

  /**
   * A stored file as a source, with its kind from its first bytes (a single image then needs no
   * preparing job). Reading them is also the check that the file exists.
   */
  async function storedSource(ownerId: string, fileKey: string): Promise<DocumentSource> {
    const key = checkFileKey(fileKey, 'file_store_key');
    const objectKey = tenantObjectKey(ownerId, key);
    try {
      const head = await deps.store.getHead(objectKey, SNIFF_BYTES);
      return withKind(objectKey, head.bytes);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw new ApiError('file_not_found', `no file with key "${key}" for this API key`, [{ key }]);
      throw err;
    }
  }

  async function fromMultipart(request: FastifyRequest): Promise<{ ocrRequest: OcrRequest; source: DocumentSource }> {
    const max = deps.limits.maxUploadBytes;
    const objectKey = `${workPrefix(request.id)}upload`;
    let head: Buffer | undefined;
    let options: unknown = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || head) {
          part.file.resume();
          throw new ApiError('validation_failed', 'send exactly one document, in a part named "file"');
        }
        const limit = new SizeLimit(max, SNIFF_BYTES);
        await Promise.all([pipeline(part.file, limit), deps.store.put(objectKey, limit, { contentType: part.mimetype })]);
        if (part.file.truncated) throw tooLarge(max);
        head = limit.head;
      } else if (part.fieldname === 'body') {
        const text = String(part.value).trim();
        if (text && text !== 'undefined' && text !== 'null') {
          try {
            options = JSON.parse(text);
          } catch {
            throw new ApiError('invalid_json', 'the multipart "body" part must hold the OCR options as JSON');
          }
        }
      }
    }
    if (!head) throw new ApiError('validation_failed', 'the multipart body has no "file" part');
    return { ocrRequest: validate(ocrOptionsSchema, options), source: withKind(objectKey, head) };
  }
}

/** An object source with the kind its first bytes name (none for what is not a supported type: the worker says so). */
function withKind(objectKey: string, head: Uint8Array): DocumentSource {
  const kind = sniffKind(head);
  return kind ? { objectKey, kind } : { objectKey };
}
