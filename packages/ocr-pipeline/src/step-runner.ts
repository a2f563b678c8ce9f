import { enqueue, type EnqueuedJob, type QueueHandles } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';
import type { OcrQueues, RunStep } from './steps.js';

/**
 * How a document's steps are queued:
 * - `deadline` (a synchronous request): each step gets what is left of the request's deadline, at
 *   the queues' normal priority; past the deadline, 504 timeout;
 * - `durable` (an OCR job): each step's id is derived from the job (`<job>.<step>[.<page>]`), so a
 *   step still in a queue after a crash is waited for, not added again; a lower priority than
 *   requests (`priority`, BullMQ: higher runs later); waited for as long as it takes, looked at
 *   again every `waitMs`.
 */
export type StepMode = { deadline: number } | { durable: { jobId: string; priority: number; waitMs: number } };

const TIMEOUT_MESSAGE = 'the request did not finish within its deadline; try fewer pages or a smaller document';

/**
 * Runs the steps of one document on the queues (worker-pdf's and worker-ocr's) and keeps track of
 * them, so that whoever stops reading the document (a failed page, a deadline, a cancelled job)
 * can take its steps still waiting out of the queues and know when the others have settled.
 */
export class StepRunner {
  /** Steps enqueued and not settled yet. */
  private readonly pending = new Set<EnqueuedJob<unknown>>();
  /** Every step's result, settled or not. */
  private readonly results: Array<Promise<unknown>> = [];
  private stoppedReason: string | undefined;

  constructor(
    private readonly queues: OcrQueues,
    private readonly mode: StepMode,
  ) {}

  /** Whether the document is no longer being read: new steps fail, results that arrive are not used. */
  get stopped(): boolean {
    return this.stoppedReason !== undefined;
  }

  readonly run: RunStep = (async (queue: 'pdf' | 'ocr', name: string, data: unknown, what: { page?: number; kind: string }) => {
    const handles = this.queues[queue] as QueueHandles<unknown, unknown>;
    if ('deadline' in this.mode) {
      if (this.stoppedReason) throw new ServiceError('timeout', this.stoppedReason);
      const remaining = this.mode.deadline - Date.now();
      if (remaining <= 0) throw new ServiceError('timeout', TIMEOUT_MESSAGE);
      return this.track(await enqueue(handles, name, data, remaining));
    }
    const { jobId, priority, waitMs } = this.mode.durable;
    const id = `${jobId}.${what.kind}${what.page ? `.${what.page}` : ''}`;
    for (;;) {
      if (this.stoppedReason) throw new ServiceError('timeout', this.stoppedReason);
      try {
        return await this.track(await enqueue(handles, name, data, waitMs, { jobId: id, priority }));
      } catch (err) {
        // Still queued behind other work after waitMs: wait again (the same id adds nothing).
        if (err instanceof ServiceError && err.code === 'timeout' && !this.stoppedReason) continue;
        throw err;
      }
    }
  }) as RunStep;

  private track<R>(enqueued: EnqueuedJob<R>): Promise<R> {
    const entry = enqueued as EnqueuedJob<unknown>;
    this.pending.add(entry);
    this.results.push(enqueued.finished);
    return enqueued.finished.finally(() => this.pending.delete(entry));
  }

  /** No step starts any more (`reason`: what a step asked for afterwards fails with), and those still waiting in a queue are removed. */
  async stop(reason = 'the document is no longer being read'): Promise<void> {
    this.stoppedReason ??= reason;
    await this.removeWaiting();
  }

  /** Removes the steps still waiting in a queue (not those a worker is on); their callers get the stop's reason at once. */
  async removeWaiting(): Promise<void> {
    await Promise.all(
      [...this.pending].map(async (entry) => {
        const state = await entry.job.getState().catch(() => 'unknown');
        if (state !== 'waiting' && state !== 'prioritized' && state !== 'delayed') return;
        const removed = await entry.job.remove().then(
          () => true,
          () => false,
        );
        // Not waited for until found gone, which reads as work lost with Redis's data.
        if (removed) entry.abandon(new ServiceError('timeout', this.stoppedReason ?? 'the document is no longer being read'));
      }),
    );
  }

  /** Resolves once every step enqueued has settled (finished, failed, or removed and found gone). */
  async settled(): Promise<void> {
    await Promise.allSettled(this.results);
  }
}
