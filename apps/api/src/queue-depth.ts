import type { Queue } from 'bullmq';
import type { QueueDepthReader } from '@docsvc/metrics';

/** The states a queue's jobs are counted in on each scrape (completed jobs are not kept). */
const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

/** Reads each queue's job counts by state (BullMQ getJobCounts: a few Redis commands a queue). */
export function queueDepthOf(queues: ReadonlyArray<Pick<Queue, 'name' | 'getJobCounts'>>): QueueDepthReader {
  return async () => {
    const counts = await Promise.all(queues.map(async (q) => ({ queue: q.name, counts: await q.getJobCounts(...STATES) })));
    return counts.flatMap(({ queue, counts: c }) => STATES.map((state) => ({ queue, state, count: c[state] ?? 0 })));
  };
}
