// Entry of an isolation thread (see isolate.ts): imports the processor module once, then runs the
// jobs the pool posts, one at a time, with a context of its own (logger, S3 client, lazy Redis).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createContext, loadWorkerConfig, type WorkerContext } from './context.js';
import { serializeError } from './failures.js';
import type { FromThread, IsolatedJob, ToThread } from './isolate.js';

type Processor = (job: IsolatedJob<unknown>, ctx: WorkerContext) => Promise<unknown>;

if (isMainThread || !parentPort) throw new Error('isolate-thread.js runs only as a worker thread');
const port = parentPort;
const { module, app } = workerData as { module: string; app: string };
const post = (msg: FromThread) => port.postMessage(msg);

try {
  const ctx = createContext(app, loadWorkerConfig(app), { lazyRedis: true });
  const loaded = (await import(module)) as { processor?: Processor; default?: Processor };
  const processor = loaded.processor ?? loaded.default;
  if (typeof processor !== 'function') throw new Error(`${module} exports no processor(job, ctx) function`);
  port.on('message', async (msg: ToThread) => {
    if (msg.type !== 'job') return;
    const { job, seq } = msg;
    const log = ctx.log.child({ log_id: (job.data as { requestId?: string })?.requestId, job: job.name, job_id: job.id, thread: true });
    try {
      const result = await processor(job, { ...ctx, log });
      post({ type: 'done', seq, result });
    } catch (err) {
      post({ type: 'failed', seq, error: serializeError(err) });
    }
  });
  post({ type: 'ready' });
} catch (err) {
  post({ type: 'fatal', error: serializeError(err) });
  throw err;
}
