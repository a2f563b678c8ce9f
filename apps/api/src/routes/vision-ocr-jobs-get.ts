import { z } from 'zod';
import { ocrJobStatusQuerySchema, ocrJobStatusSchema, ocrJobWithAnswerSchema } from '@docsvc/schemas';
import { sendWithAnswer } from '../jobs/job-results.js';
import { JOBS_PATH, ownedJob, viewFor } from '../jobs/job-view.js';
import { defineRoute } from '../route.js';

export const jobIdParams = z.object({ job_id: z.string().meta({ format: 'uuid', description: "The job's id" }) });

/** GET /v1/vision/ocr/jobs/:job_id: status and progress; once succeeded, with the whole answer (unless ?answer=false). */
export const visionOcrJobsGetRoute = defineRoute({
  method: 'GET',
  path: `${JOBS_PATH}/:job_id`,
  operationId: 'getOcrJob',
  tag: 'OCR jobs',
  summary: "A job's status and progress; once succeeded, with the whole OCR answer (?answer=false for the status alone)",
  params: jobIdParams,
  query: ocrJobStatusQuerySchema,
  responses: {
    200: { description: 'The job; a succeeded one with the fields of the OCR answer after its own', json: z.union([ocrJobWithAnswerSchema, ocrJobStatusSchema]) },
  },
  errors: ['job_not_found', 'dependency_unavailable'],
  handler: async ({ request, reply, deps, params, query }) => {
    const job = await ownedJob(deps, request, params.job_id);
    const view = viewFor(deps, request, job);
    if (job.status !== 'succeeded' || query.answer === 'false') return { success: true, ...view };
    return sendWithAnswer(deps, reply, view); // the answer brings its own `success`
  },
});
