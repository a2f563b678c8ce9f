import type { Redis } from 'ioredis';
import { WORKER_APPS, countLiveWorkers, isDependencyDown, type QueueHandles, type WorkerKind } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';

/** The kinds of work a request enqueues itself (OCR jobs are admitted by their own rules). */
export type AdmittedKind = Exclude<WorkerKind, 'jobs'>;

/** What waits in each queue, for the messages. */
const UNITS: Record<AdmittedKind, string> = { pdf: 'documents and pages', ocr: 'pages', translate: 'translation chunks' };

/** Completions kept per queue to estimate its throughput (for Retry-After). */
const WINDOW_MS = 30_000;

export interface BackpressureOptions {
  redis: Redis;
  prefix: string;
  heartbeatIntervalMs: number;
  queues: Record<AdmittedKind, QueueHandles<any, any>>;
  /** Jobs allowed waiting per live worker of each kind (at least one worker is assumed); 0: no limit. */
  maxWaitingPerWorker: Record<AdmittedKind, number>;
}

const unavailable = () => new ServiceError('dependency_unavailable', 'Redis is unavailable; retry shortly', [], true, { 'retry-after': '5' });

/**
 * Admission of work, checked before a request enqueues anything:
 * - Redis not connected (the command connection or the event stream that reports finished jobs):
 *   503 dependency_unavailable at once, instead of a request that waits for Redis to come back;
 * - a queue holding more waiting jobs than its live workers can be expected to take in time
 *   (maxWaitingPerWorker x live workers of its kind): 503 overloaded at once, with a Retry-After
 *   estimated from the rate at which that queue's jobs have been finishing, instead of a request
 *   that waits until its deadline and times out.
 * One Redis round trip per request (queue lengths) plus the worker count, cached for a heartbeat.
 */
export class Backpressure {
  private live: { at: number; counts: Promise<Record<WorkerKind, number>> } | undefined;
  private readonly finished = new Map<AdmittedKind, number[]>();

  constructor(private readonly opts: BackpressureOptions) {
    for (const kind of Object.keys(opts.queues) as AdmittedKind[]) {
      const times: number[] = [];
      this.finished.set(kind, times);
      const note = () => {
        const now = Date.now();
        times.push(now);
        while (times.length > 0 && (times[0] as number) < now - WINDOW_MS) times.shift();
        if (times.length > 10_000) times.splice(0, times.length - 10_000);
      };
      opts.queues[kind].events.on('completed', note);
      opts.queues[kind].events.on('failed', note);
    }
  }

  private liveWorkers(): Promise<Record<WorkerKind, number>> {
    const now = Date.now();
    if (!this.live || now - this.live.at > this.opts.heartbeatIntervalMs) {
      const counts = countLiveWorkers(this.opts.redis, this.opts.prefix, this.opts.heartbeatIntervalMs);
      counts.catch(() => {
        this.live = undefined;
      });
      this.live = { at: now, counts };
    }
    return this.live.counts;
  }

  /** Jobs of `kind` finished per second lately, as this API saw them (all replicas' jobs included). */
  throughput(kind: AdmittedKind): number {
    const times = this.finished.get(kind) ?? [];
    const since = Date.now() - WINDOW_MS;
    return times.filter((t) => t >= since).length / (WINDOW_MS / 1000);
  }

  /** Throws 503 dependency_unavailable or 503 overloaded (with Retry-After) when the work of `kinds` cannot be taken now. */
  async admit(kinds: AdmittedKind[]): Promise<void> {
    for (const kind of kinds) if (!(await this.opts.queues[kind].available())) throw unavailable();
    const limited = kinds.filter((kind) => this.opts.maxWaitingPerWorker[kind] > 0);
    if (limited.length === 0) return;
    let waiting: number[];
    let live: Record<WorkerKind, number>;
    try {
      // Requests' own jobs only: the pages of OCR jobs wait prioritized behind them and are paced by worker-jobs.
      const own = (kind: AdmittedKind) => this.opts.queues[kind].queue.getJobCountByTypes('waiting', 'delayed');
      [waiting, live] = await Promise.all([Promise.all(limited.map(own)), this.liveWorkers()]);
    } catch (err) {
      if (isDependencyDown(err)) throw unavailable();
      throw err;
    }
    limited.forEach((kind, i) => {
      const workers = live[kind];
      const limit = this.opts.maxWaitingPerWorker[kind] * Math.max(1, workers);
      const queued = waiting[i] as number;
      if (queued < limit) return;
      const rate = this.throughput(kind);
      const retryAfter = rate > 0 ? Math.min(60, Math.max(1, Math.ceil((queued - limit + 1) / rate))) : 30;
      throw new ServiceError(
        'overloaded',
        `the service is at capacity: ${queued} ${UNITS[kind]} are waiting for ${workers} ${WORKER_APPS[kind]} process${workers === 1 ? '' : 'es'} (limit ${limit}); retry after ${retryAfter} s`,
        [{ queue: kind, waiting: queued, limit, live_workers: workers, retry_after_s: retryAfter }],
        false,
        { 'retry-after': String(retryAfter) },
      );
    });
  }
}
