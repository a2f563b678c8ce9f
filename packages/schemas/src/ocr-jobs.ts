import { z } from 'zod';
import { pageRangeSchema } from './page-range.js';
import { answerPartsShape, ocrOptionsSchema, withDocumentSource, ocrResponseSchema, pageEntrySchema, sectionSchema } from './ocr.js';

/** Pages one OCR job may cover unless MAX_JOB_PAGES says otherwise. */
export const DEFAULT_MAX_JOB_PAGES = 2_000;

/**
 * The options of POST /v1/vision/ocr/jobs (also the `body` part of its multipart form). A job's
 * result is asked for in any format at GET .../result?format=, so the body has no `output`.
 */
export const ocrJobOptionsSchema = ocrOptionsSchema.extend({
  /** The job's page limit is a setting (MAX_JOB_PAGES), checked when the job is created. */
  page_range: pageRangeSchema().optional(),
  /** Where the job's end is announced (Standard Webhooks); http(s) only. */
  webhook_url: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//i.test(u), { message: 'must be an http or https URL' })
    .optional(),
  /** The signing secret of that webhook: "whsec_" and base64 bytes (Standard Webhooks), or any string of 16 or more characters. */
  webhook_secret: z.string().min(16).max(512).optional(),
});

/** POST /v1/vision/ocr/jobs as JSON: exactly one of url and file_store_key. */
export const ocrJobRequestSchema = withDocumentSource(ocrJobOptionsSchema).refine((r) => r.webhook_secret === undefined || r.webhook_url !== undefined, {
    message: 'webhook_secret needs a webhook_url',
    path: ['webhook_secret'],
  });

export const OCR_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type OcrJobStatus = (typeof OCR_JOB_STATUSES)[number];
/** Statuses a job never leaves. */
export const FINAL_JOB_STATUSES: readonly OcrJobStatus[] = ['succeeded', 'failed', 'cancelled'];
export const isFinalJobStatus = (status: OcrJobStatus): boolean => FINAL_JOB_STATUSES.includes(status);

/** GET /v1/vision/ocr/jobs: `status` filter, page size and the cursor of the previous page. */
export const ocrJobListQuerySchema = z.object({
  status: z.enum(OCR_JOB_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional(),
});

/** GET /v1/vision/ocr/jobs/{job_id}/pages: 1-based, inclusive; at most 100 pages a call. */
export const MAX_PAGES_PER_READ = 100;
export const ocrJobPagesQuerySchema = z
  .object({
    from: z.coerce.number().int().min(1).default(1),
    to: z.coerce.number().int().min(1).optional(),
  })
  .refine((q) => q.to === undefined || q.to >= q.from, { message: 'to must not be before from', path: ['to'] });

/** GET /v1/vision/ocr/jobs/{job_id}?answer=false: the status alone, without a succeeded job's answer (for polling). */
export const ocrJobStatusQuerySchema = z.object({
  answer: z.enum(['true', 'false']).default('true'),
});

export type OcrJobOptions = z.infer<typeof ocrJobOptionsSchema>;
export type OcrJobRequest = z.infer<typeof ocrJobRequestSchema>;
export type OcrJobListQuery = z.infer<typeof ocrJobListQuerySchema>;

/** A job's error: the code and message the synchronous route would have answered, and the page it came from. */
export const ocrJobErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  page: z.number().int().optional(),
  details: z.array(z.unknown()).optional(),
});

/** The webhook's delivery, on the job's status. */
export const ocrJobWebhookStateSchema = z.object({
  delivered: z.boolean(),
  attempts: z.number().int(),
  /** HTTP status of the last attempt; absent when it got no answer (network error, refused). */
  last_status: z.number().int().optional(),
  last_error: z.string().optional(),
});

/** A job as its owner sees it (no secret, no internals): GET /v1/vision/ocr/jobs/{job_id} before the answer's own fields. */
export const ocrJobViewSchema = z.object({
  job_id: z.string(),
  status: z.enum(OCR_JOB_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  status_url: z.string(),
  progress: z.object({ pages_done: z.number().int(), pages_total: z.number().int().nullable() }),
  error: ocrJobErrorSchema.optional(),
  webhook: ocrJobWebhookStateSchema.optional(),
});

/** A job's status as answered (GET without the answer, DELETE, an Idempotency-Key replay). */
export const ocrJobStatusSchema = ocrJobViewSchema.extend({ success: z.literal(true) });

/** A succeeded job with its whole answer: the status's fields, then the OCR answer's. */
export const ocrJobWithAnswerSchema = ocrJobViewSchema.extend(ocrResponseSchema.shape);

/** POST /v1/vision/ocr/jobs: 202, the job created. */
export const ocrJobCreatedSchema = z.object({
  success: z.literal(true),
  job_id: z.string(),
  status: z.literal('queued'),
  status_url: z.string(),
});

/** GET /v1/vision/ocr/jobs. */
export const ocrJobListSchema = z.object({
  success: z.literal(true),
  jobs: z.array(ocrJobViewSchema),
  next_cursor: z.string().optional(),
});

/** GET /v1/vision/ocr/jobs/{job_id}/pages: the pages of `range` read so far, each with its sections. */
export const ocrJobPagesSchema = ocrJobStatusSchema.extend({
  /** The pages looked at (absent while the document is being prepared). */
  range: z.tuple([z.number().int(), z.number().int()]).optional(),
  /** Each page with its sections, and its tables, key-value pairs and fields when the job asked for them. */
  pages: z.array(pageEntrySchema.extend({ sections: z.array(sectionSchema), ...answerPartsShape })),
});

export type OcrJobError = z.infer<typeof ocrJobErrorSchema>;
export type OcrJobWebhookState = z.infer<typeof ocrJobWebhookStateSchema>;
export type OcrJobView = z.infer<typeof ocrJobViewSchema>;
