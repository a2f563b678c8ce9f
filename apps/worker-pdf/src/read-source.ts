import { ServiceError } from '@docsvc/schemas';
import { ObjectNotFoundError } from '@docsvc/storage';
import type { WorkerContext } from '@docsvc/worker-runtime';

const gone = () => new ServiceError('file_not_found', 'the file to process no longer exists in the file store');

/** The document's bytes downloaded through the safe fetcher. */
export async function download(url: string, ctx: WorkerContext): Promise<Buffer> {
  const { body } = await ctx.download(url);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stored document's bytes. */
export async function readStored(objectKey: string, ctx: WorkerContext): Promise<Buffer> {
  try {
    return await ctx.store.getBytes(objectKey);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw gone();
    throw err;
  }
}

/** The first `maxBytes` of a stored document (all of it when smaller) and its size. */
export async function readStoredHead(objectKey: string, maxBytes: number, ctx: WorkerContext): Promise<{ bytes: Buffer; size: number }> {
  try {
    return await ctx.store.getHead(objectKey, maxBytes);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw gone();
    throw err;
  }
}
