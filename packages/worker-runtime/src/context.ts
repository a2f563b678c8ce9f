import type { ServiceMetrics } from '@docsvc/metrics';
import type { Redis } from 'ioredis';
import { commonShape, documentShape, downloadShape, loadOrExit, redisShape, s3Shape, workerShape } from '@docsvc/config';
import type { FetchUrlResult } from '@docsvc/fetcher';
import { createLogger, type Logger } from '@docsvc/logger';
import { createRedis } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';

/** Every worker process reads these; PAGE_TIMEOUT_MS and PAGE_MEMORY_MB apply to the workers that set limits. */
export const workerEnvShape = {
  ...commonShape,
  ...redisShape,
  ...s3Shape,
  ...workerShape,
  ...downloadShape,
  PAGE_TIMEOUT_MS: documentShape.PAGE_TIMEOUT_MS,
  PAGE_MEMORY_MB: documentShape.PAGE_MEMORY_MB,
};

export type WorkerConfig = ReturnType<typeof loadWorkerConfig>;

export const loadWorkerConfig = (app: string) => loadOrExit(app, workerEnvShape);

export interface WorkerContext {
  log: Logger;
  store: ObjectStore;
  /** A request-style connection (fails fast), for the processor's own reads and writes. */
  redis: Redis;
  prefix: string;
  /** Downloads a user-supplied URL under the configured address rule and limits. */
  download(url: string, signal?: AbortSignal): Promise<FetchUrlResult>;
  /**
   * Aborted when the job passes its time limit (PAGE_TIMEOUT_MS where the worker sets one): work
   * that can be cancelled (an OCR page, a download) should listen to it. Never aborted otherwise.
   */
  signal: AbortSignal;
  /** The BullMQ lock token of the job being processed (to move it back to the queue: job.moveToDelayed). */
  token?: string;
  /** The process's metrics (main thread only: an isolated job's context has none). */
  metrics?: ServiceMetrics;
}

/** The context of one process or isolation thread: its own logger, S3 client and (lazy) Redis connection. */
export function createContext(app: string, config: WorkerConfig, opts: { lazyRedis?: boolean } = {}): WorkerContext {
  const log = createLogger(app, config.LOG_LEVEL);
  return {
    log,
    store: new ObjectStore(createS3Client(config), config.S3_BUCKET),
    redis: createRedis(config.REDIS_URL, 'client', opts.lazyRedis ? { lazyConnect: true } : {}),
    prefix: config.QUEUE_PREFIX,
    // Loaded on first use: worker-ocr and worker-translate never download, and undici costs memory.
    download: async (url, signal) =>
      (await import('@docsvc/fetcher')).fetchUrl(url, {
        maxBytes: config.MAX_DOWNLOAD_BYTES,
        connectTimeoutMs: config.DOWNLOAD_CONNECT_TIMEOUT_MS,
        totalTimeoutMs: config.DOWNLOAD_TIMEOUT_MS,
        allowPrivate: config.ALLOW_PRIVATE_URLS,
        ...(signal ? { signal } : {}),
      }),
    signal: new AbortController().signal,
  };
}
