import { fileURLToPath } from 'node:url';
import { Worker as Thread } from 'node:worker_threads';
import type { Logger } from '@docsvc/logger';
import { ServiceError } from '@docsvc/schemas';
import { deserializeError, type SerializedError } from './failures.js';

/** What an isolated processor receives of its BullMQ job. */
export interface IsolatedJob<Data> {
  id: string | undefined;
  name: string;
  data: Data;
  attemptsMade: number;
}

/** Messages between the pool and its threads. */
export type ToThread = { type: 'job'; seq: number; job: IsolatedJob<unknown> };
export type FromThread = { type: 'ready' } | { type: 'fatal'; error: SerializedError } | { type: 'done'; seq: number; result: unknown } | { type: 'failed'; seq: number; error: SerializedError };

export interface ThreadPoolOptions {
  /** Module (absolute path or file URL) exporting `processor(job, ctx)`; each thread imports it once. */
  module: string | URL;
  /** Threads at most, hence jobs at once. */
  size: number;
  /**
   * Threads kept started (default: size). Above it, a thread is started when a job has waited
   * growAfterMs for one while a thread has been on a job for slowJobMs (not its first: a new thread's
   * first job loads its modules), and ends when it has been idle for idleMs: a thread holds tens of
   * MB, and a load of quick jobs (scanned pages, about 0.1 s each) is served by one thread as well as
   * by several, where slow ones (born-digital pages drawn) need them.
   */
  warm?: number;
  /** How long a job waits for a thread before another may be started (while fewer than size run). Default 1,000. */
  growAfterMs?: number;
  /** How long a thread's job has run for the jobs to count as slow (another thread then helps). Default 500. */
  slowJobMs?: number;
  /** How long a thread above `warm` stays idle before it ends. Default 30,000. */
  idleMs?: number;
  /** Heap limit of each thread, MB (V8 old generation). */
  memoryMb: number;
  app: string;
  log: Logger;
  /**
   * A thread is replaced after this many jobs: what a thread's heap and its native buffers (pdf.js
   * canvases) hold between garbage collections is returned to the system at once, so that the
   * process's memory stays flat under sustained load. Default 100.
   */
  recycleAfterJobs?: number;
}

export interface RunLimits {
  timeoutMs: number;
  /** The error a job gets when it passes timeoutMs (its thread is terminated). */
  onTimeout(): Error;
  /** The error a job gets when its thread runs out of heap (the thread is terminated). */
  onOutOfMemory(): Error;
}

const THREAD_SCRIPT = fileURLToPath(new URL('./isolate-thread.js', import.meta.url));

interface Slot {
  thread: Thread;
  ready: boolean;
  busy: boolean;
  jobs: number;
  recycling: boolean;
  /** Settles the job in progress when the thread dies under it. */
  onDeath?: (err: Error) => void;
  deaths: number;
  /** Ends the thread once idle for idleMs, where more than `warm` run. */
  idleTimer?: NodeJS.Timeout;
  /** When its job in progress started (performance.now()). */
  jobStartedAt?: number;
}

/**
 * Runs jobs in a pool of worker threads, one job per thread at a time, so that a document that hangs
 * a thread (even in a synchronous loop) or fills its heap costs that thread only: it is terminated
 * (terminate() stops a thread whatever it is doing) and replaced, the job fails with a clear error,
 * and the process goes on serving other jobs. Threads stay warm between jobs.
 */
export class ThreadPool {
  private readonly slots: Slot[] = [];
  private readonly waiters: Array<{ resolve: (slot: Slot) => void; reject: (err: Error) => void }> = [];
  private seq = 0;
  private closed = false;
  private growTimer: NodeJS.Timeout | undefined;
  private readonly warm: number;

  constructor(private readonly opts: ThreadPoolOptions) {
    this.warm = Math.max(1, Math.min(opts.size, opts.warm ?? opts.size));
    for (let i = 0; i < this.warm; i++) this.slots.push(this.spawn(0));
  }

  /** Threads started or starting now. */
  get threads(): number {
    return this.slots.length;
  }

  /** A job waits for a thread: another is started if it still waits after growAfterMs and there is room. */
  private armGrowth(): void {
    if (this.growTimer || this.closed || this.slots.length >= this.opts.size) return;
    this.growTimer = setTimeout(() => {
      this.growTimer = undefined;
      // Threads still starting will take waiting jobs: only jobs beyond them start another.
      const starting = this.slots.filter((s) => !s.ready).length;
      if (this.closed || this.waiters.length <= starting || this.slots.length >= this.opts.size) return;
      const now = performance.now();
      const slow = this.slots.some((s) => s.busy && s.jobs > 1 && s.jobStartedAt !== undefined && now - s.jobStartedAt >= (this.opts.slowJobMs ?? 500));
      // Quick jobs queue for a moment only: look again while they wait.
      if (!slow) return this.armGrowth();
      this.slots.push(this.spawn(0));
      this.opts.log.info({ threads: this.slots.length, waiting: this.waiters.length }, 'isolation thread started: jobs were waiting for one');
      this.armGrowth();
    }, this.opts.growAfterMs ?? 1_000);
    this.growTimer.unref();
  }

  /** An idle thread above `warm` ends after idleMs (its memory goes back to the system). */
  private armRetirement(slot: Slot): void {
    if (this.slots.length <= this.warm) return;
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      const index = this.slots.indexOf(slot);
      if (slot.busy || !slot.ready || index < 0 || this.slots.length <= this.warm || this.closed) return;
      this.slots.splice(index, 1);
      void slot.thread.terminate();
      this.opts.log.info({ threads: this.slots.length }, 'idle isolation thread ended');
    }, this.opts.idleMs ?? 30_000);
    slot.idleTimer.unref();
  }

  private spawn(deaths: number): Slot {
    const thread = new Thread(THREAD_SCRIPT, {
      workerData: { module: String(this.opts.module), app: this.opts.app },
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { thread, ready: false, busy: false, jobs: 0, recycling: false, deaths };
    thread.on('message', (msg: FromThread) => {
      if (msg.type === 'ready') {
        slot.ready = true;
        slot.deaths = 0;
        this.release(slot);
      } else if (msg.type === 'fatal') {
        this.opts.log.error({ err: deserializeError(msg.error) }, 'isolation thread could not start');
      }
    });
    // 'error' comes before 'exit' for a thread that died of an exception or of its heap limit.
    let death: Error | undefined;
    thread.on('error', (err) => {
      death = err;
    });
    thread.on('exit', (code) => {
      const err = death ?? new Error(`isolation thread exited (code ${code})`);
      slot.onDeath?.(err);
      slot.onDeath = undefined;
      const index = this.slots.indexOf(slot);
      if (index < 0 || this.closed) return;
      if (slot.recycling) {
        this.slots[index] = this.spawn(0);
        return;
      }
      // A thread that keeps dying before it is ready (a module that fails to load) is retried slowly.
      const delay = slot.ready ? 0 : Math.min(30_000, 500 * 2 ** slot.deaths);
      if (!slot.ready) {
        this.opts.log.error({ err, retry_in_ms: delay }, 'isolation thread died before it was ready');
        // Jobs waiting for a thread fail (retryable) rather than wait for one that may never start.
        for (const waiter of this.waiters.splice(0)) waiter.reject(new ServiceError('internal_error', `the processing thread could not start: ${err.message}`, [], true));
      }
      const replace = () => {
        if (this.closed) return;
        this.slots[index] = this.spawn(slot.ready ? 0 : slot.deaths + 1);
      };
      if (delay === 0) replace();
      else setTimeout(replace, delay).unref();
    });
    return slot;
  }

  private release(slot: Slot): void {
    slot.busy = false;
    if (slot.jobs >= (this.opts.recycleAfterJobs ?? 100)) {
      // Replaced once idle: 'exit' spawns the new thread, which takes waiting jobs once ready.
      slot.recycling = true;
      slot.ready = false;
      void slot.thread.terminate();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      slot.busy = true;
      waiter.resolve(slot);
    } else {
      this.armRetirement(slot);
    }
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((s) => s.ready && !s.busy);
    if (free) {
      free.busy = true;
      clearTimeout(free.idleTimer);
      return Promise.resolve(free);
    }
    const waiting = new Promise<Slot>((resolve, reject) => this.waiters.push({ resolve: (slot) => (clearTimeout(slot.idleTimer), resolve(slot)), reject }));
    this.armGrowth();
    return waiting;
  }

  /** Runs one job on a free thread (waiting for one), within the limits. */
  async run(job: IsolatedJob<unknown>, limits: RunLimits): Promise<unknown> {
    if (this.closed) throw new ServiceError('internal_error', 'worker is stopping', [], true);
    const slot = await this.acquire();
    slot.jobs += 1;
    slot.jobStartedAt = performance.now();
    const seq = ++this.seq;
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        slot.thread.off('message', onMessage);
        slot.onDeath = undefined;
        fn();
      };
      const onMessage = (msg: FromThread) => {
        if ((msg.type === 'done' || msg.type === 'failed') && msg.seq === seq) {
          settle(() => {
            this.release(slot);
            if (msg.type === 'done') resolve(msg.result);
            else reject(deserializeError(msg.error));
          });
        }
      };
      const timer = setTimeout(() => {
        settle(() => reject(limits.onTimeout()));
        void slot.thread.terminate(); // 'exit' replaces the thread
      }, limits.timeoutMs);
      slot.onDeath = (err) =>
        settle(() => {
          const code = (err as { code?: unknown }).code;
          if (code === 'ERR_WORKER_OUT_OF_MEMORY') reject(limits.onOutOfMemory());
          else reject(new ServiceError('internal_error', `the processing thread died: ${err.message}`, [], true));
        });
      slot.thread.on('message', onMessage);
      slot.thread.postMessage({ type: 'job', seq, job } satisfies ToThread);
    });
  }

  /** Terminates every thread (jobs in progress fail); for shutdown, once no job is in hand. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.growTimer);
    for (const slot of this.slots) clearTimeout(slot.idleTimer);
    await Promise.all(this.slots.map((s) => s.thread.terminate().catch(() => undefined)));
  }
}
