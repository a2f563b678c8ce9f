// Real processes for the fault tests: the built API and workers, each its own process, on either the
// test run's Redis and S3 or on private ones that a test can stop and start again on the same port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { inject } from 'vitest';
import { freePort, startRedisServer, startS3Server, type EmbeddedRedis, type EmbeddedS3 } from '@docsvc/embedded';
import { QUEUES, WORKER_APPS, createRedis, type WorkerKind } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { ALICE } from '../harness.js';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the processes find Redis and S3, and the prefix that keeps this test's keys apart. */
export interface Backend {
  redisUrl: string;
  s3: Record<string, string>;
  prefix: string;
}

/**
 * The test run's Redis and S3 server, with a prefix and a bucket of this test file's own: other tests
 * that run meanwhile (and look at the shared bucket's work/ objects) never see this file's requests.
 */
export async function sharedBackend(): Promise<Backend> {
  const id = randomUUID().slice(0, 8);
  const s3 = { ...Object.fromEntries(Object.entries(inject('s3')).map(([k, v]) => [k, String(v)])), S3_BUCKET: `faults-${id}` };
  const client = createS3Client({ ...inject('s3'), S3_BUCKET: s3.S3_BUCKET });
  await new ObjectStore(client, s3.S3_BUCKET).ensureBucket();
  client.destroy();
  return { redisUrl: inject('redisUrl'), s3, prefix: `{f${id}}` };
}

/** A private redis-server (with its append-only file, as under `npm start`) and S3 server, each restartable on its port. */
export interface PrivateServers extends Backend {
  stopRedis(): Promise<void>;
  /** `empty`: without the data it had (its append-only file removed), as a Redis that lost it. */
  startRedis(opts?: { empty?: boolean }): Promise<void>;
  stopS3(): Promise<void>;
  startS3(): Promise<void>;
  close(): Promise<void>;
}

export async function privateServers(): Promise<PrivateServers> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsvc-faults-'));
  const bucket = 'faults';
  let redis: EmbeddedRedis | undefined = await startRedisServer({ dir: path.join(dir, 'redis'), persist: true });
  const redisPort = redis.port;
  let s3: EmbeddedS3 | undefined = await startS3Server({ directory: path.join(dir, 's3'), bucket });
  const s3Port = s3.port;
  const servers: PrivateServers = {
    redisUrl: redis.url,
    prefix: `{f${randomUUID().slice(0, 8)}}`,
    s3: {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stopRedis() {
      await redis?.stop();
      redis = undefined;
    },
    async startRedis(opts = {}) {
      if (opts.empty) rmSync(path.join(dir, 'redis'), { recursive: true, force: true });
      redis = await startRedisServer({ dir: path.join(dir, 'redis'), persist: true, port: redisPort });
    },
    async stopS3() {
      await s3?.stop();
      s3 = undefined;
    },
    async startS3() {
      s3 = await startS3Server({ directory: path.join(dir, 's3'), bucket, port: s3Port });
    },
    async close() {
      await s3?.stop();
      await redis?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return servers;
}

export type AppName = 'api' | 'worker-pdf' | 'worker-ocr' | 'worker-translate' | 'worker-jobs';

/** One running app process, with the JSON lines it has logged. */
export interface AppProcess {
  app: AppName;
  pid: number;
  child: ChildProcess;
  /** Base URL (api only). */
  baseUrl: string;
  logs: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<AppProcess>();

/** SIGKILLs whatever a test left running (afterAll safety net). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(async (p) => {
      if (p.alive()) p.kill('SIGKILL');
      await p.exited;
    }),
  );
}

/** Starts apps/<app>/dist/main.js on `backend`; resolves once it serves (api) or beats its heartbeat (workers). */
export async function startApp(app: AppName, backend: Backend, env: Record<string, string> = {}, opts: { script?: string } = {}): Promise<AppProcess> {
  const port = app === 'api' ? await freePort() : 0;
  const script = opts.script ?? path.join(appsDir, app, 'dist', 'main.js');
  const child = spawn(process.execPath, [script], {
    env: {
      PATH: process.env.PATH,
      REDIS_URL: backend.redisUrl,
      QUEUE_PREFIX: backend.prefix,
      ...backend.s3,
      API_KEYS: ALICE,
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'info',
      HEARTBEAT_INTERVAL_MS: '500',
      SHUTDOWN_GRACE_MS: '20000',
      ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: Array<Record<string, unknown>> = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not JSON
      }
    }
    if (logs.length > 20_000) logs.splice(0, logs.length - 20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const proc: AppProcess = {
    app,
    pid: child.pid as number,
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    logs,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => {
      if (proc.alive()) child.kill(signal);
    },
    stop: async () => {
      proc.kill('SIGTERM');
      return exited;
    },
  };
  running.add(proc);
  void exited.then(() => running.delete(proc));
  const deadline = Date.now() + 90_000;
  if (app === 'api') {
    while (!(await fetch(`${proc.baseUrl}/healthz`).catch(() => undefined))?.ok) {
      if (!proc.alive() || Date.now() > deadline) throw new Error('the API process did not start');
      await sleep(100);
    }
  } else {
    const kind = (Object.keys(WORKER_APPS) as WorkerKind[]).find((k) => WORKER_APPS[k] === app) as WorkerKind;
    await waitForWorker(backend, kind, proc.pid, deadline, proc);
  }
  return proc;
}

/** The id a worker beats its heartbeat with, and records on the jobs it takes (processedBy). */
export const workerId = (pid: number) => `${hostname()}:${pid}`;

async function waitForWorker(backend: Backend, kind: WorkerKind, pid: number, deadline: number, proc: AppProcess): Promise<void> {
  const redis = createRedis(backend.redisUrl, 'client');
  try {
    for (;;) {
      if ((await redis.zscore(`${backend.prefix}:workers:${kind}`, workerId(pid)).catch(() => null)) !== null) return;
      if (!proc.alive()) throw new Error(`${WORKER_APPS[kind]} exited during start-up`);
      if (Date.now() > deadline) throw new Error(`${WORKER_APPS[kind]} did not start within 90 s`);
      await sleep(100);
    }
  } finally {
    redis.disconnect();
  }
}

/** A BullMQ view of one queue of the backend, for looking at jobs (active ones and who holds them). */
export function queueOf(backend: Backend, kind: WorkerKind): Queue {
  return new Queue(QUEUES[kind], { connection: createRedis(backend.redisUrl, 'worker'), prefix: backend.prefix });
}

/** Waits until `check` is true, polling every `everyMs`; fails after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(everyMs);
  }
}

export const jsonHeaders = { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json' };

export async function post(baseUrl: string, route: string, body: unknown): Promise<{ status: number; body: any; headers: Headers; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json(), headers: res.headers, ms: Date.now() - started };
}

export async function storeFile(baseUrl: string, key: string, bytes: Buffer): Promise<void> {
  const res = await fetch(`${baseUrl}/v1/store/file?key=${encodeURIComponent(key)}&overwrite=true`, { method: 'POST', headers: { authorization: `Bearer ${ALICE}` }, body: bytes });
  if (res.status !== 200) throw new Error(`store ${key}: ${res.status} ${await res.text()}`);
}

/** Log lines of `proc` about one request. */
export const linesOf = (proc: AppProcess, logId: string) => proc.logs.filter((l) => l.log_id === logId);

/** A local HTTP server for documents given by `url` (the API's workers are allowed loopback in tests). */
export interface FileServer {
  url: string;
  close(): void;
}

export async function serveFiles(handler: RequestListener): Promise<FileServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
