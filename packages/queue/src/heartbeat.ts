import type { Redis } from 'ioredis';
import { WORKER_KINDS, type WorkerKind } from './names.js';

const key = (prefix: string, kind: WorkerKind) => `${prefix}:workers:${kind}`;
/** A hash of what each live worker of a kind says about itself (JSON by worker id). */
const infoKey = (prefix: string, kind: WorkerKind) => `${prefix}:workers:${kind}:info`;

/** Beats missed before a worker counts as gone. */
export const MISSED_BEATS = 3;

export interface Heartbeat {
  stop(): Promise<void>;
}

/**
 * Records "worker `id` of `kind` is alive" every `intervalMs` as a score (last beat, ms) in one
 * sorted set per kind. A sorted set rather than one key per worker: readiness reads it with one
 * command, and every key shares the prefix's hash tag so this works on Redis Cluster.
 */
export function startHeartbeat(redis: Redis, prefix: string, kind: WorkerKind, id: string, intervalMs: number, info?: object): Heartbeat {
  // The info is written with every beat, so that a Redis restarted empty has it again within one interval.
  const text = info === undefined ? undefined : JSON.stringify(info);
  const beat = () => {
    const multi = redis.multi().zadd(key(prefix, kind), Date.now(), id);
    if (text !== undefined) multi.hset(infoKey(prefix, kind), id, text);
    return multi.exec().catch(() => undefined);
  };
  void beat();
  const timer = setInterval(beat, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await redis
        .multi()
        .zrem(key(prefix, kind), id)
        .hdel(infoKey(prefix, kind), id)
        .exec()
        .catch(() => undefined);
    },
  };
}

/**
 * What the live workers of `kind` said about themselves (startHeartbeat's info), by worker id.
 * Entries of workers gone without a goodbye are removed here.
 */
export async function liveWorkerInfo<T>(redis: Redis, prefix: string, kind: WorkerKind, intervalMs: number, now = Date.now()): Promise<Map<string, T>> {
  const live = await redis.zrangebyscore(key(prefix, kind), now - intervalMs * MISSED_BEATS, '+inf');
  const all = await redis.hgetall(infoKey(prefix, kind));
  const infos = new Map<string, T>();
  const gone: string[] = [];
  for (const [id, text] of Object.entries(all)) {
    if (!live.includes(id)) {
      gone.push(id);
      continue;
    }
    try {
      infos.set(id, JSON.parse(text) as T);
    } catch {
      gone.push(id);
    }
  }
  if (gone.length > 0) await redis.hdel(infoKey(prefix, kind), ...gone).catch(() => undefined);
  return infos;
}

/** Number of workers of each kind that beat within the last MISSED_BEATS intervals. */
export async function countLiveWorkers(redis: Redis, prefix: string, intervalMs: number, now = Date.now()): Promise<Record<WorkerKind, number>> {
  const since = now - intervalMs * MISSED_BEATS;
  const pipeline = redis.pipeline();
  for (const kind of WORKER_KINDS) {
    pipeline.zremrangebyscore(key(prefix, kind), '-inf', `(${since}`);
    pipeline.zcard(key(prefix, kind));
  }
  const replies = (await pipeline.exec()) ?? [];
  const counts = {} as Record<WorkerKind, number>;
  WORKER_KINDS.forEach((kind, i) => {
    const [err, value] = replies[i * 2 + 1] ?? [new Error('no reply'), 0];
    if (err) throw err;
    counts[kind] = Number(value);
  });
  return counts;
}
