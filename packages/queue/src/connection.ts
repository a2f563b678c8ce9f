import { Redis, type RedisOptions } from 'ioredis';

export type RedisRole =
  /** Blocking consumers (BullMQ Worker, QueueEvents): must retry forever, BullMQ requires it. */
  | 'worker'
  /** Request-path clients: fail fast so that a request gets an answer instead of hanging. */
  | 'client';

/** A command of a request-path client that gets no answer within this time fails (a silent network partition). */
export const CLIENT_COMMAND_TIMEOUT_MS = 2_000;

export function createRedis(url: string, role: RedisRole, extra: RedisOptions = {}): Redis {
  const base: RedisOptions =
    role === 'worker'
      ? { maxRetriesPerRequest: null, enableReadyCheck: true }
      : { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: CLIENT_COMMAND_TIMEOUT_MS, enableOfflineQueue: true };
  const redis = new Redis(url, {
    ...base,
    // Reconnect forever, at least once a second: Redis coming back must heal every process, soon.
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 5), 1_000),
    lazyConnect: false,
    ...extra,
  });
  // ioredis emits 'error' on every failed reconnect; an unhandled 'error' event would kill the process.
  redis.on('error', () => {});
  trackReadiness(redis);
  if (role === 'client' && redis.options.enableOfflineQueue) {
    // Commands sent before the first connection wait for it (start-up order does not matter); once
    // connected, a command sent while the connection is down fails at once ("Stream isn't
    // writeable"), so that a request is answered 503 instead of waiting for a reconnect.
    redis.once('ready', () => {
      redis.options.enableOfflineQueue = false;
    });
  }
  return redis;
}

/** Whether a connection can take commands now (connected and past its ready check). */
export const isRedisReady = (redis: Redis): boolean => redis.status === 'ready';

/** Connections that have been ready at least once (an outage, not a start-up, when they are not ready now). */
const everReady = new WeakSet<Redis>();

/** Remembers when `redis` first becomes ready (createRedis does it; for connections made otherwise, e.g. duplicate()). */
export function trackReadiness(redis: Redis): void {
  if (redis.status === 'ready') everReady.add(redis);
  else redis.once('ready', () => everReady.add(redis));
}

/** Whether `redis` was connected and is not now: an outage (false while a first connection is being made). */
export const isRedisDown = (redis: Redis): boolean => everReady.has(redis) && !isRedisReady(redis);

/**
 * Whether `redis` can take commands, for a request about to use it: true when connected. When it was
 * connected before and is not now (an outage), false at once, or after up to `outageWaitMs` if it
 * comes back meanwhile (work already under way rides out a blip; new work is refused at once).
 * While a process is still making its first connection, waits up to CLIENT_COMMAND_TIMEOUT_MS.
 */
export async function redisAvailable(redis: Redis, outageWaitMs = 0): Promise<boolean> {
  if (isRedisReady(redis)) return true;
  if (redis.status === 'end') return false;
  const outage = everReady.has(redis);
  const waitMs = outage ? outageWaitMs : Math.max(outageWaitMs, CLIENT_COMMAND_TIMEOUT_MS);
  if (waitMs <= 0) return false;
  let next = nextReady.get(redis);
  if (!next) {
    // One listener per connection, however many requests wait for it.
    next = new Promise<void>((resolve) =>
      redis.once('ready', () => {
        nextReady.delete(redis);
        resolve();
      }),
    );
    nextReady.set(redis, next);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    return await Promise.race([next.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const nextReady = new WeakMap<Redis, Promise<void>>();
