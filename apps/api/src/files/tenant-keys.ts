import { randomUUID } from 'node:crypto';
import { fileKeySchema } from '@docsvc/schemas';
import { ServiceError } from '@docsvc/schemas';

/**
 * Where a key's file lives in the bucket. Each API key has its own namespace, so another key's
 * file is simply not found (404, never 403: its existence is not revealed).
 */
export const tenantObjectKey = (ownerId: string, fileKey: string) => `files/${ownerId}/${fileKey}`;

/** Where a multipart upload is held until its options (sent after the file) are known. */
export const stagingObjectKey = () => `staging/${randomUUID()}`;

/** The file key of a URL path or option, or 400 invalid_file_key naming the rule. */
export function checkFileKey(key: string, field = 'key'): string {
  const result = fileKeySchema.safeParse(key);
  if (!result.success) {
    const rule = result.error.issues[0]?.message ?? 'is not a valid key';
    throw new ServiceError('invalid_file_key', `${field}: ${rule}`, [{ field, rule }]);
  }
  return result.data;
}

/** A random key, keeping a short, plain extension of the uploaded file's name. */
export function randomFileKey(filename?: string): string {
  const ext = filename ? /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1] : undefined;
  return ext ? `${randomUUID()}.${ext.toLowerCase()}` : randomUUID();
}

/** The path of a key in a URL: each segment escaped, the `/` kept. */
export const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');
