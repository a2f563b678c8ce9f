import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRedisServer, startS3Server, type EmbeddedRedis, type EmbeddedS3 } from '@docsvc/embedded';

/** The S3 settings as the apps read them from their environment. */
export type S3Env = Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE', string>;

/** Where the processes find Redis and S3, and the prefix that keeps one test's keys apart from another's. */
export interface Backend {
  redisUrl: string;
  s3: S3Env;
  prefix: string;
}

/** A queue prefix of its own ("{t1a2b3c4d}": braces keep a prefix's keys in one Redis Cluster slot). */
export const newPrefix = (letter = 't'): string => `{${letter}${randomUUID().slice(0, 8)}}`;

/** Settings of any S3 server, as the apps' S3_* variables. */
export function s3EnvOf(s3: Pick<EmbeddedS3, 'endpoint' | 'bucket' | 'region' | 'accessKeyId' | 'secretAccessKey'>): S3Env {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Settings with values of any kind as environment variables (strings). */
export const asEnv = <K extends string>(values: Record<K, string | number | boolean>): Record<K, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) as Record<K, string>;

/** The variables that point an app at a backend. */
export const backendEnv = (backend: Backend): Record<string, string> => ({ REDIS_URL: backend.redisUrl, QUEUE_PREFIX: backend.prefix, ...backend.s3 });

/** A private redis-server and S3 server in a temporary folder, each one stoppable and restartable on its port. */
export interface PrivateServers extends Backend {
  /** The temporary folder (redis/, s3/) removed by close(). */
  dir: string;
  stopRedis(): Promise<void>;
  /** `empty`: without the data it had (its append-only file removed), as a Redis that lost it. */
  startRedis(opts?: { empty?: boolean }): Promise<void>;
  stopS3(): Promise<void>;
  startS3(): Promise<void>;
  /** Stops both and removes the folder. */
  close(): Promise<void>;
}

/**
 * Starts a private redis-server (random port; never the machine's 6379) and the embedded S3 server
 * with `bucket`. `persist`: Redis keeps an append-only file, as under `npm start`, so that a restart
 * finds its data; tests run without.
 */
export async function startServers(opts: { persist?: boolean; bucket?: string; prefix?: string } = {}): Promise<PrivateServers> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsvc-kit-'));
  const bucket = opts.bucket ?? 'docsvc';
  const persist = opts.persist ?? false;
  let redis: EmbeddedRedis | undefined = await startRedisServer({ dir: path.join(dir, 'redis'), persist });
  const redisPort = redis.port;
  let s3: EmbeddedS3 | undefined = await startS3Server({ directory: path.join(dir, 's3'), bucket });
  const s3Port = s3.port;
  return {
    dir,
    redisUrl: redis.url,
    s3: s3EnvOf(s3),
    prefix: opts.prefix ?? newPrefix('p'),
    async stopRedis() {
      await redis?.stop();
      redis = undefined;
    },
    async startRedis(restart = {}) {
      if (restart.empty) rmSync(path.join(dir, 'redis'), { recursive: true, force: true });
      redis = await startRedisServer({ dir: path.join(dir, 'redis'), persist, port: redisPort });
    },
    async stopS3() {
      await s3?.stop();
      s3 = undefined;
    },
    async startS3() {
      s3 = await startS3Server({ directory: path.join(dir, 's3'), bucket, port: s3Port });
    },
    async close() {
      await s3?.stop().catch(() => undefined);
      await redis?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
