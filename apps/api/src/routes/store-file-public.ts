import { z } from 'zod';
import { ServiceError } from '@docsvc/schemas';
import { sendStoredFile } from '../files/send-stored-file.js';
import { BINARY, defineRoute } from '../route.js';

/** GET /v1/store/file/public/:token: a temp_public_url. No API key: the signed token is the permission. */
export const storeFilePublicRoute = defineRoute({
  method: 'GET',
  path: '/v1/store/file/public/:token',
  operationId: 'readPublicFile',
  tag: 'Files',
  summary: 'A file through its temp_public_url, without a key, until the link expires',
  public: true,
  params: z.object({ token: z.string() }),
  responses: { 200: { description: 'The file', content: { '*/*': BINARY } } },
  errors: ['forbidden', 'file_not_found', 'dependency_unavailable'],
  handler: async ({ reply, deps, params }) => {
    const grant = deps.publicUrls.verify(params.token);
    if (!grant) throw new ServiceError('forbidden', 'this link is invalid or has expired; ask for a new temp_public_url');
    return sendStoredFile(deps.store, reply, grant.ownerId, grant.fileKey);
  },
});
