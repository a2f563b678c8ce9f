import { z } from 'zod';
import { ServiceError } from '@docsvc/schemas';
import { principalOf } from '../auth/authenticate.js';
import { defineRoute } from '../route.js';

const logEntrySchema = z.object({
  log_id: z.string(),
  key_name: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  duration_ms: z.number(),
  created_at: z.string(),
  pages: z.number().int().optional(),
  usage: z.record(z.string(), z.number()).optional(),
  error_code: z.string().optional(),
});

/** GET /v1/logs/:log_id: a request's log entry, to the key that made the request only. */
export const logsRoute = defineRoute({
  method: 'GET',
  path: '/v1/logs/:log_id',
  operationId: 'getLog',
  tag: 'Logs',
  summary: "One of your requests, by the log_id its answer carried (entries expire after REQUEST_LOG_TTL_SECONDS)",
  params: z.object({ log_id: z.string() }),
  responses: { 200: { description: 'The entry', json: z.object({ success: z.literal(true), log: logEntrySchema }) } },
  errors: ['log_not_found', 'dependency_unavailable'],
  handler: async ({ request, deps, params }) => {
    const entry = await deps.requestLog.read(principalOf(request).id, params.log_id);
    if (!entry) throw new ServiceError('log_not_found', `no request log "${params.log_id}" for this API key (entries expire)`);
    return { success: true, log: entry };
  },
});
