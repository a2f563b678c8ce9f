import { ServiceError } from '@docsvc/schemas';
import { TesseractJobError, TesseractThread, type ModelPaths, type RawRecognition } from './thread.js';
import type { TesseractJsStats } from './engine.js';

export interface WorkerPoolOptions extends ModelPaths {
  concurrency: number;
  recycleAfterPages: number;
  maxRssBytes: number;
  initTimeoutMs: number;
  /** Process RSS in bytes; injectable for tests. */
  rss?: () => number;
}

export interface PageJob {
  /** Normalised language set ('eng', 'spa+eng'; best models' codes end in BEST_SUFFIX: 'eng_best'). */
  languages: string;
  /** Encoded image bytes (PNM, PNG, ...), owned by the pool from now on: the buffer moves to the thread. */
  image: Uint8Array;
  /** tesseract parameters for this page alone (the page segmentation mode); the thread's own come back after it. */
  parameters?: Record<string, string>;
  signal?: AbortSignal;
}

interface Queued extends PageJob {
  resolve(result: RawRecognition): void;
  reject(err: unknown): void;
  onAbort?: () => void;
}

interface Slot {
  thread: TesseractThread | null;
  /** Running a page, or (re)starting its thread: not available to the queue. */
  busy: boolean;
}

type Outcome = { ok: RawRecognition } | { err: unknown } | { aborted: unknown };

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
const internal = (message: string, cause?: unknown): ServiceError => {
  const err = new ServiceError('internal_error', message, [], true);
  if (cause !== undefined) err.cause = cause;
  return err;
};
const describe = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * `concurrency` tesseract threads, one page each at a time, pages served first come first served.
 *
 * - Languages: each thread holds one language set at a time and is re-initialised in place when a
 *   page asks for another (traineddata stay in its memory, so a switch back costs only tesseract's
 *   initialise, ~0.1-0.3 s). The head of the queue goes to a free thread already holding its set when
 *   there is one, so mixed traffic does not flip threads back and forth. Keeping threads keyed by
 *   language instead would need a thread per set ever seen, or idle threads for sets nobody asks for.
 * - Recycling: after a page, a thread that has run recycleAfterPages pages, or any thread while the
 *   process RSS is above maxRssBytes, is terminated and a fresh one started and warmed (its WASM
 *   heap never shrinks). Only the finished thread is touched, so no page in flight fails for it.
 * - Failures: a thread that dies, crashes inside tesseract or is aborted mid-page is terminated and
 *   replaced; its page fails with a retryable internal_error (or the abort reason). A thread that
 *   dies while idle is replaced when the next page needs it.
 */
export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Queued[] = [];
  private readonly threads = new Set<TesseractThread>();
  /** Promises of the pages handed to threads, settled when the page is. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** What runs after a page (recycling, replacement), tracked so close() can wait for it. */
  private readonly tails = new Set<Promise<void>>();
  /** Terminations of dropped threads, awaited by close(). */
  private readonly terminations = new Set<Promise<void>>();
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly counters = { workersStarted: 0, workersRecycled: 0, workersReplaced: 0, languageSwitches: 0, pagesRecognized: 0 };
  private readonly rss: () => number;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.slots = Array.from({ length: opts.concurrency }, () => ({ thread: null, busy: false }));
    this.rss = opts.rss ?? (() => process.memoryUsage.rss());
  }

  get stats(): Omit<TesseractJsStats, 'orientationRuns' | 'running'> {
    return { ...this.counters, queued: this.queue.length };
  }

  /** Starts and warms every thread with `languages`; rejects (leaving nothing running) if any fails. */
  async start(languages: string): Promise<void> {
    try {
      await Promise.all(
        this.slots.map(async (slot) => {
          slot.busy = true;
          try {
            await this.startThread(slot, languages);
          } finally {
            slot.busy = false;
          }
        }),
      );
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  run(job: PageJob): Promise<RawRecognition> {
    if (this.closed) return Promise.reject(internal('OCR engine is closed'));
    if (job.signal?.aborted) return Promise.reject(abortReason(job.signal));
    return new Promise<RawRecognition>((resolve, reject) => {
      const queued: Queued = { ...job, resolve, reject };
      if (job.signal) {
        const signal = job.signal;
        queued.onAbort = () => {
          const at = this.queue.indexOf(queued);
          if (at >= 0) {
            this.queue.splice(at, 1);
            reject(abortReason(signal));
          }
        };
        signal.addEventListener('abort', queued.onAbort, { once: true });
      }
      this.queue.push(queued);
      this.dispatch();
    });
  }

  /**
   * Refuses new pages and fails queued ones, lets pages already on a thread finish, then terminates
   * every thread (threads still starting included). Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.closed = true;
      for (const job of this.queue.splice(0)) {
        if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
        job.reject(internal('OCR engine closed before the page was recognised'));
      }
      await Promise.allSettled([...this.inFlight]);
      // Threads starting for a recycle are stopped too: their boot rejects and nothing restarts,
      // since startThread refuses once closed.
      await Promise.allSettled([...this.threads].map((t) => t.terminate()));
      await Promise.allSettled([...this.tails]);
      await Promise.allSettled([...this.terminations]);
      this.threads.clear();
      for (const slot of this.slots) slot.thread = null;
    })();
    return this.closing;
  }

  /** Hands the head of the queue to a free slot, preferring one whose thread holds its languages. */
  private dispatch(): void {
    while (!this.closed && this.queue.length > 0) {
      const job = this.queue[0]!;
      const free = this.slots.filter((s) => !s.busy);
      const slot = free.find((s) => s.thread?.languages === job.languages) ?? free.find((s) => s.thread !== null) ?? free[0];
      if (!slot) return;
      this.queue.shift();
      if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
      slot.busy = true;
      const tail = this.runOnSlot(slot, job).finally(() => {
        this.tails.delete(tail);
        slot.busy = false;
        this.dispatch();
      });
      this.tails.add(tail);
    }
  }

  private async runOnSlot(slot: Slot, job: Queued): Promise<void> {
    let recognizing = false;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    this.inFlight.add(settled);

    const work = (async (): Promise<RawRecognition> => {
      let thread = slot.thread;
      if (!thread || thread.failure) {
        if (thread) this.dropThread(slot, 'replaced');
        thread = await this.startThread(slot, job.languages);
      } else if (thread.languages !== job.languages) {
        try {
          await thread.useLanguages(job.languages, this.opts.initTimeoutMs);
          this.counters.languageSwitches += 1;
        } catch (err) {
          this.dropThread(slot, 'replaced');
          throw internal(`OCR worker could not load language ${job.languages}: ${describe(err)}`, err);
        }
      }
      if (job.signal?.aborted) throw abortReason(job.signal);
      recognizing = true;
      return thread.recognize(job.image, { transfer: true, ...(job.parameters ? { parameters: job.parameters } : {}) });
    })();

    const outcome = await new Promise<Outcome>((resolve) => {
      work.then(
        (ok) => resolve({ ok }),
        (err: unknown) => resolve({ err }),
      );
      if (job.signal) {
        const signal = job.signal;
        const onAbort = (): void => resolve({ aborted: abortReason(signal) });
        signal.addEventListener('abort', onAbort, { once: true });
        void work.finally(() => signal.removeEventListener('abort', onAbort)).catch(() => {});
      }
    });

    try {
      if ('ok' in outcome) {
        this.counters.pagesRecognized += 1;
        job.resolve(outcome.ok);
      } else if ('aborted' in outcome) {
        job.reject(outcome.aborted);
        // A recognition cannot be interrupted inside WASM: the thread is stopped to free the CPU.
        if (recognizing) this.dropThread(slot, 'replaced');
        else await work.catch(() => {}); // a start or language switch finishes; its thread is kept
      } else {
        job.reject(this.pageError(slot, outcome.err));
      }
    } finally {
      this.inFlight.delete(settled);
      settle();
    }

    // After the page: recycle a worn thread, replace a lost one (warm, before the next page needs it).
    const thread = slot.thread;
    const languages = thread?.languages || job.languages;
    if (thread && (thread.pages >= this.opts.recycleAfterPages || this.rss() > this.opts.maxRssBytes)) {
      this.dropThread(slot, 'recycled');
    }
    if (slot.thread === null && !this.closed && ('ok' in outcome || recognizing)) {
      await this.startThread(slot, languages).catch(() => {
        // Left empty: the next page starts a thread itself and gets the error if it fails again.
      });
    }
  }

  /** The error a failed page is answered with; a thread whose state is unknown is replaced. */
  private pageError(slot: Slot, err: unknown): unknown {
    if (err instanceof ServiceError) return err;
    const thread = slot.thread;
    if (thread?.failure) {
      this.dropThread(slot, 'replaced');
      return internal(`OCR worker died: ${describe(thread.failure)}`, err);
    }
    if (err instanceof TesseractJobError && err.action === 'recognize' && /Error attempting to read image/.test(err.message)) {
      // Leptonica could not decode the bytes: the input's fault, and the thread is unharmed.
      return new ServiceError('invalid_document', 'the page image could not be decoded', [], false);
    }
    if (thread) this.dropThread(slot, 'replaced');
    return internal(`OCR failed: ${describe(err)}`, err);
  }

  /** Starts, boots and installs a thread in `slot`; counts it. */
  private async startThread(slot: Slot, languages: string): Promise<TesseractThread> {
    if (this.closed) throw internal('OCR engine is closed');
    const thread: TesseractThread = new TesseractThread(this.opts, () => this.onThreadDeath(slot, thread));
    this.threads.add(thread);
    this.counters.workersStarted += 1;
    try {
      await thread.boot(languages, this.opts.initTimeoutMs);
    } catch (err) {
      this.threads.delete(thread);
      throw internal(`OCR worker failed to start: ${describe(err)}`, err);
    }
    if (this.closed) {
      this.threads.delete(thread);
      await thread.terminate();
      throw internal('OCR engine is closed');
    }
    slot.thread = thread;
    return thread;
  }

  /** Takes the slot's thread out and terminates it in the background (terminate never rejects). */
  private dropThread(slot: Slot, why: 'recycled' | 'replaced'): void {
    const thread = slot.thread;
    if (!thread) return;
    slot.thread = null;
    this.threads.delete(thread);
    this.counters[why === 'recycled' ? 'workersRecycled' : 'workersReplaced'] += 1;
    const terminating = thread.terminate().finally(() => this.terminations.delete(terminating));
    this.terminations.add(terminating);
  }

  /** A thread died by itself: an idle one is removed now (a busy one is handled by its page). */
  private onThreadDeath(slot: Slot, thread: TesseractThread): void {
    if (slot.thread === thread && !slot.busy) this.dropThread(slot, 'replaced');
  }
}
