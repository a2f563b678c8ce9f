import { z } from 'zod';
import { defineRoute } from '../route.js';

/** GET /healthz: the API process is up. No dependency checks, no key. */
export const healthzRoute = defineRoute({
  method: 'GET',
  path: '/healthz',
  operationId: 'getHealth',
  tag: 'Service',
  summary: 'The API process is up (no dependency is checked)',
  public: true,
  responses: { 200: { description: 'Up', json: z.object({ status: z.literal('ok') }) } },
  handler: async () => ({ status: 'ok' }),
});
