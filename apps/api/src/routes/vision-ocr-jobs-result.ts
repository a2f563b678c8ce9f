import { Readable } from 'node:stream';
import { z } from 'zod';
import { jobObjects } from '@docsvc/ocr-jobs';
import { PageResults } from '@docsvc/ocr-pipeline';
import { FORMATS, isRenderedFormat, render } from '@docsvc/renderers';
import { ServiceError, ocrResponseSchema, pageCount } from '@docsvc/schemas';
import { readAnswer, searchablePdf } from '../jobs/job-results.js';
import { JOBS_PATH, ownedJob } from '../jobs/job-view.js';
import { attachment, formatContent, outputFormatSchema } from '../output-format.js';
import { defineRoute } from '../route.js';
import { jobIdParams } from './vision-ocr-jobs-get.js';

/** GET /v1/vision/ocr/jobs/:job_id/result?format=: a succeeded job's result as a file in any format of the format table. */
export const visionOcrJobsResultRoute = defineRoute({
  method: 'GET',
  path: `${JOBS_PATH}/:job_id/result`,
  operationId: 'getOcrJobResult',
  tag: 'OCR jobs',
  summary: "A succeeded job's result as a file (Content-Disposition names it after the document)",
  params: jobIdParams,
  query: z.object({ format: outputFormatSchema.default('json') }),
  responses: { 200: { description: 'The result in `format`', json: ocrResponseSchema, content: formatContent() } },
  errors: ['job_not_found', 'job_not_finished', 'dependency_unavailable', 'timeout'],
  handler: async ({ request, reply, deps, params, query }) => {
    const { format } = query;
    const job = await ownedJob(deps, request, params.job_id);
    if (job.status !== 'succeeded' || !job.plan) {
      throw new ServiceError('job_not_finished', `the job is ${job.status}; its result can be read once it has succeeded`, [{ job_id: job.id, status: job.status }]);
    }
    const made = FORMATS[format].made;
    reply.header('content-disposition', attachment(job.spec.sourceName, format)).type(FORMATS[format].contentType);
    if (made === 'answer') return reply.send(await readAnswer(deps, job.id));
    if (made === 'searchable-pdf') {
      const pdf = await searchablePdf(deps, job, request.id);
      if (pdf.size !== undefined) reply.header('content-length', String(pdf.size));
      return reply.send(pdf.body);
    }
    if (!isRenderedFormat(format)) throw new Error(`no way to write ${format}`);
    // One page read from S3 at a time: a 2,000-page result is never held whole.
    const pages = new PageResults(deps.store, jobObjects.pages(job.id)).range(job.plan.pageRange);
    const chunks = render(format, { sourceName: job.spec.sourceName ?? 'document' }, pages, pageCount(job.plan.pageRange));
    return reply.send(Readable.from(asBuffers(chunks)));
  },
});

async function* asBuffers(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
}
