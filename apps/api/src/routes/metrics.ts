import { metricsAllowed } from '@docsvc/metrics';
import { ServiceError } from '@docsvc/schemas';
import { defineRoute } from '../route.js';

/**
 * GET /metrics: the API's Prometheus metrics (text format). Not behind the API keys (Prometheus
 * scrapes with none); behind `Authorization: Bearer METRICS_TOKEN` when that is set.
 */
export const metricsRoute = defineRoute({
  method: 'GET',
  path: '/metrics',
  operationId: 'getMetrics',
  tag: 'Service',
  summary: 'Prometheus metrics of the API and the service (behind "Authorization: Bearer METRICS_TOKEN" when that is set)',
  public: true,
  responses: { 200: { description: 'Prometheus text exposition format', content: { 'text/plain': { type: 'string' } } } },
  errors: ['invalid_api_key'],
  handler: async ({ request, reply, deps }) => {
    if (!metricsAllowed(request.headers.authorization, deps.metricsToken)) {
      throw new ServiceError('invalid_api_key', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>"');
    }
    const { body, contentType } = await deps.metrics.exposition();
    return reply.type(contentType).send(body);
  },
});
