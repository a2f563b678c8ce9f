import type { FastifyInstance } from 'fastify';
import { metricsAllowed } from '@docsvc/metrics';
import type { ApiDeps } from '../deps.js';
import { ApiError } from '../errors.js';

/**
 * GET /metrics: the API's Prometheus metrics (text format). Not behind the API keys (Prometheus
 * scrapes with none); behind `Authorization: Bearer METRICS_TOKEN` when that is set.
 */
export function metricsRoute(app: FastifyInstance, deps: ApiDeps): void {
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (!metricsAllowed(request.headers.authorization, deps.metricsToken)) {
      throw new ApiError('invalid_api_key', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>"');
    }
    const { body, contentType } = await deps.metrics.exposition();
    return reply.type(contentType).send(body);
  });
}
