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
  /** Threads, hence jobs at once. */
  size: number;
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

  constructor(private readonly opts: ThreadPoolOptions) {
    for (let i = 0; i < opts.size; i++) this.slots.push(this.spawn(0));
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
    }
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((s) => s.ready && !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Runs one job on a free thread (waiting for one), within the limits. */
  async run(job: IsolatedJob<unknown>, limits: RunLimits): Promise<unknown> {
    if (this.closed) throw new ServiceError('internal_error', 'worker is stopping', [], true);
    const slot = await this.acquire();
    slot.jobs += 1;
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
    await Promise.all(this.slots.map((s) => s.thread.terminate().catch(() => undefined)));
  }
}
