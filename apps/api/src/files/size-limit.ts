import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import { ServiceError } from '@docsvc/schemas';

export const tooLarge = (maxBytes: number) =>
  new ServiceError('file_too_large', `the file is larger than the ${maxBytes} bytes this service accepts (MAX_UPLOAD_BYTES)`, [{ max_bytes: maxBytes }]);

/**
 * Passes bytes through and fails the stream (aborting the upload it feeds) past `maxBytes`; keeps the
 * first `headBytes` it saw (what the file's type is read from), and with `digest` the bytes' SHA-256
 * (an idempotency key's body hash).
 */
export class SizeLimit extends Transform {
  bytes = 0;
  private readonly headChunks: Buffer[] = [];
  private readonly hash: Hash | undefined;
  constructor(
    private readonly maxBytes: number,
    private readonly headBytes = 0,
    opts: { digest?: boolean } = {},
  ) {
    super();
    this.hash = opts.digest ? createHash('sha256') : undefined;
  }
  /** SHA-256 of the bytes that passed, hex; undefined without `digest`. */
  get digest(): string | undefined {
    return this.hash?.copy().digest('hex');
  }
  /** The first bytes that passed (up to headBytes). */
  get head(): Buffer {
    return Buffer.concat(this.headChunks).subarray(0, this.headBytes);
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    if (this.bytes < this.headBytes) this.headChunks.push(chunk.subarray(0, this.headBytes - this.bytes));
    this.bytes += chunk.length;
    this.hash?.update(chunk);
    if (this.bytes > this.maxBytes) done(tooLarge(this.maxBytes));
    else done(null, chunk);
  }
}
