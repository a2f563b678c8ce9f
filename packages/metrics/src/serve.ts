import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { ServiceMetrics } from './metrics.js';

/** Whether an Authorization header carries `token` (no token configured: everyone may read). */
export function metricsAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The paths a worker's own HTTP port answers (Kubernetes probes point at these). */
export const WORKER_HTTP_PATHS = { metrics: '/metrics', healthz: '/healthz', readyz: '/readyz' } as const;

/**
 * A worker's own HTTP port (METRICS_PORT): GET /metrics (Prometheus text format, behind
 * `Authorization: Bearer METRICS_TOKEN` when a token is set), /healthz (the process answers) and
 * /readyz (`ready()`: set up and taking jobs). Resolves once listening.
 */
export async function serveMetrics(
  metrics: ServiceMetrics,
  opts: { port: number; host?: string; token?: string; ready?: () => boolean },
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const text = (status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'method not allowed\n');
    if (path === WORKER_HTTP_PATHS.healthz) return text(200, 'ok\n');
    if (path === WORKER_HTTP_PATHS.readyz) return (opts.ready?.() ?? true) ? text(200, 'ready\n') : text(503, 'not ready\n');
    if (path !== WORKER_HTTP_PATHS.metrics) return text(404, 'not found\n');
    if (!metricsAllowed(req.headers.authorization, opts.token)) {
      return void res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('METRICS_TOKEN required\n');
    }
    metrics.exposition().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(opts.port, opts.host ?? '0.0.0.0', () => resolve()));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : opts.port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
