import type { FastifyRequest } from 'fastify';
import type { JobRecord } from '@docsvc/ocr-jobs';
import { ServiceError, pageCount, type OcrJobView } from '@docsvc/schemas';
import { ObjectNotFoundError } from '@docsvc/storage';
import { principalOf } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import { baseUrlOf } from '../base-url.js';

export const JOBS_PATH = '/v1/vision/ocr/jobs';

/** The status of a job as its owner sees it (no secret, no internals). */
export function jobView(job: JobRecord, baseUrl: string): OcrJobView {
  return {
    job_id: job.id,
    status: job.status,
    created_at: new Date(job.createdAt).toISOString(),
    updated_at: new Date(job.updatedAt).toISOString(),
    status_url: `${baseUrl}${JOBS_PATH}/${job.id}`,
    progress: { pages_done: job.pagesDone, pages_total: job.plan ? pageCount(job.plan.pageRange) : null },
    ...(job.error ? { error: job.error } : {}),
    ...(job.webhook ? { webhook: job.webhook } : {}),
  };
}

/** The job's view for this request's base URL. */
export const viewFor = (deps: ApiDeps, request: FastifyRequest, job: JobRecord): OcrJobView => jobView(job, baseUrlOf(request, deps.publicBaseUrl));

/** The caller's own job, or 404 job_not_found (another key's job is not found either). */
export async function ownedJob(deps: ApiDeps, request: FastifyRequest, id: string): Promise<JobRecord> {
  const job = /^[0-9a-f-]{36}$/.test(id) ? await deps.jobs.store.getOwned(principalOf(request).id, id) : undefined;
  if (!job) throw new ServiceError('job_not_found', `no OCR job ${id} for this API key`, [{ job_id: id }]);
  return job;
}

/** A job's stored object, or 404 job_not_found once its results are no longer kept. */
export async function jobObject<T>(jobId: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ObjectNotFoundError) {
      throw new ServiceError('job_not_found', `the results of OCR job ${jobId} are no longer kept`, [{ job_id: jobId }]);
    }
    throw err;
  }
}
