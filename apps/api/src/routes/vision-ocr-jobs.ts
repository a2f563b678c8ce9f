import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageEntries, unpackSections, type PageResult } from '@docsvc/assembly';
import { isValidCursor, jobObjects, webhookJob, type JobRecord } from '@docsvc/ocr-jobs';
import { runAndWait, type DocumentSource } from '@docsvc/queue';
import {
  MAX_PAGES_PER_READ,
  ocrJobListQuerySchema,
  ocrJobOptionsSchema,
  ocrJobPagesQuerySchema,
  ocrJobResultQuerySchema,
  ocrJobStatusQuerySchema,
  ocrJobRequestSchema,
  type OcrJobOptions,
  type OcrJobView,
} from '@docsvc/schemas';
import { OUTPUT_FORMATS, type PagedFormat } from '@docsvc/renderers';
import { ObjectNotFoundError } from '@docsvc/storage';
import { principalOf } from '../auth/authenticate.js';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { refuseUpload } from '../files/refuse-upload.js';
import { documentName, fromMultipart, storedSource } from '../ocr/document-source.js';
import { bodyHash as hashOf, idempotencyKeyOf } from '../ocr/idempotency.js';
import { ocrLanguage } from '../ocr/run-ocr.js';
import { baseUrlOf } from './store-upload.js';
import { validate } from '../validate.js';

const JOBS_PATH = '/v1/vision/ocr/jobs';
/** When a key over its job backlog may try again. */
const JOB_RETRY_AFTER_S = 30;

/** The status of a job as its owner sees it (no secret, no internals). */
function jobView(job: JobRecord, baseUrl: string): OcrJobView {
  return {
    job_id: job.id,
    status: job.status,
    created_at: new Date(job.createdAt).toISOString(),
    updated_at: new Date(job.updatedAt).toISOString(),
    status_url: `${baseUrl}${JOBS_PATH}/${job.id}`,
    progress: { pages_done: job.pagesDone, pages_total: job.plan ? job.plan.pageRange[1] - job.plan.pageRange[0] + 1 : null },
    ...(job.error ? { error: job.error } : {}),
    ...(job.webhook ? { webhook: job.webhook } : {}),
  };
}

/**
 * Asynchronous OCR jobs, for documents of any length (up to MAX_JOB_PAGES pages):
 * - POST /v1/vision/ocr/jobs: the body of POST /v1/vision/ocr (JSON, or multipart with a `file` part)
 *   plus webhook_url and webhook_secret; 202 at once with the job's id and status_url. An
 *   Idempotency-Key replays the job it created (200), or is a 409 with another body.
 * - GET /v1/vision/ocr/jobs/{id}: status and progress; once succeeded, with the whole answer.
 * - GET /v1/vision/ocr/jobs/{id}/pages?from=&to=: the pages read so far, a range at a time.
 * - GET /v1/vision/ocr/jobs?status=&limit=&cursor=: the caller's jobs, newest first.
 * - DELETE /v1/vision/ocr/jobs/{id}: cancels a queued or running job.
 * Every job belongs to the API key that created it: any other key gets 404. The work itself is
 * done by worker-jobs (coordination), worker-pdf and worker-ocr; this route only records and enqueues.
 */
export function visionOcrJobsRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const { jobs } = deps;
  const baseUrl = (request: FastifyRequest) => baseUrlOf(request, deps.publicBaseUrl);

  /** The rules that depend on this server's settings (MAX_JOB_PAGES, WEBHOOK_SECRET), checked before the document is looked for. */
  const checkOptions = <T extends Pick<OcrJobOptions, 'page_range' | 'webhook_url' | 'webhook_secret'>>(options: T): T => {
    const range = options.page_range;
    if (range && range[1] - range[0] + 1 > jobs.maxPages) {
      throw new ApiError('validation_failed', `page_range: at most ${jobs.maxPages} pages a job (MAX_JOB_PAGES)`, [{ field: 'page_range', rule: `at most ${jobs.maxPages} pages` }]);
    }
    if (options.webhook_url && !options.webhook_secret && !jobs.webhookSecretConfigured) {
      throw new ApiError('validation_failed', 'webhook_secret: required with a webhook_url (this server has no WEBHOOK_SECRET to sign with)', [
        { field: 'webhook_secret', rule: 'required with webhook_url when WEBHOOK_SECRET is not set' },
      ]);
    }
    return options;
  };

  /** An API key's backlog: beyond MAX_QUEUED_JOB_PAGES_PER_KEY pages left to read, new jobs wait (429). */
  const admitJob = async (ownerId: string): Promise<void> => {
    if (jobs.maxPendingPagesPerKey <= 0) return;
    const pending = await jobs.store.pendingPages(ownerId);
    if (pending < jobs.maxPendingPagesPerKey) return;
    throw new ApiError(
      'too_many_pending_pages',
      `this API key's OCR jobs have ${pending} pages left to read (limit ${jobs.maxPendingPagesPerKey}, MAX_QUEUED_JOB_PAGES_PER_KEY); retry after the Retry-After seconds`,
      [{ pending_pages: pending, limit: jobs.maxPendingPagesPerKey, retry_after_s: JOB_RETRY_AFTER_S }],
      { 'retry-after': String(JOB_RETRY_AFTER_S) },
    );
  };

  const ownedJob = async (request: FastifyRequest, id: string): Promise<JobRecord> => {
    const job = /^[0-9a-f-]{36}$/.test(id) ? await jobs.store.getOwned(principalOf(request).id, id) : undefined;
    if (!job) throw new ApiError('job_not_found', `no OCR job ${id} for this API key`, [{ job_id: id }]);
    return job;
  };

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: deps.limits.maxUploadBytes + 1, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 8 } });
    scope.addHook('onError', refuseUpload);

    scope.post(JOBS_PATH, async (request, reply) => {
      const owner = principalOf(request);
      const idempotencyKey = idempotencyKeyOf(request);
      const jobId = randomUUID();
      let options: OcrJobOptions;
      let source: DocumentSource;
      let bodyHash: string;
      let sourceName: string | undefined;
      let uploaded = false;
      try {
        if (request.isMultipart()) {
          const upload = await fromMultipart(request, deps.store, jobObjects.upload(jobId), ocrJobOptionsSchema, deps.limits.maxUploadBytes, { digest: idempotencyKey !== undefined });
          uploaded = true;
          ({ options, source } = upload);
          sourceName = upload.fileName;
          bodyHash = hashOf('multipart', options, upload.fileDigest ?? '');
        } else {
          const body = validate(ocrJobRequestSchema, request.body);
          const { url, file_store_key, ...rest } = body;
          options = checkOptions(rest);
          source = url ? { url } : await storedSource(deps.store, owner.id, file_store_key as string);
          sourceName = documentName(body);
          bodyHash = hashOf('json', body);
        }
        checkOptions(options);
        const { webhook_url, webhook_secret, ...ocrOptions } = options;
        const language = await ocrLanguage(deps.ocr, options.language);
        const statusUrl = `${baseUrl(request)}${JOBS_PATH}/${jobId}`;
        const outcome = await jobs.store.create({
          id: jobId,
          owner: owner.id,
          logId: request.id,
          spec: { options: { ...ocrOptions, language }, source, dpi: deps.ocr.dpi, maxPages: jobs.maxPages, statusUrl, ...(sourceName ? { sourceName } : {}), ...(webhook_url ? { webhookUrl: webhook_url } : {}) },
          ...(webhook_secret ? { webhookSecret: webhook_secret } : {}),
          ...(idempotencyKey ? { idempotency: { key: idempotencyKey, bodyHash } } : {}),
          admit: () => admitJob(owner.id),
        });
        if ('conflict' in outcome) {
          throw new ApiError('idempotency_conflict', 'this Idempotency-Key was used with another request body; use a new key for a new job', [{ job_id: outcome.jobId }]);
        }
        if (!outcome.created) {
          // A replay: the job the key created; the copy just uploaded is not needed.
          if (uploaded) await deps.store.deletePrefix(jobObjects.prefix(jobId)).catch(() => undefined);
          return reply.code(200).header('location', `${JOBS_PATH}/${outcome.job.id}`).send({ success: true, ...jobView(outcome.job, baseUrl(request)) });
        }
        uploaded = false; // the job owns its upload now
        await jobs.queue.add('document', { requestId: request.id, jobId }, { jobId });
        request.log.info({ job_id: jobId, source: 'url' in source ? 'url' : 'object', webhook: Boolean(webhook_url) }, 'OCR job created');
        deps.metrics.jobs.inc({ status: 'queued' });
        return reply
          .code(202)
          .header('location', `${JOBS_PATH}/${jobId}`)
          .send({ success: true, job_id: jobId, status: 'queued', status_url: statusUrl });
      } finally {
        if (uploaded) await deps.store.deletePrefix(jobObjects.prefix(jobId)).catch(() => undefined);
      }
    });
  });

  app.get(JOBS_PATH, async (request) => {
    const query = validate(ocrJobListQuerySchema, request.query, 'query');
    if (query.cursor && !isValidCursor(query.cursor)) throw new ApiError('validation_failed', 'cursor: not a cursor this API gave', [{ field: 'cursor', rule: 'a next_cursor from a previous page' }]);
    const page = await jobs.store.list(principalOf(request).id, {
      limit: query.limit,
      ...(query.status ? { status: query.status } : {}),
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    return { success: true, jobs: page.jobs.map((j) => jobView(j, baseUrl(request))), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) };
  });

  app.get<{ Params: { job_id: string } }>(`${JOBS_PATH}/:job_id`, async (request, reply) => {
    const job = await ownedJob(request, request.params.job_id);
    const view = jobView(job, baseUrl(request));
    const { answer } = validate(ocrJobStatusQuerySchema, request.query, 'query');
    if (job.status !== 'succeeded' || answer === 'false') return { success: true, ...view };
    return sendWithAnswer(reply, view, job.id); // the answer brings its own `success`
  });

  app.get<{ Params: { job_id: string } }>(`${JOBS_PATH}/:job_id/pages`, async (request) => {
    const job = await ownedJob(request, request.params.job_id);
    const query = validate(ocrJobPagesQuerySchema, request.query, 'query');
    const view = jobView(job, baseUrl(request));
    if (!job.plan) return { success: true, ...view, pages: [] };
    const [first, last] = job.plan.pageRange;
    const from = Math.max(query.from, first);
    const to = Math.min(query.to ?? from + MAX_PAGES_PER_READ - 1, last, from + MAX_PAGES_PER_READ - 1);
    const done = await jobs.store.donePages(job.id);
    const wanted = [];
    for (let p = from; p <= to; p++) if (done.has(p)) wanted.push(p);
    const pages = await Promise.all(wanted.map(async (p) => JSON.parse((await deps.store.getBytes(jobObjects.page(job.id, p))).toString('utf8')) as PageResult));
    return {
      success: true,
      ...view,
      range: [from, to],
      pages: pages.map((page, i) => ({ ...pageEntries([page])[0]!, sections: unpackSections(pages[i]!.sections) })),
    };
  });

  app.get<{ Params: { job_id: string } }>(`${JOBS_PATH}/:job_id/result`, async (request, reply) => {
    const job = await ownedJob(request, request.params.job_id);
    const { format } = validate(ocrJobResultQuerySchema, request.query, 'query');
    if (job.status !== 'succeeded' || !job.plan) {
      throw new ApiError('job_not_finished', `the job is ${job.status}; its result can be read once it has succeeded`, [{ job_id: job.id, status: job.status }]);
    }
    const base = (job.spec.sourceName ?? 'document').replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
    if (format === 'json') {
      const answer = await readAnswer(job.id);
      return reply.type('application/json; charset=utf-8').header('content-disposition', attachment(`${base}.json`)).send(answer);
    }
    if (format === 'pdf') {
      const pdf = await searchablePdf(job, request.id);
      const length = pdf.size !== undefined ? { 'content-length': String(pdf.size) } : {};
      return reply.type('application/pdf').headers({ 'content-disposition': attachment(`${base}.pdf`), ...length }).send(pdf.body);
    }
    const f: PagedFormat = OUTPUT_FORMATS[format];
    const [first, last] = job.plan.pageRange;
    const doc = { sourceName: job.spec.sourceName ?? 'document' };
    const store = deps.store;
    // One page read from S3 at a time: a 2,000-page result is never held whole.
    async function* chunks() {
      yield Buffer.from(f.header(doc, last - first + 1));
      for (let p = first; p <= last; p++) {
        const page = JSON.parse((await store.getBytes(jobObjects.page(job.id, p))).toString('utf8')) as PageResult;
        for (const chunk of f.page(page, p - first, doc)) yield Buffer.from(chunk);
      }
      yield Buffer.from(f.footer());
    }
    return reply.type(f.contentType).header('content-disposition', attachment(`${base}.${f.extension}`)).send(Readable.from(chunks()));
  });

  app.delete<{ Params: { job_id: string } }>(`${JOBS_PATH}/:job_id`, async (request) => {
    const job = await ownedJob(request, request.params.job_id);
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
      throw new ApiError('job_finished', `the job has already ${before}; only a queued or running job can be cancelled`, [{ job_id: job.id, status: before }]);
    }
    if (before !== 'cancelled') {
      request.log.info({ job_id: job.id, was: before }, 'OCR job cancelled');
      // A running job's coordinator counts its own end; a queued one never runs.
      if (before === 'queued') deps.metrics.jobs.inc({ status: 'cancelled' });
    }
    const now = await jobs.store.get(job.id);
    return { success: true, ...jobView(now ?? job, baseUrl(request)) };
  });

  /**
   * A succeeded job's searchable PDF: written by worker-pdf the first time it is asked for (one build
   * however many ask at once: the build's id is the job's), then kept with the job's other objects.
   * The request waits for the build up to OCR_TIMEOUT_MS; a 504 then means "ask again" (the build goes on).
   */
  async function searchablePdf(job: JobRecord, requestId: string) {
    const plan = job.plan!;
    const key = jobObjects.searchablePdf(job.id);
    if (!(await deps.store.head(key))) {
      const data = { requestId, sourceKey: plan.sourceKey, kind: plan.kind, pageCount: plan.totalPages, pageRange: plan.pageRange, pagesPrefix: jobObjects.pages(job.id), outputKey: key };
      await runAndWait(deps.ocr.pdf, 'searchable', data, deps.ocr.timeoutMs, { jobId: `${job.id}.searchable` });
    }
    try {
      return await deps.store.get(key);
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw new ApiError('job_not_found', `the results of OCR job ${job.id} are no longer kept`, [{ job_id: job.id }]);
      throw err;
    }
  }

  /**
   * The status followed by the stored answer's fields, streamed: a 2,000-page answer is never held
   * in the API's memory. The answer object is spliced in after the status's own fields.
   */
  async function readAnswer(jobId: string): Promise<Readable> {
    try {
      return (await deps.store.get(jobObjects.answer(jobId))).body;
    } catch (err) {
      if (err instanceof ObjectNotFoundError) throw new ApiError('job_not_found', `the results of OCR job ${jobId} are no longer kept`, [{ job_id: jobId }]);
      throw err;
    }
  }

  async function sendWithAnswer(reply: FastifyReply, view: object, jobId: string): Promise<FastifyReply> {
    const body = await readAnswer(jobId);
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
}


/** Content-Disposition for a download named `name` (an ASCII fallback, and the exact name per RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
