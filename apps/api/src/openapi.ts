import { z } from 'zod';
import {
  ERROR_STATUS,
  errorBodySchema,
  ocrJobListQuerySchema,
  ocrJobRequestSchema,
  ocrRequestSchema,
  ocrResponseSchema,
  storeUploadOptionsSchema,
  storeUploadResponseSchema,
  translateRequestSchema,
  translateResponseSchema,
} from '@docsvc/schemas';

const json = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });
const errorResponse = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
const ok = (schema: z.ZodType, description = 'OK') => ({ description, content: { 'application/json': { schema: json(schema, 'output') } } });
const jsonBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: json(schema, 'input') } } });
const errors = { '4XX': errorResponse, '5XX': errorResponse };
const jobParam = { name: 'job_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const keyParam = { name: 'key', in: 'path', required: true, schema: { type: 'string' }, description: 'File key; may contain "/"' };

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate requests, so that the
 * document cannot drift from what the server accepts.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'docsvc',
      version: '1.0.0',
      description: `Self-hosted OCR and translation. Error codes and their statuses: ${Object.entries(ERROR_STATUS)
        .map(([code, status]) => `${code} (${status})`)
        .join(', ')}.`,
    },
    security: [{ bearer: [] }, { apiKeyHeader: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
      schemas: { Error: json(errorBodySchema, 'output') },
    },
    paths: {
      '/v1/ai/translate': { post: { summary: 'Translate text', requestBody: jsonBody(translateRequestSchema), responses: { 200: ok(translateResponseSchema), ...errors } } },
      '/v1/vision/ocr': { post: { summary: 'OCR an image or PDF', requestBody: jsonBody(ocrRequestSchema), responses: { 200: ok(ocrResponseSchema), ...errors } } },
      '/v1/vision/ocr/jobs': {
        post: {
          summary: 'Start an asynchronous OCR job (any length up to MAX_JOB_PAGES); answers 202 with its status_url. Idempotency-Key header optional',
          parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }],
          requestBody: jsonBody(ocrJobRequestSchema),
          responses: { 202: { description: 'Queued: { success, job_id, status, status_url }' }, 200: { description: 'The job this Idempotency-Key created' }, ...errors },
        },
        get: {
          summary: 'Your OCR jobs, newest first',
          parameters: Object.keys(ocrJobListQuerySchema.shape).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
          responses: { 200: { description: '{ success, jobs, next_cursor? }' }, ...errors },
        },
      },
      '/v1/vision/ocr/jobs/{job_id}': {
        get: { summary: "A job's status and progress; once succeeded, with the whole OCR answer", parameters: [jobParam], responses: { 200: { description: 'The job' }, ...errors } },
        delete: { summary: 'Cancel a queued or running job', parameters: [jobParam], responses: { 200: { description: 'The job, cancelled' }, ...errors } },
      },
      '/v1/vision/ocr/jobs/{job_id}/pages': {
        get: {
          summary: 'Pages a job has read so far, up to 100 at a time',
          parameters: [jobParam, { name: 'from', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }, { name: 'to', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }],
          responses: { 200: { description: '{ success, job_id, status, range, pages }' }, ...errors },
        },
      },
      '/v1/store/file': {
        post: {
          summary: 'Store a file (raw body with options in the query, or multipart with "file" and a JSON "body" part)',
          parameters: Object.keys(storeUploadOptionsSchema.shape).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
          requestBody: {
            required: true,
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, body: { type: 'string', description: 'options as JSON' } }, required: ['file'] },
              },
            },
          },
          responses: { 200: ok(storeUploadResponseSchema), ...errors },
        },
      },
      '/v1/store/file/read/{key}': {
        get: { summary: 'Read a stored file', parameters: [keyParam], responses: { 200: { description: 'The file, with its stored content type' }, ...errors } },
        delete: { summary: 'Delete a stored file', parameters: [keyParam], responses: { 200: { description: 'Deleted' }, ...errors } },
      },
      '/v1/store/file/public/{token}': {
        get: { summary: 'Read a file through a temp_public_url (no key)', security: [], parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'The file' }, ...errors } },
      },
      '/v1/logs/{log_id}': {
        get: { summary: "A request's log entry (own requests only)", parameters: [{ name: 'log_id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'The entry' }, ...errors } },
      },
      '/healthz': { get: { summary: 'Process is up', security: [], responses: { 200: { description: 'OK' } } } },
      '/readyz': { get: { summary: 'Dependencies and workers are up', security: [], responses: { 200: { description: 'Ready' }, 503: { description: 'Not ready' } } } },
    },
  };
}
