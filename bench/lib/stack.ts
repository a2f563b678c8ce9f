// Starting the service for a benchmark, through the test kit (@docsvc/test-kit): the way `npm start`
// does (the launcher), or piece by piece (a private redis-server, the embedded S3 server, the API and
// any number of workers). Output of every process goes to a log file, not a pipe: the processes log
// synchronously, and a pipe that the busy benchmark drains late would slow them down.
import path from 'node:path';
import { ApiClient, startApp, startLauncher as startKitLauncher, startServers, type AppName, type AppProcess, type LauncherService, type S3Env } from '@docsvc/test-kit';
import { onCleanup, sleep, state } from './common.ts';

export { ApiClient, readLogEntries, type Answer } from '@docsvc/test-kit';

/** Benchmarks send hundreds of requests a minute with one key: the rate limit (600/min) is off. */
const benchEnv = () => ({ RATE_LIMIT_MAX: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info' });

/** Logs are kept for a look when the benchmark failed or BENCH_KEEP_LOGS is set. */
const keepLogs = (logFile: string) => {
  const keep = Boolean(process.env.BENCH_KEEP_LOGS) || state.failed;
  if (keep) console.error(`logs kept in ${logFile}`);
  return keep;
};

export interface Service {
  baseUrl: string;
  key: string;
  api: ApiClient;
  logFile: string;
  /** Stops what was started, waits until it has exited, removes temporary files. */
  stop(): Promise<void>;
}

export interface BenchLauncher extends Service {
  /** The launcher itself (it also runs the embedded S3 server), then its children by app name, and the embedded redis-server. */
  children: LauncherService['children'];
}

/** The whole service as `npm start` starts it, with a temporary DATA_DIR and a free PORT; once it is ready. */
export async function startLauncher(env: Record<string, string> = {}, readyTimeoutMs = 120_000): Promise<BenchLauncher> {
  const service = await startKitLauncher({ env: { ...benchEnv(), ...env }, readyTimeoutMs });
  const stop = () => service.stop({ keepFiles: keepLogs(service.logFile), graceMs: 60_000 });
  onCleanup(stop);
  return { baseUrl: service.baseUrl, key: service.key, api: service.api, logFile: service.logFile, children: service.children, stop };
}

export interface PieceService extends Service {
  redisUrl: string;
  /** The queue prefix every app was given. */
  prefix: string;
  /** The embedded S3 server's settings, as the apps get them (S3_*). */
  s3: S3Env;
  /** Starts one more process of an app (e.g. 'worker-ocr') with extra environment; resolves once it is warm. */
  startApp(app: AppName, env?: Record<string, string>): Promise<AppProcess>;
}

/**
 * The service without the launcher: a private redis-server (never the machine's 6379), the embedded
 * S3 server in this process, and the API; workers are added with startApp. Every process gets
 * DOCSVC_PARENT_PID so that it exits if this benchmark dies.
 */
export async function startPieces(apiEnv: Record<string, string> = {}): Promise<PieceService> {
  const servers = await startServers({ bucket: 'docsvc', prefix: '{docsvc}' });
  const logFile = path.join(servers.dir, 'apps.log');
  const key = `dsk_bench_${Math.random().toString(36).slice(2)}`;
  const common = { ...benchEnv(), API_KEYS: key, DOCSVC_PARENT_PID: String(process.pid) };
  const apps: AppProcess[] = [];
  const start = async (app: AppName, env: Record<string, string>) => {
    const proc = await startApp(app, { backend: servers, baseEnv: 'shell', output: { file: logFile }, env: { ...common, ...env } });
    apps.push(proc);
    const stop = proc.stop;
    proc.stop = async (graceMs = 40_000) => {
      apps.splice(apps.indexOf(proc) >>> 0, 1);
      return stop(graceMs);
    };
    return proc;
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all([...apps].map((a) => a.stop()));
    const keep = keepLogs(logFile);
    if (keep) {
      await servers.stopS3();
      await servers.stopRedis();
    } else await servers.close();
  };
  onCleanup(stop);
  let api: AppProcess;
  try {
    api = await start('api', apiEnv);
  } catch (err) {
    state.failed = true;
    await stop();
    throw err;
  }
  return {
    baseUrl: api.baseUrl,
    key,
    api: new ApiClient(api.baseUrl, key),
    logFile,
    redisUrl: servers.redisUrl,
    prefix: servers.prefix,
    s3: servers.s3,
    stop,
    startApp: (app, env = {}) => start(app, env),
  };
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
