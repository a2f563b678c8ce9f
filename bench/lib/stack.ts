// Starting the service for a benchmark: the way `npm start` does (the launcher), or piece by piece
// (a private redis-server, the embedded S3 server, the API and any number of workers), plus a small
// HTTP client of the API. Output of every process goes to a log file, not a pipe: the processes log
// synchronously, and a pipe that the busy benchmark drains late would slow them down.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startRedisServer, startS3Server } from '@docsvc/embedded';
import { processEnvFor } from '@docsvc/config';
import { ROOT, childProcesses, onCleanup, sleep, state, stopProcess, track } from './common.ts';

/** Environment variables of the shell that would point the service elsewhere: never inherited. */
const SERVICE_VARS = ['API_KEYS', 'API_KEYS_FILE', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'PORT', 'HOST', 'DATA_DIR', 'QUEUE_PREFIX', 'DOCSVC_PARENT_PID'];

function baseEnv(extra: Record<string, string>, app = 'launcher'): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVICE_VARS) delete env[name];
  // Benchmarks send hundreds of requests a minute with one key: the rate limit (600/min) is off.
  // The settings the launcher gives each child, also to processes started one by one.
  return processEnvFor(app, { ...env, RATE_LIMIT_MAX: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info', ...extra });
}

/** JSON log lines of a log file (non-JSON lines, such as the launcher's banner, skipped). */
export function readLogEntries(file: string): Array<Record<string, unknown>> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const out: Array<Record<string, unknown>> = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      out.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a line cut by a crash
    }
  }
  return out;
}

const tail = (file: string, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

export interface Service {
  baseUrl: string;
  key: string;
  api: ApiClient;
  logFile: string;
  /** Stops what was started, waits until it has exited, removes temporary files. */
  stop(): Promise<void>;
}

export interface LauncherService extends Service {
  launcher: ChildProcess;
  /** The launcher's children by app name (api, worker-pdf, worker-ocr, worker-translate). */
  children(): Array<{ app: string; pid: number }>;
}

/**
 * The whole service as `npm start` starts it: `node apps/launcher/dist/main.js` with a temporary
 * DATA_DIR and a free PORT; resolves once it printed its "docsvc is ready" banner.
 */
export async function startLauncher(env: Record<string, string> = {}, readyTimeoutMs = 120_000): Promise<LauncherService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsvc-bench-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'launcher.log');
  const port = await freePort();
  const fd = openSync(logFile, 'a');
  const launcher = track(
    spawn(process.execPath, [path.join(ROOT, 'apps/launcher/dist/main.js')], {
      cwd: ROOT,
      env: baseEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env }),
      stdio: ['ignore', fd, fd],
    }),
  );
  closeSync(fd);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopProcess(launcher, 60_000);
    if (!process.env.BENCH_KEEP_LOGS && !state.failed) rmSync(dir, { recursive: true, force: true });
    else console.error(`logs kept in ${logFile}`);
  };
  onCleanup(stop);

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    const text = readFileSync(logFile, 'utf8');
    if (text.includes('docsvc is ready')) break;
    if (launcher.exitCode !== null || launcher.signalCode !== null || text.includes('not ready after') || Date.now() > deadline) {
      const out = tail(logFile);
      await stop();
      throw new Error(`the launcher did not become ready:\n${out}`);
    }
    await sleep(100);
  }
  // Keys given to the launcher: the first is the client's; else the development key it made.
  const key = env.API_KEYS?.split(',')[0]?.trim() || readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    key,
    api: new ApiClient(baseUrl, key),
    logFile,
    launcher,
    stop,
    // The launcher itself (it also runs the embedded S3 server), then its children: the apps by their
    // folder on the command line, and the embedded redis-server.
    children: () => [
      { pid: launcher.pid!, app: 'launcher (+ embedded S3)' },
      ...childProcesses(launcher.pid!).map(({ pid, cmdline }) => ({
        pid,
        app: cmdline.match(/apps\/([\w-]+)\/dist\/main\.js/)?.[1] ?? (cmdline.includes('redis-server') ? 'redis-server (embedded)' : cmdline),
      })),
    ],
  };
}

export interface AppProcess {
  app: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface PieceService extends Service {
  redisUrl: string;
  /** The embedded S3 server's settings, as the apps get them (S3_*). */
  s3: Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE', string>;
  /** Starts one more process of an app (e.g. 'worker-ocr') with extra environment; resolves once it is warm. */
  startApp(app: string, env?: Record<string, string>): Promise<AppProcess>;
}

/**
 * The service without the launcher: a private redis-server (never the machine's 6379), the embedded
 * S3 server in this process, and the API; workers are added with startApp. Every process gets
 * DOCSVC_PARENT_PID so that it exits if this benchmark dies.
 */
export async function startPieces(apiEnv: Record<string, string> = {}): Promise<PieceService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsvc-bench-'));
  const logFile = path.join(dir, 'apps.log');
  const redis = await startRedisServer({ dir: path.join(dir, 'redis'), persist: false });
  const s3 = await startS3Server({ directory: path.join(dir, 's3'), bucket: 'docsvc' });
  const key = `dsk_bench_${Math.random().toString(36).slice(2)}`;
  const port = await freePort();
  const common = {
    REDIS_URL: redis.url,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    API_KEYS: key,
    DOCSVC_PARENT_PID: String(process.pid),
  };
  const apps: AppProcess[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(apps.map((a) => a.stop()));
    await s3.stop().catch(() => undefined);
    await redis.stop();
    if (!process.env.BENCH_KEEP_LOGS && !state.failed) rmSync(dir, { recursive: true, force: true });
    else console.error(`logs kept in ${logFile}`);
  };
  onCleanup(stop);

  const spawnApp = (app: string, env: Record<string, string>): AppProcess => {
    const fd = openSync(logFile, 'a');
    const child = track(
      spawn(process.execPath, [path.join(ROOT, 'apps', app, 'dist/main.js')], { cwd: ROOT, env: baseEnv({ ...common, ...env }, app), stdio: ['ignore', fd, fd] }),
    );
    closeSync(fd);
    const proc: AppProcess = {
      app,
      child,
      stop: async () => {
        await stopProcess(child);
        apps.splice(apps.indexOf(proc) >>> 0, 1);
      },
    };
    apps.push(proc);
    return proc;
  };

  const waitFor = async (what: string, done: () => Promise<boolean> | boolean, child: ChildProcess, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        const out = tail(logFile);
        await stop();
        throw new Error(`${what} did not start:\n${out}`);
      }
      await sleep(100);
    }
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawnApp('api', { PORT: String(port), HOST: '127.0.0.1', ...apiEnv });
  await waitFor('api', () => fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false), api.child);

  return {
    baseUrl,
    key,
    api: new ApiClient(baseUrl, key),
    logFile,
    redisUrl: redis.url,
    s3: {
      S3_ENDPOINT: common.S3_ENDPOINT,
      S3_BUCKET: common.S3_BUCKET,
      S3_REGION: common.S3_REGION,
      S3_ACCESS_KEY_ID: common.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: common.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: common.S3_FORCE_PATH_STYLE,
    },
    stop,
    async startApp(app, env = {}) {
      const proc = spawnApp(app, env);
      const pid = proc.child.pid;
      // runWorker logs "worker started" once its setup (the engine warm-up) is done.
      await waitFor(app, () => readLogEntries(logFile).some((e) => e.pid === pid && e.msg === 'worker started'), proc.child);
      return proc;
    },
  };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  ms: number;
}

/** The API over fetch, with the key as `Authorization: Bearer`. */
export class ApiClient {
  readonly baseUrl: string;
  readonly key: string;
  constructor(baseUrl: string, key: string) {
    this.baseUrl = baseUrl;
    this.key = key;
  }

  async call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const t0 = performance.now();
    const isBytes = body instanceof Uint8Array;
    const response = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${this.key}`,
        ...(body !== undefined && !isBytes ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isBytes ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { raw: text };
    }
    return { status: response.status, body: parsed, ms };
  }

  /** call(), failing unless the answer is 200. */
  async ok(method: string, route: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    const answer = await this.call(method, route, body, headers);
    if (answer.status !== 200) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    return answer;
  }

  upload(key: string, bytes: Uint8Array, contentType: string): Promise<Answer> {
    return this.ok('POST', `/v1/store/file?key=${encodeURIComponent(key)}&overwrite=true`, bytes, { 'content-type': contentType });
  }

  ocr(fileStoreKey: string): Promise<Answer> {
    return this.ok('POST', '/v1/vision/ocr', { file_store_key: fileStoreKey });
  }

  translate(text: string | string[], target: string, source?: string): Promise<Answer> {
    return this.ok('POST', '/v1/ai/translate', { text, target_language: target, ...(source ? { source_language: source } : {}) });
  }
}

/** Failed requests that were retried: how many, and the first message of each kind. */
export class Failures {
  count = 0;
  readonly messages = new Map<string, number>();
  record(err: unknown): void {
    this.count += 1;
    const message = (err as Error).message.replace(/"log_id":"[^"]+"/, '"log_id":"..."').slice(0, 400);
    this.messages.set(message, (this.messages.get(message) ?? 0) + 1);
  }
  toJSON() {
    return { count: this.count, messages: Object.fromEntries(this.messages) };
  }
}

/**
 * Runs `call`, and again (up to `attempts` times in all, 20 ms more between each) when it fails with
 * a 5xx answer, as a client would; every failure is recorded in `failures` (the benchmark reports
 * them, it does not hide them).
 */
export async function withRetry<R>(failures: Failures, call: () => Promise<R>, attempts = 10): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      failures.record(err);
      if (attempt >= attempts || !/: 5\d\d /.test((err as Error).message)) throw err;
      await sleep(20 * attempt);
    }
  }
}

/** The words of an OCR answer, in order. */
export function answerWords(body: Record<string, unknown>): string[] {
  const sections = (body.sections ?? []) as Array<{ lines: Array<{ words: Array<{ text: string }> }> }>;
  return sections.flatMap((s) => s.lines.flatMap((l) => l.words.map((w) => w.text)));
}
