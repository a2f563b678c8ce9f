import type { FastifyReply } from 'fastify';
import { ServiceError } from '@docsvc/schemas';
import { ObjectNotFoundError, type ObjectStore } from '@docsvc/storage';
import { tenantObjectKey } from './tenant-keys.js';

export const fileNotFound = (key: string) => new ServiceError('file_not_found', `no file with key "${key}" for this API key`, [{ key }]);

/** Streams a stored object with its content type, or 404 file_not_found. */
export async function sendStoredFile(store: ObjectStore, reply: FastifyReply, ownerId: string, key: string): Promise<FastifyReply> {
  try {
    const object = await store.get(tenantObjectKey(ownerId, key));
    reply.type(object.contentType ?? 'application/octet-stream');
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) throw fileNotFound(key);
    throw err;
  }
}
