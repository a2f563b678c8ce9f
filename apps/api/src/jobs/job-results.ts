import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { jobObjects, type JobRecord } from '@docsvc/ocr-jobs';
import { runAndWait } from '@docsvc/queue';
import type { OcrJobView } from '@docsvc/schemas';
import type { StoredObject } from '@docsvc/storage';
import type { ApiDeps } from '../deps.js';
import { jobObject } from './job-view.js';

/** A succeeded job's stored answer (the contract's JSON), as a stream: a 2,000-page answer is never held in the API's memory. */
export async function readAnswer(deps: ApiDeps, jobId: string): Promise<Readable> {
  return (await jobObject(jobId, () => deps.store.get(jobObjects.answer(jobId)))).body;
}

/** The status followed by the stored answer's fields, streamed: the answer object is spliced in after the status's own fields. */
export async function sendWithAnswer(deps: ApiDeps, reply: FastifyReply, view: OcrJobView): Promise<FastifyReply> {
  const body = await readAnswer(deps, view.job_id);
  const head = JSON.stringify(view).slice(0, -1) + ',';
  async function* spliced() {
    yield Buffer.from(head);
    let first = true;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      // The stored answer is one JSON object: its opening brace is dropped, its fields follow ours.
      yield first ? chunk.subarray(1) : chunk;
      first = false;
    }
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(spliced()));
}

/**
 * A succeeded job's searchable PDF: written by worker-pdf the first time it is asked for (one build
 * however many ask at once: the build's id is the job's), then kept with the job's other objects.
 * The request waits for the build up to OCR_TIMEOUT_MS; a 504 then means "ask again" (the build goes on).
 */
export async function searchablePdf(deps: ApiDeps, job: JobRecord, requestId: string): Promise<StoredObject> {
  const plan = job.plan!;
  const key = jobObjects.searchablePdf(job.id);
  if (!(await deps.store.head(key))) {
    const data = { requestId, sourceKey: plan.sourceKey, kind: plan.kind, pageCount: plan.totalPages, pageRange: plan.pageRange, pagesPrefix: jobObjects.pages(job.id), outputKey: key };
    await runAndWait(deps.ocr.pdf, 'searchable', data, deps.ocr.timeoutMs, { jobId: `${job.id}.searchable` });
  }
  return jobObject(job.id, () => deps.store.get(key));
}
