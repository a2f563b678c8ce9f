// worker-pdf's real processor with test-only poisons, chosen by the stored file's key: a page that
// never finishes (an awaited promise that never settles; poison-page-2: only the document's page 2), one that spins in a synchronous loop (only
// terminating its thread stops it) and one that fills the heap. Runs in the isolation thread of
// poison-pdf-worker.ts; the real worker-pdf has no such hooks.
import type { IsolatedJob, WorkerContext } from '@docsvc/worker-runtime';
import { processor as real } from '../../../worker-pdf/dist/processor.js';

export async function processor(job: IsolatedJob<any>, ctx: WorkerContext): Promise<unknown> {
  const where = JSON.stringify(job.data);
  if (job.name === 'raster') {
    if (where.includes('poison-hang')) await new Promise(() => {});
    if (where.includes('poison-page-2') && job.data.page === 2) await new Promise(() => {});
    if (where.includes('poison-spin')) while (Date.now() > 0) Math.sqrt(Math.random());
    if (where.includes('poison-balloon')) {
      // 8 MB a step: the heap limit is reached in milliseconds, long before the time limit.
      const hog: number[][] = [];
      while (hog.length >= 0) hog.push(new Array<number>(1_000_000).fill(Math.random()));
    }
  }
  return real(job, ctx);
}
