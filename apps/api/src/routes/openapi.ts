import { defineRoute } from '../route.js';

/**
 * GET /openapi.json: the document generated from the routes the server registers (server.ts), sent
 * as it was written (a string), so that nothing is added to it on the way out. No key, so that
 * clients can be generated from it.
 */
export const openApiRoute = defineRoute({
  method: 'GET',
  path: '/openapi.json',
  operationId: 'getOpenApi',
  tag: 'Service',
  summary: 'This OpenAPI 3.1 document',
  public: true,
  responses: { 200: { description: 'The OpenAPI document', content: { 'application/json': { type: 'object' } } } },
  handler: async ({ reply, deps }) => reply.type('application/json; charset=utf-8').send(deps.contract),
});
