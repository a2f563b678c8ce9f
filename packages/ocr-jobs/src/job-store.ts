import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { jobTotalsKey, type DocumentPlan, type DocumentSource } from '@docsvc/queue';
import { isFinalJobStatus, pageCount, type OcrJobError, type OcrJobOptions, type OcrJobStatus, type OcrJobWebhookState } from '@docsvc/schemas';

/** What a job was asked to do; fixed when it is created. */
export interface JobSpec {
  /** The OCR options (prompt, fine_grained, page_range, language, force_ocr); no webhook secret. */
  options: Omit<OcrJobOptions, 'webhook_url' | 'webhook_secret'>;
  source: DocumentSource;
  /** PDF_DPI when the job was created. */
  dpi: number;
  /** MAX_JOB_PAGES when the job was created: the pages taken when no page_range is given. */
  maxPages: number;
  webhookUrl?: string;
  /** The job's status URL as the API gave it (the webhook carries it). */
  statusUrl: string;
  /** The document's file name (stored key, URL path or upload), for the result's file names. */
  sourceName?: string;
}

/** What the job found when its document was prepared: set once, read on every resumption. */
export type JobPlan = DocumentPlan;

export interface JobRecord {
  id: string;
  owner: string;
  /** The log_id of the request that created it: every log line about the job carries it. */
  logId: string;
  status: OcrJobStatus;
  createdAt: number;
  updatedAt: number;
  spec: JobSpec;
  plan?: JobPlan;
  pagesDone: number;
  error?: OcrJobError;
  webhook?: OcrJobWebhookState;
}

export type CreateOutcome = { created: true; job: JobRecord } | { created: false; job: JobRecord } | { conflict: true; jobId: string };

export interface JobListPage {
  jobs: JobRecord[];
  /** Give it back as `cursor` for the next (older) page; absent on the last page. */
  nextCursor?: string;
}

/**
 * Moves a job to a new status if its current one allows it, atomically (a cancellation and the job's
 * end may race). KEYS[1] the job hash; ARGV: new status, updated_at, then the allowed current statuses.
 * Returns the status it had (false if the job does not exist).
 */
// ARGV: the new status, updated_at, the error as JSON ('' for none), then the statuses it may come from.
// The error is written with the status: a job is never seen failed without its error.
const TRANSITION = `
local current = redis.call('HGET', KEYS[1], 'status')
if not current then return false end
for i = 4, #ARGV do
  if ARGV[i] == current then
    redis.call('HSET', KEYS[1], 'status', ARGV[1], 'updated_at', ARGV[2])
    if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'error', ARGV[3]) end
    return current
  end
end
return current
`;

const WHERE_TO: Record<OcrJobStatus, OcrJobStatus[]> = {
  queued: [],
  running: ['queued'],
  succeeded: ['running'],
  failed: ['queued', 'running'],
  cancelled: ['queued', 'running'],
};

/**
 * OCR job records in Redis, under `prefix`:
 * - `<prefix>:ocrjob:<id>`: a hash (owner, status, times, the spec and plan as JSON, error, webhook);
 * - `<prefix>:ocrjob:<id>:done`: the set of pages whose results are stored (progress, resumption);
 * - `<prefix>:ocrjobs:owner:<owner>`: the owner's jobs by creation time (listing, newest first);
 * - `<prefix>:ocrjobs:expiry`: every job by the time it is to be removed with its objects;
 * - `<prefix>:ocrjob-idem:<owner>:<sha256(key)>`: an idempotency key's job and body hash;
 * - `<prefix>:metrics:jobs`: jobs by the status they reached, for the whole service's metrics (never expires).
 * Records expire `ttlSeconds` after the job's last change (its end, for a finished job).
 */
export class JobStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly ttlSeconds: number,
  ) {}

  private jobKey = (id: string) => `${this.prefix}:ocrjob:${id}`;
  private doneKey = (id: string) => `${this.prefix}:ocrjob:${id}:done`;
  private ownerKey = (owner: string) => `${this.prefix}:ocrjobs:owner:${owner}`;
  private expiryKey = () => `${this.prefix}:ocrjobs:expiry`;
  private workKey = (owner: string) => `${this.prefix}:ocrjobs:work:${owner}`;
  private pendingKey = (owner: string) => `${this.prefix}:ocrjobs:pending:${owner}`;
  private idemKey = (owner: string, key: string) => `${this.prefix}:ocrjob-idem:${owner}:${createHash('sha256').update(key).digest('hex')}`;

  /**
   * Creates a job, or, with an idempotency key already used by this owner within the retention,
   * finds the job it created (same body hash) or reports a conflict (another body).
   */
  async create(input: {
    id?: string;
    owner: string;
    logId: string;
    spec: JobSpec;
    webhookSecret?: string;
    idempotency?: { key: string; bodyHash: string };
    /** Runs before a new job is written (not for a replay); throwing refuses the job and frees the idempotency key. */
    admit?: () => Promise<void>;
  }): Promise<CreateOutcome> {
    const id = input.id ?? randomUUID();
    let claimed: string | undefined;
    if (input.idempotency) {
      const key = this.idemKey(input.owner, input.idempotency.key);
      claimed = key;
      const claim = JSON.stringify({ jobId: id, bodyHash: input.idempotency.bodyHash });
      const set = await this.redis.set(key, claim, 'EX', this.ttlSeconds, 'NX');
      if (set !== 'OK') {
        const existing = JSON.parse((await this.redis.get(key)) ?? 'null') as { jobId: string; bodyHash: string } | null;
        if (existing) {
          if (existing.bodyHash !== input.idempotency.bodyHash) return { conflict: true, jobId: existing.jobId };
          const job = await this.waitForRecord(input.owner, existing.jobId);
          if (job) return { created: false, job };
        }
        // The claim expired between SET and GET, or its job is gone: claim again.
        await this.redis.set(key, claim, 'EX', this.ttlSeconds);
      }
    }
    if (input.admit) {
      try {
        await input.admit();
      } catch (err) {
        if (claimed) await this.redis.del(claimed).catch(() => undefined);
        throw err;
      }
    }
    const now = Date.now();
    const fields: Record<string, string> = {
      id,
      owner: input.owner,
      log_id: input.logId,
      status: 'queued',
      created_at: String(now),
      updated_at: String(now),
      spec: JSON.stringify(input.spec),
    };
    if (input.webhookSecret) fields.webhook_secret = input.webhookSecret;
    await this.redis
      .multi()
      .hset(this.jobKey(id), fields)
      .expire(this.jobKey(id), this.ttlSeconds)
      .zadd(this.ownerKey(input.owner), now, id)
      .zadd(this.expiryKey(), now + this.ttlSeconds * 1000, id)
      .zadd(this.pendingKey(input.owner), pagesAsked(input.spec), id)
      .hincrby(jobTotalsKey(this.prefix), 'queued', 1)
      .exec();
    return { created: true, job: (await this.get(id))! };
  }

  /** An idempotent replay may arrive while the first request is still writing its record. */
  private async waitForRecord(owner: string, id: string): Promise<JobRecord | undefined> {
    for (let i = 0; i < 20; i++) {
      const job = await this.getOwned(owner, id);
      if (job) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const [[, hash], [, done]] = (await this.redis.multi().hgetall(this.jobKey(id)).scard(this.doneKey(id)).exec()) as [[null, Record<string, string>], [null, number]];
    if (!hash || !hash.id) return undefined;
    return {
      id: hash.id,
      owner: hash.owner!,
      logId: hash.log_id!,
      status: hash.status as OcrJobStatus,
      createdAt: Number(hash.created_at),
      updatedAt: Number(hash.updated_at),
      spec: JSON.parse(hash.spec!) as JobSpec,
      ...(hash.plan ? { plan: JSON.parse(hash.plan) as JobPlan } : {}),
      pagesDone: done,
      ...(hash.error ? { error: JSON.parse(hash.error) as OcrJobError } : {}),
      ...(hash.webhook ? { webhook: JSON.parse(hash.webhook) as OcrJobWebhookState } : {}),
    };
  }

  /** The job if it exists and belongs to `owner`; another owner's job is as good as missing. */
  async getOwned(owner: string, id: string): Promise<JobRecord | undefined> {
    const job = await this.get(id);
    return job && job.owner === owner ? job : undefined;
  }

  async webhookSecret(id: string): Promise<string | undefined> {
    return (await this.redis.hget(this.jobKey(id), 'webhook_secret')) ?? undefined;
  }

  /**
   * Moves the job to `status` if its current status allows it (queued -> running -> succeeded; queued
   * or running -> failed or cancelled). Returns the status it had before, or undefined when it does
   * not exist. A final status restarts the retention clock.
   */
  async transition(id: string, status: OcrJobStatus, extra: { error?: OcrJobError } = {}): Promise<OcrJobStatus | undefined> {
    const now = Date.now();
    const error = extra.error ? JSON.stringify(extra.error) : '';
    const before = (await this.redis.eval(TRANSITION, 1, this.jobKey(id), status, String(now), error, ...WHERE_TO[status])) as OcrJobStatus | null;
    if (!before) return undefined;
    if (!WHERE_TO[status].includes(before)) return before;
    const tx = this.redis.multi();
    if (isFinalJobStatus(status)) {
      const owner = await this.redis.hget(this.jobKey(id), 'owner');
      if (owner) {
        tx.zrem(this.pendingKey(owner), id);
        // Slots a dead coordinator of this job left would hold the key's other jobs back until they go stale.
        const held = (await this.redis.zrangebyscore(this.workKey(owner), '-inf', '+inf')).filter((m) => m.startsWith(`${id}:`));
        if (held.length > 0) tx.zrem(this.workKey(owner), ...held);
      }
      tx.expire(this.jobKey(id), this.ttlSeconds).expire(this.doneKey(id), this.ttlSeconds).zadd(this.expiryKey(), now + this.ttlSeconds * 1000, id);
      // Counted here, by whichever process ended the job (the transition above happens once a job),
      // for the metrics of the whole service (job-totals.ts in @docsvc/queue).
      tx.hincrby(jobTotalsKey(this.prefix), status, 1);
    }
    await tx.exec();
    return before;
  }

  async setPlan(id: string, plan: JobPlan): Promise<void> {
    const owner = await this.redis.hget(this.jobKey(id), 'owner');
    const tx = this.redis.multi().hset(this.jobKey(id), 'plan', JSON.stringify(plan), 'updated_at', String(Date.now()));
    if (owner) tx.zadd(this.pendingKey(owner), 'XX', pageCount(plan.pageRange), id);
    await tx.exec();
  }

  /** Records that page `page`'s result is stored; answers the pages done so far. A job at work keeps its retention ahead of it. */
  async pageDone(id: string, page: number): Promise<number> {
    const now = Date.now();
    const [owner, plan] = await this.redis.hmget(this.jobKey(id), 'owner', 'plan');
    const [, [, done]] = (await this.redis
      .multi()
      .sadd(this.doneKey(id), String(page))
      .scard(this.doneKey(id))
      .expire(this.doneKey(id), this.ttlSeconds)
      .hset(this.jobKey(id), 'updated_at', String(now))
      .expire(this.jobKey(id), this.ttlSeconds)
      .zadd(this.expiryKey(), now + this.ttlSeconds * 1000, id)
      .exec()) as [unknown, [null, number]];
    if (owner && plan) {
      await this.redis.zadd(this.pendingKey(owner), 'XX', Math.max(0, pageCount((JSON.parse(plan) as JobPlan).pageRange) - done), id);
    }
    return done;
  }

  /**
   * Takes one of the owner's `limit` slots for a page in work (all its jobs together): false when they
   * are all taken. Slots a dead coordinator left are freed after STALE_WORK_MS.
   */
  async takeSlot(owner: string, id: string, page: number, limit: number, now = Date.now()): Promise<boolean> {
    const key = this.workKey(owner);
    const member = `${id}:${page}`;
    const [, , [, count]] = (await this.redis
      .multi()
      .zremrangebyscore(key, '-inf', now - STALE_WORK_MS)
      .zadd(key, now, member)
      .zcard(key)
      .expire(key, Math.ceil(STALE_WORK_MS / 1000))
      .exec()) as [unknown, unknown, [null, number]];
    if (count <= limit) return true;
    await this.redis.zrem(key, member);
    return false;
  }

  /** Slots of the owner's held by its other jobs than `id` (stale ones forgotten). */
  async slotsHeldByOthers(owner: string, id: string, now = Date.now()): Promise<number> {
    const key = this.workKey(owner);
    await this.redis.zremrangebyscore(key, '-inf', now - STALE_WORK_MS);
    return (await this.redis.zrangebyscore(key, '-inf', '+inf')).filter((m) => !m.startsWith(`${id}:`)).length;
  }

  async endPage(owner: string, id: string, page: number): Promise<void> {
    await this.redis.zrem(this.workKey(owner), `${id}:${page}`);
  }

  /** Pages the owner's queued and running jobs have left to read (a job not yet opened counts its page_range, or 1). */
  async pendingPages(owner: string): Promise<number> {
    const raw = await this.redis.zrangebyscore(this.pendingKey(owner), '-inf', '+inf', 'WITHSCORES');
    let sum = 0;
    for (let i = 1; i < raw.length; i += 2) sum += Math.max(0, Number(raw[i]));
    return sum;
  }

  async donePages(id: string): Promise<Set<number>> {
    return new Set((await this.redis.smembers(this.doneKey(id))).map(Number));
  }

  async setWebhook(id: string, state: OcrJobWebhookState): Promise<void> {
    await this.redis.hset(this.jobKey(id), 'webhook', JSON.stringify(state));
  }

  /**
   * The owner's jobs, newest first, `limit` at a time, optionally of one status. The cursor is the
   * last job's creation time and id: jobs created meanwhile never shift a page.
   */
  async list(owner: string, opts: { limit: number; status?: OcrJobStatus; cursor?: string }): Promise<JobListPage> {
    const after = opts.cursor ? decodeCursor(opts.cursor) : undefined;
    const max = after ? String(after.score) : '+inf';
    const batch = Math.max(50, opts.limit * 2);
    const jobs: JobRecord[] = [];
    let last: { score: number; id: string } | undefined;
    for (let offset = 0; ; offset += batch) {
      const raw = await this.redis.zrevrangebyscore(this.ownerKey(owner), max, '-inf', 'WITHSCORES', 'LIMIT', offset, batch);
      for (let i = 0; i < raw.length; i += 2) {
        const id = raw[i]!;
        const score = Number(raw[i + 1]);
        // Equal times come in descending id order: those at or above the cursor's id were on earlier pages.
        if (after && score === after.score && id >= after.id) continue;
        const job = await this.get(id);
        if (!job) {
          await this.redis.zrem(this.ownerKey(owner), id); // expired: forget it
          continue;
        }
        if (opts.status && job.status !== opts.status) continue;
        // One more than asked tells whether there is a next page.
        if (jobs.length === opts.limit) return { jobs, nextCursor: encodeCursor(last!.score, last!.id) };
        jobs.push(job);
        last = { score, id };
      }
      if (raw.length < batch * 2) return { jobs };
    }
  }

  /** Ids of jobs whose retention has ended (removed from the expiry index as they are returned). */
  async takeExpired(now = Date.now(), max = 100): Promise<Array<{ id: string; spec?: JobSpec; owner?: string }>> {
    const ids = await this.redis.zrangebyscore(this.expiryKey(), '-inf', now, 'LIMIT', 0, max);
    const out: Array<{ id: string; spec?: JobSpec; owner?: string }> = [];
    for (const id of ids) {
      // Only the caller that removes the entry cleans the job up.
      if ((await this.redis.zrem(this.expiryKey(), id)) !== 1) continue;
      const hash = await this.redis.hmget(this.jobKey(id), 'spec', 'owner');
      out.push({ id, ...(hash[0] ? { spec: JSON.parse(hash[0]) as JobSpec } : {}), ...(hash[1] ? { owner: hash[1] } : {}) });
      const tx = this.redis.multi().del(this.jobKey(id), this.doneKey(id));
      if (hash[1]) tx.zrem(this.ownerKey(hash[1]), id);
      await tx.exec();
    }
    return out;
  }
}

/** A page in work this long (a coordinator that died without ending it) no longer counts. */
const STALE_WORK_MS = 30 * 60_000;

/** Pages a job was asked for, before its document is opened: its page_range, or 1 (a single page at least). */
const pagesAsked = (spec: JobSpec): number => (spec.options.page_range ? pageCount(spec.options.page_range) : 1);

function encodeCursor(score: number, id: string): string {
  return Buffer.from(`${score}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { score: number; id: string } | undefined {
  const [score, id] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (!score || !id || !Number.isFinite(Number(score))) return undefined;
  return { score: Number(score), id };
}

/** An invalid cursor (not one this API gave): the caller answers 400. */
export const isValidCursor = (cursor: string): boolean => decodeCursor(cursor) !== undefined;
