import { fieldsAnswer, pageEntries, structureAnswer, unpackSections } from '@docsvc/assembly';
import { jobObjects } from '@docsvc/ocr-jobs';
import { PageResults } from '@docsvc/ocr-pipeline';
import { MAX_PAGES_PER_READ, ocrJobPagesQuerySchema, ocrJobPagesSchema, type PageRange } from '@docsvc/schemas';
import { JOBS_PATH, ownedJob, viewFor } from '../jobs/job-view.js';
import { defineRoute } from '../route.js';
import { jobIdParams } from './vision-ocr-jobs-get.js';

/** GET /v1/vision/ocr/jobs/:job_id/pages?from=&to=: the pages read so far, a range at a time. */
export const visionOcrJobsPagesRoute = defineRoute({
  method: 'GET',
  path: `${JOBS_PATH}/:job_id/pages`,
  operationId: 'getOcrJobPages',
  tag: 'OCR jobs',
  summary: `The pages a job has read so far, ${MAX_PAGES_PER_READ} at a time, each with its sections`,
  params: jobIdParams,
  query: ocrJobPagesQuerySchema,
  responses: { 200: { description: 'The pages of `range` read so far', json: ocrJobPagesSchema } },
  errors: ['job_not_found', 'dependency_unavailable'],
  handler: async ({ request, deps, params, query }) => {
    const job = await ownedJob(deps, request, params.job_id);
    const view = viewFor(deps, request, job);
    if (!job.plan) return { success: true, ...view, pages: [] };
    const [first, last] = job.plan.pageRange;
    const from = Math.max(query.from, first);
    const range: PageRange = [from, Math.min(query.to ?? from + MAX_PAGES_PER_READ - 1, last, from + MAX_PAGES_PER_READ - 1)];
    const done = await deps.jobs.store.donePages(job.id);
    const pages = [];
    for await (const page of new PageResults(deps.store, jobObjects.pages(job.id)).range(range, (p) => done.has(p))) {
      const fields = fieldsAnswer([page], job.spec.options.prompt)?.fields;
      pages.push({ ...pageEntries([page])[0]!, sections: unpackSections(page.sections), ...structureAnswer([page], job.spec.options.features), ...(fields ? { fields } : {}) });
    }
    return { success: true, ...view, range, pages };
  },
});
