import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/** The object does not exist (or, to its caller, might as well not). */
export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export interface StoredObject {
  body: Readable;
  contentType: string | undefined;
  size: number | undefined;
}

export interface PutOptions {
  contentType?: string;
  /** Multipart part size; the memory a streamed upload holds is about (queueSize + 1) x partSize. */
  partSize?: number;
  queueSize?: number;
  abortSignal?: AbortSignal;
}

/** S3's limit for one PutObject. */
const MAX_SINGLE_PUT_BYTES = 5 * 1024 ** 3;

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** One bucket of an S3-protocol store. */
export class ObjectStore {
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  /**
   * Stores `body`. Bytes in memory go up as one PutObject. A stream goes up in parts of partSize held
   * in memory (one PutObject when it fits in one), so memory stays bounded whatever the size and
   * every request can be sent again: a stream sent as one request cannot be replayed, and a
   * connection dropped under it (a server closing an idle keep-alive connection as it is reused)
   * would lose the upload. A failed or aborted upload leaves nothing behind on the server.
   */
  async put(key: string, body: Readable | Uint8Array | string, opts: PutOptions = {}): Promise<void> {
    if (!(body instanceof Readable) && Buffer.byteLength(body) <= MAX_SINGLE_PUT_BYTES) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType }),
        opts.abortSignal ? { abortSignal: opts.abortSignal } : {},
      );
      return;
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: opts.contentType },
      partSize: opts.partSize ?? 8 * 1024 * 1024,
      queueSize: opts.queueSize ?? 2,
      leavePartsOnError: false,
      ...(opts.abortSignal ? { abortController: abortControllerFor(opts.abortSignal) } : {}),
    });
    await upload.done();
  }

  async get(key: string): Promise<StoredObject> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: out.Body as Readable, contentType: out.ContentType, size: out.ContentLength };
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async getBytes(key: string): Promise<Buffer> {
    const { body, size } = await this.get(key);
    return readAll(body, size);
  }

  /**
   * The first `maxBytes` of an object (all of it when smaller) and the object's whole size: enough to
   * tell a file's type and read its header without fetching it all. A HEAD, then a ranged GET (a
   * whole GET for an object that small: some S3-protocol servers drop a ranged GET of an empty object).
   */
  async getHead(key: string, maxBytes: number): Promise<{ bytes: Buffer; size: number }> {
    const meta = await this.head(key);
    if (!meta) throw new ObjectNotFoundError(key);
    if (meta.size <= maxBytes) return { bytes: await this.getBytes(key), size: meta.size };
    let out;
    try {
      out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${maxBytes - 1}` }));
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
    return { bytes: await readAll(out.Body as Readable, out.ContentLength), size: meta.size };
  }

  /** Size and type, or undefined when the object does not exist. */
  async head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Server-side copy (no bytes through this process), replacing the content type. */
  async copy(fromKey: string, toKey: string, contentType?: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: toKey,
          CopySource: `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
          ...(contentType ? { ContentType: contentType, MetadataDirective: 'REPLACE' as const } : {}),
        }),
      );
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(fromKey);
      throw err;
    }
  }

  /** Deleting a missing object is not an error (S3 semantics). */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Keys under `prefix` (all pages of the listing). */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  /** Deletes every object under `prefix`; returns how many. One DeleteObject each: s3rver lacks a checksum-free DeleteObjects. */
  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    await Promise.all(keys.map((key) => this.delete(key)));
    return keys.length;
  }

  /** Resolves when the bucket answers; for readiness checks. */
  async ping(timeoutMs = 2_000): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
  }

  /** Creates the bucket if it does not exist yet. */
  async ensureBucket(): Promise<void> {
    try {
      await this.ping();
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }
}

function abortControllerFor(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal.aborted) controller.abort(signal.reason);
  else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller;
}

/**
 * A body read whole. With its length known, into one buffer of that size: a page image (1-2 MB) is
 * then held once, not as chunks plus their concatenation, which halves what the garbage collector of
 * a worker reading pages all day has to deal with.
 */
async function readAll(body: Readable, length: number | undefined): Promise<Buffer> {
  if (length === undefined) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for await (const chunk of body) {
    const bytes = chunk as Uint8Array;
    if (at + bytes.length > length) throw new Error(`object body longer than its Content-Length (${length})`);
    out.set(bytes, at);
    at += bytes.length;
  }
  if (at !== length) throw new Error(`object body shorter than its Content-Length: ${at} of ${length} bytes`);
  return out;
}
