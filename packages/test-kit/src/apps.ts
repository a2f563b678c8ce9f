import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processEnvFor } from '@docsvc/config';
import { freePort } from '@docsvc/embedded';
import { WORKER_APPS, createRedis, type WorkerKind } from '@docsvc/queue';
import { backendEnv, type Backend } from './backend.js';
import { collectLogLines, readLogEntries, type LogEntry } from './logs.js';
import { stopProcess } from './processes.js';

/** The repository root (packages/test-kit/dist/../../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type AppName = 'api' | 'worker-pdf' | 'worker-ocr' | 'worker-translate' | 'worker-jobs';

/** Variables of a shell that would point an app elsewhere than the backend it is given: never inherited. */
export const SERVICE_VARS = ['API_KEYS', 'API_KEYS_FILE', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'PORT', 'HOST', 'DATA_DIR', 'QUEUE_PREFIX', 'DOCSVC_PARENT_PID'];

/** This process's environment less SERVICE_VARS. */
export function shellEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !SERVICE_VARS.includes(name)) env[name] = value;
  return env;
}

export interface StartAppOptions {
  backend: Backend;
  env?: Record<string, string>;
  /**
   * Where its output goes: 'memory' (stdout's JSON lines kept for logs(), stderr shown), 'inherit', or
   * appended to a file (a busy benchmark drains a pipe late, and the apps log synchronously).
   */
  output?: 'memory' | 'inherit' | { file: string };
  /** Another script in place of apps/<app>/dist/main.js (a test's wrapped processor, say). */
  script?: string;
  /**
   * The environment it starts from: 'bare' (PATH only) or 'shell' (this process's, less SERVICE_VARS)
   * with the settings the launcher gives that app (memory allocator, worker-ocr's V8 flags).
   */
  baseEnv?: 'bare' | 'shell';
  readyTimeoutMs?: number;
}

/** One running app process. */
export interface AppProcess {
  app: AppName;
  pid: number;
  child: ChildProcess;
  /** Its base URL (api only). */
  baseUrl: string;
  /** The JSON lines it has logged so far ('memory' and file output). */
  logs(): LogEntry[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM (SIGKILL after `graceMs`) and wait for the exit. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<AppProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill('SIGTERM');
});

/** SIGKILLs every app this process started that is still running, and waits for them (a test's safety net). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(async (p) => {
      p.kill('SIGKILL');
      await p.exited;
    }),
  );
}

/** The id a worker beats its heartbeat with, and records on the jobs it takes (processedBy). */
export const workerId = (pid: number): string => `${hostname()}:${pid}`;

const kindOf = (app: AppName): WorkerKind | undefined => (Object.keys(WORKER_APPS) as WorkerKind[]).find((k) => WORKER_APPS[k] === app);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts apps/<app>/dist/main.js on `backend`; resolves once it serves /healthz (the API, on a free
 * port) or beats its heartbeat (a worker: after its set-up, so its engine is warm).
 */
export async function startApp(app: AppName, opts: StartAppOptions): Promise<AppProcess> {
  const port = app === 'api' ? await freePort() : 0;
  const base: NodeJS.ProcessEnv = opts.baseEnv === 'shell' ? processEnvFor(app, shellEnv()) : { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  const env = { ...base, ...backendEnv(opts.backend), ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}), ...opts.env };
  const output = opts.output ?? 'memory';
  const fd = typeof output === 'object' ? openSync(output.file, 'a') : undefined;
  const child = spawn(process.execPath, [opts.script ?? path.join(ROOT, 'apps', app, 'dist', 'main.js')], {
    cwd: ROOT,
    env,
    stdio: fd !== undefined ? ['ignore', fd, fd] : output === 'memory' ? ['ignore', 'pipe', 'inherit'] : ['ignore', 'inherit', 'inherit'],
  });
  if (fd !== undefined) closeSync(fd);
  const collected = output === 'memory' && child.stdout ? collectLogLines(child.stdout) : [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const pid = child.pid as number;
  const proc: AppProcess = {
    app,
    pid,
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    logs: () => (typeof output === 'object' ? readLogEntries(output.file).filter((e) => e.pid === pid) : collected),
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => {
      if (proc.alive()) child.kill(signal);
    },
    stop: async (graceMs = 60_000) => {
      await stopProcess(child, graceMs);
      return exited;
    },
  };
  running.add(proc);
  void exited.then(() => running.delete(proc));
  try {
    await waitUntilReady(proc, opts.backend, Date.now() + (opts.readyTimeoutMs ?? 120_000));
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  }
  return proc;
}

async function waitUntilReady(proc: AppProcess, backend: Backend, deadline: number): Promise<void> {
  const kind = kindOf(proc.app);
  const redis = kind ? createRedis(backend.redisUrl, 'client') : undefined;
  try {
    for (;;) {
      if (kind) {
        if ((await redis!.zscore(`${backend.prefix}:workers:${kind}`, workerId(proc.pid)).catch(() => null)) !== null) return;
      } else if ((await fetch(`${proc.baseUrl}/healthz`).catch(() => undefined))?.ok) return;
      if (!proc.alive()) throw new Error(`${proc.app} exited during start-up`);
      if (Date.now() > deadline) throw new Error(`${proc.app} did not start in time`);
      await sleep(100);
    }
  } finally {
    redis?.disconnect();
  }
}

/** Starts one process per entry of `apps` at once; resolves when every one is ready. */
export async function startApps(apps: AppName[], opts: StartAppOptions): Promise<AppProcess[]> {
  const started = await Promise.allSettled(apps.map((app) => startApp(app, opts)));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop(5_000) : undefined)));
    throw failed.reason;
  }
  return started.map((s) => (s as PromiseFulfilledResult<AppProcess>).value);
}
