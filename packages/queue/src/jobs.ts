import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { Queue, QueueEvents, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { ServiceError } from '@docsvc/schemas';
import { redisAvailable, trackReadiness } from './connection.js';
import { isDependencyDown } from './dependency-errors.js';
import { fromJobFailure } from './job-errors.js';
import { RETRY_POLICY, jobOptions } from './retry-policy.js';

export interface QueueHandles<Data, Result> {
  queue: Queue<Data, Result>;
  events: QueueEvents;
  /**
   * Whether both connections (commands, and the event stream that reports finished jobs) are up;
   * during an outage false at once, or once `outageWaitMs` has passed without them coming back (see
   * redisAvailable); at start-up, waits a moment for the first connection.
   */
  available(outageWaitMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenQueueOptions {
  /** Options of every job added through these handles (attempts, backoff), under enqueue's own. */
  defaultJobOptions?: JobsOptions;
}

/**
 * A producer's view of one queue: the Queue to add jobs and the QueueEvents stream to learn when
 * they finish. QueueEvents blocks on XREAD, so it gets its own connection (duplicated from `redis`),
 * one that waits out outages instead of failing fast (no command timeout, commands queued while
 * reconnecting): the event stream resumes where it stopped once Redis is back.
 */
export function openQueue<Data, Result>(name: string, redis: Redis, prefix: string, opts: OpenQueueOptions = {}): QueueHandles<Data, Result> {
  // BullMQ merges these under every add()'s own options.
  const queue = new Queue<Data, Result>(name, { connection: redis, prefix, defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...opts.defaultJobOptions } });
  const eventsConnection = redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true, commandTimeout: undefined as unknown as number });
  eventsConnection.on('error', () => {});
  trackReadiness(eventsConnection);
  // The stream is read from a minute back rather than from its end ('$'): an event published before
  // the first read (a job added and finished while the reader starts) is not missed. Replaying that
  // minute once at start-up costs little; events of jobs nobody waits for are ignored.
  const events = new QueueEvents(name, { connection: eventsConnection, prefix, lastEventId: `${Date.now() - 60_000}-0` });
  // Both re-emit their connection's errors (every failed reconnect while Redis is down); without a
  // listener BullMQ prints each one to stderr. Requests learn of an outage from available().
  events.on('error', () => {});
  queue.on('error', () => {});
  // Every job waited for adds listeners to both (its events, the queue's 'closing'); hundreds at
  // once are normal, not a leak.
  events.setMaxListeners(0);
  queue.setMaxListeners(0);
  return {
    queue,
    events,
    available: async (outageWaitMs = 0) => (await redisAvailable(redis, outageWaitMs)) && (await redisAvailable(eventsConnection, outageWaitMs)),
    async close() {
      await Promise.allSettled([events.close(), queue.close()]);
      eventsConnection.disconnect();
    },
  };
}

/**
 * Default job options: the retry policy's `step` row (retry-policy.ts). Only the last failure
 * reaches the waiting request: BullMQ publishes its `failed` event once no attempt is left.
 */
export const DEFAULT_JOB_OPTIONS: JobsOptions = jobOptions(RETRY_POLICY.step);

const unavailable = () => new ServiceError('dependency_unavailable', 'Redis is unavailable; retry shortly', [], true);

/** How long enqueue waits for a Redis connection that is down to come back before answering 503. */
const ENQUEUE_OUTAGE_WAIT_MS = 2_000;

/** How often a job being waited for is looked at in Redis (see waitForJob). */
const CHECK_EVERY_MS = 5_000;

export interface EnqueuedJob<Result> {
  job: Job;
  /** Resolves with the result; rejects with the job's ServiceError, or 504 timeout after `timeoutMs`. */
  finished: Promise<Result>;
  /**
   * Stops waiting: `finished` rejects with `err` now. For a job its caller took out of the queue,
   * which would otherwise be found gone seconds later and reported lost (as if Redis had restarted).
   */
  abandon(err: Error): void;
}

/**
 * The result of job `jobId`, from the queue's event stream. Listens before the job is added (its id
 * is ours), so that no event can be missed: BullMQ's job.waitUntilFinished listens after adding and
 * then checks the job once, and a job that finished and was removed (removeOnComplete) in between
 * made it reject with "Missing key for job" although the job had succeeded. Only a job's last
 * attempt publishes `failed`: a retried attempt does not reject. Every CHECK_EVERY_MS the job is
 * looked at too: a job gone from Redis without any event (Redis restarted without its data) fails
 * with a retryable 503 instead of waiting for the deadline.
 */
function waitForJob<Result>(handles: QueueHandles<unknown, unknown>, jobId: string, timeoutMs: number): { finished: Promise<Result>; start(): void; cancel(err?: Error): void } {
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let resolveFn: (value: Result) => void = () => {};
  let rejectFn: (err: unknown) => void = () => {};
  // Per-job event names (`completed:<id>`) are not in QueueEvents' typed listener list.
  const events = handles.events as unknown as EventEmitter;
  const completed = `completed:${jobId}`;
  const failed = `failed:${jobId}`;
  const onCompleted = (args: { returnvalue: unknown }) => settle(() => resolveFn(args.returnvalue as Result));
  const onFailed = (args: { failedReason: string }) => settle(() => rejectFn(fromJobFailure(args.failedReason)));
  const settle = (fn: () => void) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    clearTimeout(checkTimer);
    events.off(completed, onCompleted);
    events.off(failed, onFailed);
    fn();
  };
  const finished = new Promise<Result>((resolve, reject) => {
    resolveFn = resolve;
    rejectFn = reject;
  });
  events.on(completed, onCompleted);
  events.on(failed, onFailed);
  let missing = 0;
  const check = async () => {
    try {
      const state = await handles.queue.getJobState(jobId);
      if (settled) return;
      if (state === 'completed' || state === 'failed') {
        const job = await handles.queue.getJob(jobId);
        if (job && state === 'completed') return settle(() => resolveFn(job.returnvalue as Result));
        if (job && state === 'failed') return settle(() => rejectFn(fromJobFailure(job.failedReason)));
      }
      // Unknown once: finished and removed, its event on the way. Still unknown 2 s later: lost.
      missing = state === 'unknown' ? missing + 1 : 0;
      if (missing >= 2) {
        return settle(() => rejectFn(new ServiceError('dependency_unavailable', 'the work of this request was lost (Redis restarted without its data); retry', [], true)));
      }
    } catch {
      // Redis unreachable: the event stream resumes where it stopped when it is back.
    }
    if (!settled) checkTimer = setTimeout(() => void check(), missing > 0 ? 2_000 : CHECK_EVERY_MS);
  };
  return {
    finished,
    start() {
      timer = setTimeout(
        () => settle(() => rejectFn(new ServiceError('timeout', 'the request did not finish within its deadline; try fewer pages or a smaller document'))),
        timeoutMs,
      );
      checkTimer = setTimeout(() => void check(), 1_000);
    },
    cancel(err) {
      settle(() => (err ? rejectFn(err) : undefined));
    },
  };
}

/**
 * Adds a job and returns it with a promise of its result (see EnqueuedJob). Fails with 503
 * dependency_unavailable when Redis is not connected and does not come back within 2 s.
 */
export async function enqueue<Data, Result>(
  handles: QueueHandles<Data, Result>,
  jobName: string,
  data: Data,
  timeoutMs: number,
  opts: JobsOptions = {},
): Promise<EnqueuedJob<Result>> {
  // A request's first job is admitted by the API's backpressure check (fail-fast during an outage);
  // its later jobs may wait a moment for a connection that is coming back (the event stream that
  // reported the previous job can reconnect before the command connection does).
  if (!(await handles.available(ENQUEUE_OUTAGE_WAIT_MS))) throw unavailable();
  const jobId = opts.jobId ?? randomUUID();
  const waiter = waitForJob<Result>(handles as QueueHandles<unknown, unknown>, jobId, Math.max(1, timeoutMs));
  let job: Job;
  try {
    await handles.events.waitUntilReady();
    job = (await handles.queue.add(jobName as never, data as never, { ...opts, jobId })) as Job;
  } catch (err) {
    waiter.cancel();
    if (isDependencyDown(err)) throw unavailable();
    throw err;
  }
  waiter.start();
  waiter.finished.catch(() => {}); // the caller may stop listening (fail-fast); never an unhandled rejection
  return { job, finished: waiter.finished, abandon: (err) => waiter.cancel(err) };
}

/** Adds a job and resolves with its result, or rejects with its ServiceError or a timeout. */
export async function runAndWait<Data, Result>(handles: QueueHandles<Data, Result>, jobName: string, data: Data, timeoutMs: number, opts: JobsOptions = {}): Promise<Result> {
  return (await enqueue(handles, jobName, data, timeoutMs, opts)).finished;
}
