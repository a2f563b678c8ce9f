import { webhookJob } from '@docsvc/ocr-jobs';
import { ServiceError, ocrJobStatusSchema } from '@docsvc/schemas';
import { JOBS_PATH, ownedJob, viewFor } from '../jobs/job-view.js';
import { defineRoute } from '../route.js';
import { jobIdParams } from './vision-ocr-jobs-get.js';

/** DELETE /v1/vision/ocr/jobs/:job_id: cancels a queued or running job. */
export const visionOcrJobsCancelRoute = defineRoute({
  method: 'DELETE',
  path: `${JOBS_PATH}/:job_id`,
  operationId: 'cancelOcrJob',
  tag: 'OCR jobs',
  summary: 'Cancels a queued or running job (pages in work finish and are discarded)',
  params: jobIdParams,
  responses: { 200: { description: 'The job, cancelled', json: ocrJobStatusSchema } },
  errors: ['job_not_found', 'job_finished', 'dependency_unavailable'],
  handler: async ({ request, deps, params }) => {
    const { jobs } = deps;
    const job = await ownedJob(deps, request, params.job_id);
    const before = await jobs.store.transition(job.id, 'cancelled');
    if (before === 'queued') {
      // Not taken up yet: out of the queue, and announced from here (a running job's coordinator
      // notices the cancellation within a second and announces it itself).
      await (await jobs.queue.getJob(job.id))?.remove().catch(() => undefined);
      if (job.spec.webhookUrl) {
        const first = webhookJob(job.id, job.logId);
        await jobs.queue.add(first.name, first.data as never, first.opts);
      }
    }
    if (before === 'succeeded' || before === 'failed') {
      throw new ServiceError('job_finished', `the job has already ${before}; only a queued or running job can be cancelled`, [{ job_id: job.id, status: before }]);
    }
    // Counted by the job store's transition (docsvc_ocr_jobs_total).
    if (before !== 'cancelled') request.log.info({ job_id: job.id, was: before }, 'OCR job cancelled');
    const now = await jobs.store.get(job.id);
    return { success: true, ...viewFor(deps, request, now ?? job) };
  },
});
