export { QUEUES, WORKER_KINDS, WORKER_APPS, type WorkerKind, type QueueName } from './names.js';
export { createRedis, isRedisReady, isRedisDown, redisAvailable, trackReadiness, CLIENT_COMMAND_TIMEOUT_MS, type RedisRole } from './connection.js';
export { isDependencyDown } from './dependency-errors.js';
export { startHeartbeat, countLiveWorkers, liveWorkerInfo, MISSED_BEATS, type Heartbeat } from './heartbeat.js';
export { openQueue, enqueue, runAndWait, type QueueHandles, type EnqueuedJob, type OpenQueueOptions } from './jobs.js';
export { toJobError, fromJobFailure } from './job-errors.js';
export { RETRY_POLICY, backoffAfter, failureClass, givesUpDocument, jobOptions, mayRetry, retriesPage, type FailureClass, type RetryRule } from './retry-policy.js';
export * from './payloads.js';
export { countPages, readPageTotals, pageTotalsKey } from './page-totals.js';
