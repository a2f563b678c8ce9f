import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { processEnvFor } from '@docsvc/config';
import { freePort } from '@docsvc/embedded';
import { ApiClient } from './api-client.js';
import { ROOT, shellEnv } from './apps.js';
import { readLogEntries, tailOf, type LogEntry } from './logs.js';
import { childProcesses, stopProcess } from './processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LauncherService {
  baseUrl: string;
  /** The key a client uses: the first of API_KEYS when given, else the development key the launcher made. */
  key: string;
  api: ApiClient;
  /** The temporary folder: data/ (DATA_DIR) and launcher.log. */
  dir: string;
  dataDir: string;
  logFile: string;
  launcher: ChildProcess;
  /** The JSON lines every process has logged so far (they all write to logFile). */
  logs(): LogEntry[];
  /** The launcher itself (it also runs the embedded S3 server), then its children by app name, and the embedded redis-server. */
  children(): Array<{ app: string; pid: number }>;
  /** SIGTERM (the launcher stops its children gracefully), SIGKILL after `graceMs`; removes the folder unless `keepFiles`. */
  stop(opts?: { keepFiles?: boolean; graceMs?: number }): Promise<void>;
}

/**
 * The whole service as `npm start` starts it: `node apps/launcher/dist/main.js` with a temporary
 * DATA_DIR, a free PORT and this shell's environment less the variables that would point it
 * elsewhere, under the allocator settings of the Dockerfile; resolves once it printed its "docsvc is ready" banner.
 */
export async function startLauncher(opts: { env?: Record<string, string>; readyTimeoutMs?: number } = {}): Promise<LauncherService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsvc-launcher-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'launcher.log');
  const port = await freePort();
  const fd = openSync(logFile, 'a');
  const launcher = spawn(process.execPath, [path.join(ROOT, 'apps/launcher/dist/main.js')], {
    cwd: ROOT,
    // The memory allocator settings the launcher gives its children, for itself too (as in the images).
    env: processEnvFor('launcher', { ...shellEnv(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...opts.env }),
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exitOnParentExit = () => launcher.kill('SIGTERM');
  process.once('exit', exitOnParentExit);
  let stopped: Promise<void> | undefined;
  const stop = (how: { keepFiles?: boolean; graceMs?: number } = {}) =>
    (stopped ??= (async () => {
      await stopProcess(launcher, how.graceMs ?? 90_000);
      process.removeListener('exit', exitOnParentExit);
      if (!how.keepFiles) rmSync(dir, { recursive: true, force: true });
    })());

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 180_000);
  for (;;) {
    const text = readFileSync(logFile, 'utf8');
    if (text.includes('docsvc is ready')) break;
    if (launcher.exitCode !== null || launcher.signalCode !== null || text.includes('not ready after') || Date.now() > deadline) {
      const out = tailOf(logFile);
      await stop({ keepFiles: true });
      throw new Error(`the launcher did not become ready (logs in ${logFile}):\n${out}`);
    }
    await sleep(100);
  }
  const key = opts.env?.API_KEYS?.split(',')[0]?.trim() || readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    key,
    api: new ApiClient(baseUrl, key),
    dir,
    dataDir,
    logFile,
    launcher,
    logs: () => readLogEntries(logFile),
    children: () => [
      { pid: launcher.pid!, app: 'launcher (+ embedded S3)' },
      ...childProcesses(launcher.pid!).map(({ pid, cmdline }) => ({
        pid,
        app: cmdline.match(/apps\/([\w-]+)\/dist\/main\.js/)?.[1] ?? (cmdline.includes('redis-server') ? 'redis-server (embedded)' : cmdline),
      })),
    ],
    stop,
  };
}
