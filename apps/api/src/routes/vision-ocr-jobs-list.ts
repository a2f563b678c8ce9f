import { isValidCursor } from '@docsvc/ocr-jobs';
import { ServiceError, ocrJobListQuerySchema, ocrJobListSchema } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import { JOBS_PATH, viewFor } from '../jobs/job-view.js';
import { defineRoute } from '../route.js';

/** GET /v1/vision/ocr/jobs?status=&limit=&cursor=: the caller's jobs, newest first. */
export const visionOcrJobsListRoute = defineRoute({
  method: 'GET',
  path: JOBS_PATH,
  operationId: 'listOcrJobs',
  tag: 'OCR jobs',
  summary: 'Your OCR jobs, newest first, a page at a time (next_cursor while there are more)',
  query: ocrJobListQuerySchema,
  responses: { 200: { description: 'A page of jobs', json: ocrJobListSchema } },
  errors: ['dependency_unavailable'],
  handler: async ({ request, deps, query }) => {
    if (query.cursor && !isValidCursor(query.cursor)) throw new ServiceError('validation_failed', 'cursor: not a cursor this API gave', [{ field: 'cursor', rule: 'a next_cursor from a previous page' }]);
    const page = await deps.jobs.store.list(principalOf(request).id, {
      limit: query.limit,
      ...(query.status ? { status: query.status } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    return { success: true, jobs: page.jobs.map((j) => viewFor(deps, request, j)), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) };
  },
});
