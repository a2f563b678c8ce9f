import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from './metrics.js';
import { serveMetrics } from './serve.js';

describe('ServiceMetrics', () => {
  it('exposes its metrics under the docsvc_ prefix, with the app label, in Prometheus text format', async () => {
    const metrics = new ServiceMetrics('worker-test', {
      queueDepth: async () => [{ queue: 'ocr-page', state: 'waiting', count: 7 }],
      pageTotals: async () => [
        { source: 'ocr', engine: 'native', count: 1 },
        { source: 'text_layer', engine: 'pdf.js', count: 1 },
      ],
    });
    metrics.observePage({ source: 'ocr', engine: 'native', engineMs: 2_500 });
    metrics.observePage({ source: 'text_layer', engineMs: 0 });
    const { body, contentType } = await metrics.exposition();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(body).toContain('docsvc_pages_processed_total{source="ocr",engine="native",app="worker-test"} 1');
    expect(body).toContain('docsvc_pages_processed_total{source="text_layer",engine="pdf.js",app="worker-test"} 1');
    expect(body).toContain('docsvc_page_recognition_seconds_bucket{le="3",app="worker-test",engine="native"} 1');
    expect(body).toContain('docsvc_queue_jobs{queue="ocr-page",state="waiting",app="worker-test"} 7');
    expect(body).toMatch(/^docsvc_process_resident_memory_bytes\{app="worker-test"\} \d+/m);
    expect(body).toMatch(/^docsvc_nodejs_eventloop_lag_seconds\{app="worker-test"\} [\d.e-]+/m);
  });

  it('shows the service’s job and webhook totals it is given, each time in place of the last', async () => {
    const read = [
      { jobs: [{ status: 'queued', count: 2 }], webhooks: [] },
      { jobs: [{ status: 'queued', count: 3 }, { status: 'succeeded', count: 1 }], webhooks: [{ outcome: 'delivered', count: 1 }] },
    ];
    let scrape = 0;
    const metrics = new ServiceMetrics('api', { jobTotals: async () => read[Math.min(scrape, read.length - 1)]! });
    await metrics.exposition();
    scrape = 1;
    const { body } = await metrics.exposition();
    expect(body).toContain('docsvc_ocr_jobs_total{status="queued",app="api"} 3');
    expect(body).toContain('docsvc_ocr_jobs_total{status="succeeded",app="api"} 1');
    expect(body).toContain('docsvc_webhook_deliveries_total{outcome="delivered",app="api"} 1');
  });

  it('serves GET /metrics on its own port, behind METRICS_TOKEN when one is set', async () => {
    const metrics = new ServiceMetrics('worker-test');
    const open = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' });
    const guarded = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', token: 's3cret-token' });
    try {
      const plain = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(plain.status).toBe(200);
      expect(await plain.text()).toContain('docsvc_worker_jobs_total');
      expect((await fetch(`http://127.0.0.1:${open.port}/other`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${open.port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${open.port}/readyz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`, { headers: { authorization: 'Bearer wrong-token!' } })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`, { headers: { authorization: 'Bearer s3cret-token' } })).status).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it('answers /readyz 503 until the worker says it is ready', async () => {
    let ready = false;
    const server = await serveMetrics(new ServiceMetrics('worker-test'), { port: 0, host: '127.0.0.1', ready: () => ready });
    try {
      expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(503);
      ready = true;
      expect((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
