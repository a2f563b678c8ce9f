export { ServiceMetrics, METRIC_PREFIX, type PageLabels, type QueueDepthReader, type PageTotalsReader, type JobTotalsReader } from './metrics.js';
export { serveMetrics, metricsAllowed, WORKER_HTTP_PATHS } from './serve.js';
