import { z } from 'zod';
import { WORKER_APPS, WORKER_KINDS, countLiveWorkers, type WorkerKind } from '@docsvc/queue';
import { defineRoute } from '../route.js';

type Check = { ok: true } | { ok: false; error: string };

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref()),
  ]);
}

const asCheck = (p: Promise<unknown>): Promise<Check> =>
  p.then(
    () => ({ ok: true as const }),
    (err: unknown) => ({ ok: false as const, error: err instanceof Error ? err.message : String(err) }),
  );

const checkSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string() })]);
const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  missing: z.array(z.string()).optional(),
  message: z.string().optional(),
  checks: z.object({
    redis: checkSchema,
    s3: checkSchema,
    /** Live workers by kind (heartbeats), or null when they could not be counted. */
    workers: z.record(z.string(), z.number().int()).nullable(),
    ocr_engines: z.array(z.object({ engine: z.string(), version: z.string(), workers: z.number().int() })),
  }),
});

/**
 * GET /readyz: 200 only when Redis and S3 answer and at least one worker of each kind is alive
 * (by heartbeat); else 503 naming what is missing. No key: load balancers call it.
 */
export const readyzRoute = defineRoute({
  method: 'GET',
  path: '/readyz',
  operationId: 'getReadiness',
  tag: 'Service',
  summary: 'Ready when Redis and S3 answer and a worker of each kind is alive',
  public: true,
  responses: {
    200: { description: 'Ready', json: readinessSchema },
    503: { description: 'Not ready: `missing` names what is not there', json: readinessSchema },
  },
  handler: async ({ reply, deps }) => {
    const t = deps.readyCheckTimeoutMs;
    let workers: Record<WorkerKind, number> | undefined;
    const [redis, s3, workerCheck] = await Promise.all([
      asCheck(withTimeout(deps.redis.ping(), t, 'Redis')),
      asCheck(withTimeout(deps.store.ping(t), t, 'S3')),
      asCheck(
        withTimeout(countLiveWorkers(deps.redis, deps.queuePrefix, deps.heartbeatIntervalMs), t, 'Redis').then((counts) => {
          workers = counts;
        }),
      ),
    ]);
    const missing: string[] = [];
    if (!redis.ok) missing.push('redis');
    if (!s3.ok) missing.push('s3');
    if (workerCheck.ok && workers) {
      for (const kind of WORKER_KINDS) if (workers[kind] < 1) missing.push(WORKER_APPS[kind]);
    } else if (redis.ok) {
      missing.push('workers');
    }
    // Which OCR engine the live workers run (native tesseract or tesseract.js), and their versions.
    const fleet = redis.ok ? await withTimeout(deps.ocr.workers.fleet(), t, 'Redis').catch(() => null) : null;
    const body = {
      status: missing.length === 0 ? 'ready' : 'not_ready',
      ...(missing.length ? { missing, message: `not ready: ${missing.join(', ')} unavailable` } : {}),
      checks: { redis, s3, workers: workers ?? null, ocr_engines: fleet?.engines ?? [] },
    };
    return reply.code(missing.length === 0 ? 200 : 503).send(body);
  },
});
