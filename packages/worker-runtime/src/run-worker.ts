import { hostname } from 'node:os';
import { DelayedError, Job, Worker } from 'bullmq';
import { exitWithParent, onShutdown } from '@docsvc/lifecycle';
import { QUEUES, createRedis, mayRetry, startHeartbeat, toJobError, type WorkerKind } from '@docsvc/queue';
import { ServiceMetrics, serveMetrics } from '@docsvc/metrics';
import { ServiceError } from '@docsvc/schemas';
import { createContext, loadWorkerConfig, type WorkerContext } from './context.js';
import { toServiceError } from './failures.js';
import { ThreadPool, type IsolatedJob } from './isolate.js';
import { startWatchdog } from './watchdog.js';

export type { WorkerContext } from './context.js';

export interface WorkerLimits<Data> {
  /** Time limit of one job (PAGE_TIMEOUT_MS): past it the job fails with a 422 invalid_document. */
  timeoutMs: number;
  /** Time some jobs get on top, named in the error (a download: DOWNLOAD_TIMEOUT_MS, which has its own error). */
  extraTime?: (job: { name: string; data: Data }) => { ms: number; variable: string } | undefined;
  /** Heap limit of an isolated job's thread (PAGE_MEMORY_MB); only with `isolate`. */
  memoryMb?: number;
  /** Names a job's work in the errors, e.g. "page 3"; default "the document". */
  describe?: (job: { name: string; data: Data }) => string;
}

export interface WorkerOptions<Data, Result> {
  /** The app folder name, e.g. "worker-ocr": names the logger and config errors. */
  app: string;
  kind: WorkerKind;
  /**
   * Processes one job of this kind's queue; `ctx.log` carries the request's log_id. A thrown
   * ServiceError reaches the waiting request with its code. Absent: the process only reports itself alive.
   */
  processor?: (job: Job<Data, Result>, ctx: WorkerContext) => Promise<Result>;
  /**
   * Instead of `processor`: a module (file URL or absolute path) exporting `processor(job, ctx)`, run
   * in a pool of `concurrency` worker threads with a heap limit. A job that hangs its thread (even in
   * a synchronous loop) or exhausts its heap fails alone; the thread is replaced. Threads are also
   * replaced every `recycleAfterJobs` jobs (100), which keeps memory flat. With `warm`, only that many
   * threads stay started; more start when jobs wait for one (ThreadPoolOptions). The job it gets
   * carries id, name, data and attemptsMade only.
   */
  isolate?: { module: string | URL; recycleAfterJobs?: number; warm?: number };
  /** Per-job limits; without them a job may run as long as its request waits. */
  limits?: WorkerLimits<Data>;
  /** Runs once before the worker takes jobs (e.g. warming an engine); the process exits if it fails. */
  setup?: (ctx: WorkerContext) => Promise<void>;
  /** Runs on shutdown, after the jobs in hand are finished. */
  teardown?: () => Promise<void>;
  /** What the worker tells about itself with every heartbeat (read after setup), e.g. its engine. */
  info?: () => object;
  /** Jobs handled at once by this process. */
  concurrency?: number;
  /** Overrides MAX_STALLED_COUNT: how many times a job may lose its worker before it fails. */
  maxStalledCount?: number;
  /**
   * On SIGTERM, put the jobs in hand back in the queue (no attempt used; the next worker runs them
   * again, from a second later) instead of waiting for them: for jobs that can be resumed and that
   * wait on other processes stopping at the same time (worker-jobs' documents wait for worker-ocr's
   * pages, which would never come, and its webhook attempts for a receiver's answer).
   */
  handBackOnStop?: boolean;
}

export interface WorkerProcess {
  ctx: WorkerContext;
  worker: Worker | undefined;
  stop(): Promise<void>;
}

/**
 * How long a job handed back on stop waits before the next worker may take it: not at once, or the
 * closing worker's own fetch, blocked waiting for a job while it closes, takes it straight back.
 */
const HAND_BACK_DELAY_MS = 1_000;

/** BullMQ's delay before the next attempt, for the log line that announces it. */
function retryDelayMs(job: Job, attempt: number): number | undefined {
  const backoff = job.opts.backoff;
  if (typeof backoff === 'number') return backoff;
  if (!backoff?.delay) return undefined;
  return backoff.type === 'exponential' ? backoff.delay * 2 ** (attempt - 1) : backoff.delay;
}

/**
 * Starts a worker process from the environment alone: connects to Redis and S3, beats its heartbeat
 * (readiness counts live workers by it), consumes its kind's queue, and on SIGTERM finishes the jobs
 * it holds (up to SHUTDOWN_GRACE_MS; or hands them back, handBackOnStop) before it exits, taking no new ones.
 *
 * Reliability, with every setting from the environment (see the README):
 * - A job's lock is renewed every JOB_LOCK_MS / 2; when a worker dies (SIGKILL, crash, lost machine)
 *   its jobs go back to the queue within about JOB_LOCK_MS + 2 x STALLED_CHECK_MS and another
 *   worker takes them up; a job whose workers died more than MAX_STALLED_COUNT times fails.
 * - A failed attempt is logged with the request's log_id, saying whether it will be retried; the
 *   retry policy is the job's (attempts, backoff) and the error's `retryable`.
 * - `limits`: a job past its time limit fails with 422 invalid_document and its work is stopped
 *   (ctx.signal aborted; an isolated job's thread terminated); the worker goes on with others.
 * - A main thread stuck for WATCHDOG_MS kills the process (its jobs are recovered as above).
 */
export async function runWorker<Data extends { requestId?: string }, Result>(opts: WorkerOptions<Data, Result>): Promise<WorkerProcess> {
  const config = loadWorkerConfig(opts.app);
  const metrics = new ServiceMetrics(opts.app);
  const ctx: WorkerContext = { ...createContext(opts.app, config), metrics };
  const { log, redis } = ctx;
  // Its own port: a worker serves no HTTP otherwise.
  let ready = false;
  const metricsServer =
    config.METRICS_PORT > 0 ? await serveMetrics(metrics, { port: config.METRICS_PORT, ready: () => ready, ...(config.METRICS_TOKEN ? { token: config.METRICS_TOKEN } : {}) }) : undefined;
  if (config.ALLOW_PRIVATE_URLS) log.warn('ALLOW_PRIVATE_URLS=true: URLs may reach private and loopback addresses; for local testing only');
  const id = `${hostname()}:${process.pid}`;
  try {
    await opts.setup?.(ctx);
  } catch (err) {
    log.fatal({ err }, 'worker setup failed');
    process.exit(1);
  }
  const heartbeat = startHeartbeat(redis, config.QUEUE_PREFIX, opts.kind, id, config.HEARTBEAT_INTERVAL_MS, opts.info?.());
  const concurrency = opts.concurrency ?? 1;

  const limits = opts.limits;
  const describe = (job: Job<Data, Result>) => limits?.describe?.({ name: job.name, data: job.data }) ?? 'the document';
  const timeLimit = (job: Job<Data, Result>) => {
    const extra = limits?.extraTime?.({ name: job.name, data: job.data });
    // setTimeout takes at most 2^31 - 1 ms (about 24 days): no limit at all is that.
    const ms = Math.min(2 ** 31 - 1, (limits?.timeoutMs ?? 2 ** 31 - 1) + (extra?.ms ?? 0));
    return { ms, variable: extra ? `PAGE_TIMEOUT_MS + ${extra.variable}` : 'PAGE_TIMEOUT_MS' };
  };
  const timeoutError = (job: Job<Data, Result>) => {
    const { ms, variable } = timeLimit(job);
    return new ServiceError('invalid_document', `${describe(job)} took longer than ${variable} (${ms} ms) to process; the document is too complex or malformed`, [
      { limit: variable, limit_ms: ms },
    ]);
  };
  const memoryError = (job: Job<Data, Result>) =>
    new ServiceError('invalid_document', `${describe(job)} needed more memory than PAGE_MEMORY_MB (${limits?.memoryMb} MB) allows; the document is too complex or malformed`, [
      { limit: 'PAGE_MEMORY_MB', limit_mb: limits?.memoryMb },
    ]);

  const pool = opts.isolate
    ? new ThreadPool({
        module: opts.isolate.module,
        size: concurrency,
        memoryMb: limits?.memoryMb ?? config.PAGE_MEMORY_MB,
        app: opts.app,
        log,
        ...(opts.isolate.recycleAfterJobs ? { recycleAfterJobs: opts.isolate.recycleAfterJobs } : {}),
        ...(opts.isolate.warm ? { warm: opts.isolate.warm } : {}),
      })
    : undefined;

  /** One attempt at a job, within its limits. */
  const attempt = async (job: Job<Data, Result>, jobCtx: WorkerContext): Promise<Result> => {
    if (pool) {
      const isolated: IsolatedJob<Data> = { id: job.id, name: job.name, data: job.data, attemptsMade: job.attemptsMade };
      return (await pool.run(isolated, {
        timeoutMs: timeLimit(job).ms,
        onTimeout: () => timeoutError(job),
        onOutOfMemory: () => memoryError(job),
      })) as Result;
    }
    const processor = opts.processor as NonNullable<typeof opts.processor>;
    if (!limits) return processor(job, jobCtx);
    const controller = new AbortController();
    const work = processor(job, { ...jobCtx, signal: controller.signal });
    work.catch(() => {}); // settles after the timeout (aborted): nobody listens any more
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = timeoutError(job);
        controller.abort(err);
        reject(err);
      }, timeLimit(job).ms);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  /** What to do with each job in hand when the process starts stopping (handBackOnStop); each removed when its job ends. */
  const onStop = new Set<() => void>();
  let stopRequested = false;
  /** Rejects with DelayedError (not a failure: BullMQ leaves the job where it is) once the job is put back in the queue for the next worker, when the process stops. */
  const handBackOnStop = (job: Job<Data, Result>, token: string | undefined, jobLog: WorkerContext['log']) => {
    let handBack = () => {};
    const handedBack = new Promise<never>((_, reject) => {
      handBack = () =>
        void job.moveToDelayed(Date.now() + HAND_BACK_DELAY_MS, token).then(() => {
          jobLog.info('job handed back to the queue: this worker is stopping');
          reject(new DelayedError());
        }, reject);
    });
    if (stopRequested) handBack();
    else onStop.add(handBack);
    return { handedBack, forget: () => onStop.delete(handBack) };
  };

  let worker: Worker<Data, Result> | undefined;
  if (opts.processor || pool) {
    const handle = async (job: Job<Data, Result>, token?: string): Promise<Result> => {
      const jobLog = log.child({ log_id: job.data.requestId, job: job.name, job_id: job.id });
      const started = Date.now();
      try {
        const work = attempt(job, { ...ctx, log: jobLog, ...(token ? { token } : {}) });
        // A job handed back goes on until the process exits; what it still writes, a resumed run would too.
        const handOver = opts.handBackOnStop ? handBackOnStop(job, token, jobLog) : undefined;
        const result = await (handOver ? Promise.race([work, handOver.handedBack]).finally(handOver.forget) : work);
        jobLog.debug({ ms: Date.now() - started }, 'job done');
        metrics.workerJobs.inc({ queue: QUEUES[opts.kind], name: job.name, outcome: 'completed' });
        return result;
      } catch (raw) {
        // The processor put its job back in the queue for later (job.moveToDelayed): not a failure.
        if (raw instanceof DelayedError) throw raw;
        metrics.workerJobs.inc({ queue: QUEUES[opts.kind], name: job.name, outcome: 'failed' });
        const err = toServiceError(raw);
        const attemptNo = job.attemptsMade + 1;
        const attempts = job.opts.attempts ?? 1;
        const fields = { ms: Date.now() - started, attempt: attemptNo, attempts };
        if (err instanceof ServiceError && !err.retryable && err.status < 500) {
          // A document the service cannot take (corrupt, encrypted, too large, too slow) is the
          // caller's answer, not a fault of this worker: one info line with its code, no stack.
          jobLog.info({ ...fields, code: err.code }, err.message);
        } else if (mayRetry(err) && attemptNo < attempts) {
          jobLog.warn({ ...fields, err, retry_in_ms: retryDelayMs(job, attemptNo) }, 'job attempt failed; it will be retried');
        } else {
          jobLog.error({ ...fields, err }, mayRetry(err) ? 'job failed; no attempt left' : 'job failed; not retryable');
        }
        throw toJobError(err);
      }
    };
    worker = new Worker<Data, Result>(QUEUES[opts.kind], handle, {
      connection: createRedis(config.REDIS_URL, 'worker'),
      prefix: config.QUEUE_PREFIX,
      concurrency,
      // Recorded on each job it takes (processedBy): tells which process holds a job.
      name: id,
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.STALLED_CHECK_MS,
      maxStalledCount: opts.maxStalledCount ?? config.MAX_STALLED_COUNT,
    });
    let lastError = 0;
    worker.on('error', (err) => {
      // While Redis is down every reconnect attempt fails: one line every 10 s is enough.
      if (Date.now() - lastError < 10_000) return;
      lastError = Date.now();
      log.error({ err }, 'queue worker error');
    });
    const current = worker;
    current.on('stalled', (jobId) => {
      void Job.fromId<Data, Result>(current, jobId)
        .catch(() => undefined)
        .then((job) => log.warn({ log_id: job?.data.requestId, job: job?.name, job_id: jobId }, 'job stalled (its worker stopped renewing its lock); back in the queue'));
    });
    current.on('failed', (job, err) => {
      // Failures outside the processor (a job stalled too often) have not been logged yet.
      if (job && /stalled more than allowable limit/.test(err.message)) {
        log.error({ log_id: job.data.requestId, job: job.name, job_id: job.id, err }, 'job failed: its workers stopped each time they took it up');
      }
    });
  }
  const watchdog = startWatchdog(config.WATCHDOG_MS, opts.app);

  const stop = async () => {
    ready = false;
    const closed = worker?.close(); // takes no new job, waits for the jobs in hand
    stopRequested = true;
    for (const handBack of onStop) handBack(); // handBackOnStop: those end now
    await closed;
    await pool?.close();
    await opts.teardown?.();
    await watchdog.stop();
    await heartbeat.stop();
    await metricsServer?.close();
    redis.disconnect();
  };
  onShutdown(stop, { log, graceMs: config.SHUTDOWN_GRACE_MS });
  exitWithParent(() => {
    log.warn('launcher is gone; stopping');
    process.kill(process.pid, 'SIGTERM');
  });
  ready = true;
  log.info(
    { kind: opts.kind, queue: QUEUES[opts.kind], consuming: Boolean(worker), isolated: Boolean(pool), id, lock_ms: config.JOB_LOCK_MS, stalled_check_ms: config.STALLED_CHECK_MS, ...(metricsServer ? { metrics_port: metricsServer.port } : {}) },
    'worker started',
  );
  return { ctx, worker, stop };
}
