import { z } from 'zod';
import { principalOf } from '../auth/authenticate.js';
import { fileNotFound } from '../files/send-stored-file.js';
import { checkFileKey, tenantObjectKey } from '../files/tenant-keys.js';
import { defineRoute } from '../route.js';

/** DELETE /v1/store/file/read/:key (the key may contain `/`). Another key's file is 404. */
export const storeFileDeleteRoute = defineRoute({
  method: 'DELETE',
  path: '/v1/store/file/read/*',
  wildcard: 'key',
  operationId: 'deleteFile',
  tag: 'Files',
  summary: 'Removes a stored file',
  params: z.object({ '*': z.string().describe('The file key; may contain "/"') }),
  responses: { 200: { description: 'Removed', json: z.object({ success: z.literal(true), key: z.string() }) } },
  errors: ['invalid_file_key', 'file_not_found', 'dependency_unavailable'],
  handler: async ({ request, deps, params }) => {
    const key = checkFileKey(params['*'], 'key');
    const objectKey = tenantObjectKey(principalOf(request).id, key);
    if (!(await deps.store.head(objectKey))) throw fileNotFound(key);
    await deps.store.delete(objectKey);
    return { success: true, key };
  },
});
