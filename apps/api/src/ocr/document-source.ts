import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SNIFF_BYTES, emptyFile, sniffKind } from '@docsvc/documents/kind';
import type { DocumentSource } from '@docsvc/queue';
import { ObjectNotFoundError, type ObjectStore } from '@docsvc/storage';
import { ServiceError } from '@docsvc/schemas';
import { optionsOfField } from '../files/options-part.js';
import { SizeLimit, tooLarge } from '../files/size-limit.js';
import { checkFileKey, tenantObjectKey } from '../files/tenant-keys.js';
import { validate } from '../validate.js';

/** An object source with the kind its first bytes name (none for what is not a supported type: the worker says so); an empty file is refused here. */
export function withKind(objectKey: string, head: Uint8Array): DocumentSource {
  if (head.length === 0) throw emptyFile();
  const kind = sniffKind(head);
  return kind ? { objectKey, kind } : { objectKey };
}

/**
 * A stored file as a source, with its kind from its first bytes (a single image then needs no
 * preparing job). Reading them is also the check that the file exists.
 */
export async function storedSource(store: ObjectStore, ownerId: string, fileKey: string): Promise<DocumentSource> {
  const key = checkFileKey(fileKey, 'file_store_key');
  const objectKey = tenantObjectKey(ownerId, key);
  try {
    const head = await store.getHead(objectKey, SNIFF_BYTES);
    return withKind(objectKey, head.bytes);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw new ServiceError('file_not_found', `no file with key "${key}" for this API key`, [{ key }]);
    throw err;
  }
}

/**
 * A multipart OCR request: the document in a `file` part, streamed to `objectKey` (never buffered
 * whole), and the options as JSON in a `body` part, validated with `schema`. `fileDigest`: the
 * document's SHA-256, for an idempotency key's body hash.
 */
export async function fromMultipart<S extends z.ZodType>(
  request: FastifyRequest,
  store: ObjectStore,
  objectKey: string,
  schema: S,
  maxBytes: number,
  opts: { digest?: boolean } = {},
): Promise<{ options: z.output<S>; source: DocumentSource; fileDigest?: string; fileName?: string }> {
  let head: Buffer | undefined;
  let fileName: string | undefined;
  let fileDigest: string | undefined;
  let options: unknown = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || head) {
        part.file.resume();
        throw new ServiceError('validation_failed', 'send exactly one document, in a part named "file"');
      }
      const limit = new SizeLimit(maxBytes, SNIFF_BYTES, opts);
      await Promise.all([pipeline(part.file, limit), store.put(objectKey, limit, { contentType: part.mimetype })]);
      if (part.file.truncated) throw tooLarge(maxBytes);
      head = limit.head;
      fileDigest = limit.digest;
      if (part.filename) fileName = part.filename;
    } else {
      options = optionsOfField(part, 'OCR options', 'body={"prompt":["total"]}');
    }
  }
  if (!head) throw new ServiceError('validation_failed', 'the multipart body has no "file" part');
  return { options: validate(schema, options), source: withKind(objectKey, head), ...(fileDigest ? { fileDigest } : {}), ...(fileName ? { fileName } : {}) };
}

/** The document's file name for output headers and titles: the stored key's or the URL path's last segment. */
export function documentName(request: { url?: string | undefined; file_store_key?: string | undefined }): string | undefined {
  const path = request.url ? safePathname(request.url) : request.file_store_key;
  const last = path?.split('/').filter(Boolean).pop();
  return last ? decodeURIComponentSafe(last) : undefined;
}

function safePathname(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
