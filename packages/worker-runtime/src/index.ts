export { runWorker, type WorkerLimits, type WorkerOptions, type WorkerProcess } from './run-worker.js';
export { createContext, loadWorkerConfig, workerEnvShape, type WorkerConfig, type WorkerContext } from './context.js';
export { toServiceError } from './failures.js';
export type { IsolatedJob } from './isolate.js';
