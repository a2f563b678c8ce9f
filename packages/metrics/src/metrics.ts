import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Every metric's name starts with this (Prometheus naming: a prefix per application). */
export const METRIC_PREFIX = 'docsvc_';

/**
 * Sampling interval (ms) of the event-loop delay histogram (docsvc_nodejs_eventloop_lag_p99_seconds
 * ...). prom-client's default, 10 ms, wakes every process 100 times a second: 5.4 ms of CPU a second
 * for each idle process, against 0.7 ms at 100 ms (README, "Idle cost"); a stall of the loop still
 * shows whole at this precision, only delays under 100 ms are seen less often.
 */
export const EVENT_LOOP_PRECISION_MS = 100;

/** Where a page's words came from, and which engine read them (as the page results say). */
export interface PageLabels {
  source: 'ocr' | 'text_layer';
  engine: string;
}

/** A queue's jobs by state, read on each scrape (BullMQ getJobCounts). */
export type QueueDepthReader = () => Promise<Array<{ queue: string; state: string; count: number }>>;
/** The service's page totals by source and engine, read on each scrape (a Redis hash every process adds to). */
export type PageTotalsReader = () => Promise<Array<{ source: string; engine: string; count: number }>>;
/** The service's OCR jobs by status and webhook delivery attempts by outcome, read on each scrape (Redis hashes; @docsvc/queue job-totals.ts). */
export type JobTotalsReader = () => Promise<{ jobs: Array<{ status: string; count: number }>; webhooks: Array<{ outcome: string; count: number }> }>;

/**
 * The service's metrics, one registry a process, labelled with the process's `app`. Names follow
 * Prometheus conventions: the docsvc_ prefix, base units (_seconds, _bytes), _total for counters.
 * Process metrics (resident memory, event-loop lag, heap, ...) are prom-client's defaults under the
 * same prefix: docsvc_process_resident_memory_bytes, docsvc_nodejs_eventloop_lag_seconds.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Only where a reader of the service's totals is given (the API). */
  readonly pages?: Counter<'source' | 'engine'>;
  readonly recognitionSeconds: Histogram<'engine'>;
  readonly jobs: Counter<'status'>;
  readonly webhooks: Counter<'outcome'>;
  readonly workerJobs: Counter<'queue' | 'name' | 'outcome'>;
  readonly queueJobs: Gauge<'queue' | 'state'>;

  constructor(app: string, opts: { queueDepth?: QueueDepthReader; pageTotals?: PageTotalsReader; jobTotals?: JobTotalsReader } = {}) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX, eventLoopMonitoringPrecision: EVENT_LOOP_PRECISION_MS });
    this.httpRequests = new Counter({ name: `${METRIC_PREFIX}http_requests_total`, help: 'HTTP requests answered, by route (its pattern) and status', labelNames: ['method', 'route', 'status'], registers });
    this.httpDuration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    const pageTotals = opts.pageTotals;
    if (pageTotals) {
      this.pages = new Counter({
        name: `${METRIC_PREFIX}pages_processed_total`,
        help: 'Pages the whole service has read (every API replica reports the same total), by where the words came from (ocr, text_layer) and engine',
        labelNames: ['source', 'engine'],
        registers,
        async collect(this: Counter<'source' | 'engine'>) {
          const totals = await pageTotals().catch(() => undefined);
          if (!totals) return;
          this.reset();
          for (const { source, engine, count } of totals) this.inc({ source, engine }, count);
        },
      });
    }
    this.recognitionSeconds = new Histogram({
      name: `${METRIC_PREFIX}page_recognition_seconds`,
      help: 'Time a page spent in the OCR engine (all its readings)',
      labelNames: ['engine'],
      buckets: [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120],
      registers,
    });
    // Jobs are created by the API but end, and are announced, in worker-jobs: both totals are kept in
    // Redis and read on each scrape (the totals last read when Redis does not answer).
    const jobTotals = opts.jobTotals;
    this.jobs = new Counter({
      name: `${METRIC_PREFIX}ocr_jobs_total`,
      help: 'Asynchronous OCR jobs of the whole service (every API replica reports the same total), by the status they reached (queued when created)',
      labelNames: ['status'],
      registers,
      ...(jobTotals
        ? {
            async collect(this: Counter<'status'>) {
              const totals = await jobTotals().catch(() => undefined);
              if (!totals) return;
              this.reset();
              for (const { status, count } of totals.jobs) this.inc({ status }, count);
            },
          }
        : {}),
    });
    this.webhooks = new Counter({
      name: `${METRIC_PREFIX}webhook_deliveries_total`,
      help: 'Webhook delivery attempts of the whole service (every API replica reports the same total), by outcome (delivered, retry, failed)',
      labelNames: ['outcome'],
      registers,
      ...(jobTotals
        ? {
            async collect(this: Counter<'outcome'>) {
              const totals = await jobTotals().catch(() => undefined);
              if (!totals) return;
              this.reset();
              for (const { outcome, count } of totals.webhooks) this.inc({ outcome }, count);
            },
          }
        : {}),
    });
    this.workerJobs = new Counter({ name: `${METRIC_PREFIX}worker_jobs_total`, help: 'Queue jobs this worker ended, by queue, job name and outcome (completed, failed)', labelNames: ['queue', 'name', 'outcome'], registers });
    const queueDepth = opts.queueDepth;
    this.queueJobs = new Gauge({
      name: `${METRIC_PREFIX}queue_jobs`,
      help: 'Jobs in each BullMQ queue, by state (waiting, prioritized, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      registers,
      ...(queueDepth
        ? {
            async collect(this: Gauge<'queue' | 'state'>) {
              this.reset();
              for (const { queue, state, count } of await queueDepth().catch(() => [])) this.set({ queue, state }, count);
            },
          }
        : {}),
    });
  }

  /** One page result delivered (a synchronous answer's page, or a job's): its time in the engine. The page totals are counted in Redis (@docsvc/queue countPages). */
  observePage(page: { source: 'ocr' | 'text_layer'; engine?: string; engineMs: number }): void {
    if (page.source === 'ocr') this.recognitionSeconds.observe({ engine: page.engine ?? 'unknown' }, page.engineMs / 1000);
  }

  /** The Prometheus text exposition: body and content type. */
  async exposition(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
