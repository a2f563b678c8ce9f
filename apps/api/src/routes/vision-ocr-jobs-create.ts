import { randomUUID } from 'node:crypto';
import { checkWebhookUrl, isFetchError } from '@docsvc/fetcher';
import { jobObjects } from '@docsvc/ocr-jobs';
import type { DocumentSource } from '@docsvc/queue';
import { ServiceError, checkPageRange, ocrJobCreatedSchema, ocrJobOptionsSchema, ocrJobRequestSchema, ocrJobStatusSchema, type OcrJobOptions } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import { baseUrlOf } from '../base-url.js';
import type { ApiDeps } from '../deps.js';
import { JOBS_PATH, jobView } from '../jobs/job-view.js';
import { documentName, fromMultipart, storedSource } from '../ocr/document-source.js';
import { bodyHash as hashOf, idempotencyKeyOf } from '../ocr/idempotency.js';
import { idempotencyKeyHeader } from '../ocr/idempotency-header.js';
import { ocrLanguage } from '../ocr/run-ocr.js';
import { defineRoute } from '../route.js';

/** When a key over its job backlog may try again. */
const JOB_RETRY_AFTER_S = 30;

/** The rules that depend on this server's settings (MAX_JOB_PAGES, WEBHOOK_SECRET, ALLOW_PRIVATE_URLS), checked before the document is looked for. */
async function checkSettings(deps: ApiDeps, options: Pick<OcrJobOptions, 'page_range' | 'webhook_url' | 'webhook_secret'>): Promise<void> {
  checkPageRange(options.page_range, deps.jobs.maxPages, 'MAX_JOB_PAGES');
  if (options.webhook_url && !options.webhook_secret && !deps.jobs.webhookSecretConfigured) {
    throw new ServiceError('validation_failed', 'webhook_secret: required with a webhook_url (this server has no WEBHOOK_SECRET to sign with)', [
      { field: 'webhook_secret', rule: 'required with webhook_url when WEBHOOK_SECRET is not set' },
    ]);
  }
  await checkWebhook(deps, options.webhook_url);
}

/**
 * A webhook_url is checked now by the rule its deliveries go under (its host resolves, and only to
 * addresses allowed), so a job is not created to retry an impossible delivery for WEBHOOK_RETRY_HOURS.
 * Each delivery checks again: DNS can change.
 */
async function checkWebhook(deps: ApiDeps, url: string | undefined): Promise<void> {
  if (!url) return;
  const { allowPrivate, timeoutMs } = deps.jobs.webhookCheck;
  try {
    await checkWebhookUrl(url, { connectTimeoutMs: timeoutMs, allowPrivate });
  } catch (err) {
    if (!isFetchError(err)) throw err;
    throw new ServiceError('invalid_webhook_url', `webhook_url: ${err.message}`, err.details.map((d) => ({ field: 'webhook_url', ...d })));
  }
}

/** An API key's backlog: beyond MAX_QUEUED_JOB_PAGES_PER_KEY pages left to read, new jobs wait (429). */
async function admitJob(deps: ApiDeps, ownerId: string): Promise<void> {
  const { jobs } = deps;
  if (jobs.maxPendingPagesPerKey <= 0) return;
  const pending = await jobs.store.pendingPages(ownerId);
  if (pending < jobs.maxPendingPagesPerKey) return;
  throw new ServiceError(
    'too_many_pending_pages',
    `this API key's OCR jobs have ${pending} pages left to read (limit ${jobs.maxPendingPagesPerKey}, MAX_QUEUED_JOB_PAGES_PER_KEY); retry after the Retry-After seconds`,
    [{ pending_pages: pending, limit: jobs.maxPendingPagesPerKey, retry_after_s: JOB_RETRY_AFTER_S }],
    false,
    { 'retry-after': String(JOB_RETRY_AFTER_S) },
  );
}

/**
 * POST /v1/vision/ocr/jobs: an asynchronous OCR job for a document of any length (up to
 * MAX_JOB_PAGES pages): the body of POST /v1/vision/ocr (JSON, or multipart with a `file` part) plus
 * webhook_url and webhook_secret; 202 at once with the job's id and status_url. An Idempotency-Key
 * replays the job it created (200), or is a 409 with another body. The job belongs to the API key
 * that created it; worker-jobs does the work, this route only records and enqueues.
 */
export const visionOcrJobsCreateRoute = defineRoute({
  method: 'POST',
  path: JOBS_PATH,
  operationId: 'createOcrJob',
  tag: 'OCR jobs',
  summary: 'Starts an OCR job for a document of any length (up to MAX_JOB_PAGES pages); 202 at once with its status_url',
  headers: [idempotencyKeyHeader],
  body: {
    json: ocrJobRequestSchema,
    multipart: { options: ocrJobOptionsSchema, description: 'The document in a "file" part; the options as JSON in a "body" part' },
  },
  responses: {
    202: {
      description: 'Queued',
      json: ocrJobCreatedSchema,
      headers: { Location: { description: "The job's path", schema: { type: 'string' } } },
    },
    200: { description: 'The job this Idempotency-Key created (a replay)', json: ocrJobStatusSchema },
  },
  errors: ['invalid_file_key', 'invalid_webhook_url', 'file_not_found', 'invalid_language_code', 'idempotency_conflict', 'too_many_pending_pages', 'dependency_unavailable'],
  handler: async ({ request, reply, deps, body }) => {
    const { jobs } = deps;
    const owner = principalOf(request);
    const idempotencyKey = idempotencyKeyOf(request);
    const jobId = randomUUID();
    const baseUrl = baseUrlOf(request, deps.publicBaseUrl);
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
        await checkSettings(deps, options);
      } else {
        const json = body!;
        const { url, file_store_key, ...rest } = json;
        options = rest;
        await checkSettings(deps, options);
        source = url ? { url } : await storedSource(deps.store, owner.id, file_store_key as string);
        sourceName = documentName(json);
        bodyHash = hashOf('json', json);
      }
      const { webhook_url, webhook_secret, ...ocrOptions } = options;
      const language = await ocrLanguage(deps.ocr, options.language);
      const statusUrl = `${baseUrl}${JOBS_PATH}/${jobId}`;
      const outcome = await jobs.store.create({
        id: jobId,
        owner: owner.id,
        logId: request.id,
        spec: { options: { ...ocrOptions, language }, source, dpi: deps.ocr.dpi, maxPages: jobs.maxPages, statusUrl, ...(sourceName ? { sourceName } : {}), ...(webhook_url ? { webhookUrl: webhook_url } : {}) },
        ...(webhook_secret ? { webhookSecret: webhook_secret } : {}),
        ...(idempotencyKey ? { idempotency: { key: idempotencyKey, bodyHash } } : {}),
        admit: () => admitJob(deps, owner.id),
      });
      if ('conflict' in outcome) {
        throw new ServiceError('idempotency_conflict', 'this Idempotency-Key was used with another request body; use a new key for a new job', [{ job_id: outcome.jobId }]);
      }
      if (!outcome.created) {
        // A replay: the job the key created; the copy just uploaded is not needed.
        if (uploaded) await deps.store.deletePrefix(jobObjects.prefix(jobId)).catch(() => undefined);
        return reply.code(200).header('location', `${JOBS_PATH}/${outcome.job.id}`).send({ success: true, ...jobView(outcome.job, baseUrl) });
      }
      uploaded = false; // the job owns its upload now
      await jobs.queue.add('document', { requestId: request.id, jobId }, { jobId });
      request.log.info({ job_id: jobId, source: 'url' in source ? 'url' : 'object', webhook: Boolean(webhook_url) }, 'OCR job created');
      return reply.code(202).header('location', `${JOBS_PATH}/${jobId}`).send({ success: true, job_id: jobId, status: 'queued', status_url: statusUrl });
    } finally {
      if (uploaded) await deps.store.deletePrefix(jobObjects.prefix(jobId)).catch(() => undefined);
    }
  },
});
