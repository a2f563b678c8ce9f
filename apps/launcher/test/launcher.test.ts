import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@docsvc/embedded';
import { isRunning } from '@docsvc/test-kit';

const launcherScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

interface LogLine {
  msg?: string;
  child?: string;
  child_pid?: number;
  redis_pid?: number;
  [k: string]: unknown;
}

async function until<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('launcher (npm start)', () => {
  let launcher: ChildProcess;
  let baseUrl: string;
  let dataDir: string;
  let stdout = '';
  let logFile: string;
  /** The JSON lines of the log file under DATA_DIR, where `npm start` keeps every process's logs. */
  const logLines = (): LogLine[] => {
    let text = '';
    try {
      text = readFileSync(logFile, 'utf8');
    } catch {
      return [];
    }
    return text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'docsvc-launcher-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // No REDIS_URL, S3_ENDPOINT or API_KEYS: the launcher must provide all three itself.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, HEARTBEAT_INTERVAL_MS: '300', RESTART_BACKOFF_MS: '100', SHUTDOWN_GRACE_MS: '5000' };
    logFile = path.join(dataDir, 'logs', 'docsvc.log');
    launcher = spawn(process.execPath, [launcherScript], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    launcher.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  });

  afterAll(() => {
    // If a test failed midway, leave nothing running: children exit with their parent, Redis does not.
    if (launcher.exitCode === null) launcher.kill('SIGKILL');
    const redisPid = logLines().find((l) => l.msg === 'embedded redis started')?.redis_pid;
    if (redisPid && isRunning(redisPid)) process.kill(redisPid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const childPid = (app: string) => logLines().filter((l) => l.msg === 'child started' && l.child === app).at(-1)?.child_pid;

  it('starts everything on embedded defaults, reaches /readyz 200 and prints the base URL and a key', async () => {
    await until('/readyz 200', async () => {
      const res = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
      return res?.status === 200 ? true : undefined;
    });
    await until('the banner', () => (stdout.includes('docsvc is ready') ? true : undefined));
    const key = readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim();
    expect(key).toMatch(/^dsk_[A-Za-z0-9_-]{32}$/);
    expect(stdout).toContain(`base URL: ${baseUrl}`);
    expect(stdout).toContain(key);
    // The banner says where the web page is, where the logs went, and how to let the service read URLs on this machine.
    expect(stdout).toContain(`web page: ${baseUrl}/`);
    expect(stdout).toContain(`logs:     ${logFile}`);
    expect(stdout).toMatch(/ALLOW_PRIVATE_URLS=true/);
  });

  it('keeps the terminal for the banner: every process logs to the file under DATA_DIR, none to stdout', async () => {
    await fetch(`${baseUrl}/v1/vision/ocr/languages`, { headers: { authorization: `Bearer ${readFileSync(path.join(dataDir, 'api-key'), 'utf8').trim()}` } });
    const apps = await until('a log line of every process, and the request', () => {
      const lines = logLines();
      const seen = new Set(lines.map((l) => l.app));
      const request = lines.some((l) => l.app === 'api' && typeof l.log_id === 'string');
      return ['launcher', 'api', 'worker-pdf', 'worker-ocr', 'worker-translate', 'worker-jobs'].every((a) => seen.has(a)) && request ? seen : undefined;
    });
    expect(apps.size).toBeGreaterThanOrEqual(6);
    expect(stdout.split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
  });

  it('runs each app as its own process, named on its command line, with the malloc settings', () => {
    for (const app of ['api', 'worker-pdf', 'worker-ocr', 'worker-translate']) {
      const pid = childPid(app);
      expect(pid, app).toBeDefined();
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      expect(cmdline).toContain(`apps/${app}/dist/main.js`);
      // glibc's malloc settings that keep the workers' memory down reach every child.
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      // The lean workers' own settings (a smaller mmap threshold, a small young generation) on top:
      // worker-ocr and worker-pdf, which coordinate tesseract's and poppler's processes.
      const expected = app === 'worker-ocr' || app === 'worker-pdf'
        ? ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=32768', 'NODE_OPTIONS=--max-semi-space-size=1']
        : ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072'];
      expect(environ, app).toEqual(expect.arrayContaining(expected));
    }
  });

  it('restarts a worker that dies, and is ready again', async () => {
    const first = childPid('worker-ocr') as number;
    process.kill(first, 'SIGKILL');
    await until('a restart log line', () => logLines().find((l) => l.msg === 'child exited; restarting' && l.child === 'worker-ocr'));
    const second = await until('a new worker-ocr', () => {
      const pid = childPid('worker-ocr');
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(isRunning(second)).toBe(true);
    await until('/readyz 200 again', async () => ((await fetch(`${baseUrl}/readyz`)).status === 200 ? true : undefined));
  });

  it('stops every process it started on SIGTERM', async () => {
    const pids = ['api', 'worker-pdf', 'worker-ocr', 'worker-translate'].map((app) => childPid(app) as number);
    const redisPid = logLines().find((l) => l.msg === 'embedded redis started')?.redis_pid as number;
    expect(redisPid).toBeGreaterThan(0);
    pids.push(redisPid);
    expect(pids.every(isRunning)).toBe(true);
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.filter(isRunning)).toEqual([]);
  });
});
