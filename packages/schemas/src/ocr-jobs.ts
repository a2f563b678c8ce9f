import { z } from 'zod';
import { documentSourceFields, hasOneSource, ocrOptionsSchema } from './ocr.js';

/** Pages one OCR job may cover unless MAX_JOB_PAGES says otherwise. */
export const DEFAULT_MAX_JOB_PAGES = 2_000;

/** `[start, end]` without the synchronous route's 10-page cap (the API checks MAX_JOB_PAGES). */
export const jobPageRangeSchema = z
  .tuple([z.number().int().min(1), z.number().int().min(1)], { message: 'must be [start, end], two whole page numbers from 1' })
  .refine(([start, end]) => start <= end, { message: 'start must not be after end' });

/** The options of POST /v1/vision/ocr/jobs (also the `body` part of its multipart form). */
/** A job's result is asked for in any format at GET .../result?format=, so the body has no `output`. */
export const ocrJobOptionsSchema = ocrOptionsSchema.omit({ output: true }).extend({
  page_range: jobPageRangeSchema.optional(),
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
export const ocrJobRequestSchema = ocrJobOptionsSchema
  .extend(documentSourceFields)
  .refine(...hasOneSource)
  .refine((r) => r.webhook_secret === undefined || r.webhook_url !== undefined, {
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

/** GET /v1/vision/ocr/jobs/{job_id}/result?format=: the contract's JSON, or plain text, hOCR, ALTO XML, a searchable PDF. */
export const ocrJobResultQuerySchema = z.object({
  format: z.enum(['json', 'text', 'hocr', 'alto', 'pdf']).default('json'),
});

export type OcrJobOptions = z.infer<typeof ocrJobOptionsSchema>;
export type OcrJobRequest = z.infer<typeof ocrJobRequestSchema>;
export type OcrJobListQuery = z.infer<typeof ocrJobListQuerySchema>;

/** A job's error: the code and message the synchronous route would have answered, and the page it came from. */
export interface OcrJobError {
  code: string;
  message: string;
  page?: number;
  details?: unknown[];
}

/** The webhook's delivery, on the job's status. */
export interface OcrJobWebhookState {
  delivered: boolean;
  attempts: number;
  /** HTTP status of the last attempt; absent when it got no answer (network error, refused). */
  last_status?: number;
  last_error?: string;
}

/** GET /v1/vision/ocr/jobs/{job_id} (before the answer's own fields, when it succeeded). */
export interface OcrJobView {
  job_id: string;
  status: OcrJobStatus;
  created_at: string;
  updated_at: string;
  status_url: string;
  progress: { pages_done: number; pages_total: number | null };
  error?: OcrJobError;
  webhook?: OcrJobWebhookState;
}
