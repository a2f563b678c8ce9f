import { z } from 'zod';
import { principalOf } from '../auth/authenticate.js';
import { sendStoredFile } from '../files/send-stored-file.js';
import { checkFileKey } from '../files/tenant-keys.js';
import { BINARY, defineRoute } from '../route.js';

/** GET /v1/store/file/read/:key (the key may contain `/`). Another key's file is 404. */
export const storeFileReadRoute = defineRoute({
  method: 'GET',
  path: '/v1/store/file/read/*',
  wildcard: 'key',
  operationId: 'readFile',
  tag: 'Files',
  summary: 'A stored file, with its stored content type',
  params: z.object({ '*': z.string().describe('The file key; may contain "/"') }),
  responses: { 200: { description: 'The file', content: { '*/*': BINARY } } },
  errors: ['invalid_file_key', 'file_not_found', 'dependency_unavailable'],
  handler: async ({ request, reply, deps, params }) => sendStoredFile(deps.store, reply, principalOf(request).id, checkFileKey(params['*'], 'key')),
});
