// The test kit (@docsvc/test-kit) over the test run's own Redis and S3 server (test/global-setup.ts):
// what the end-to-end tests of the API, the web page and the CLI start beside an in-process API.
import { inject } from 'vitest';
import { WORKER_APPS, type WorkerKind } from '@docsvc/queue';
import { asEnv, newPrefix, procMemory, startApp, startApps, type AppName, type AppProcess, type Backend } from '@docsvc/test-kit';

/** The test run's Redis and S3 server, under `prefix` (a new one when not given). */
export const testBackend = (prefix = newPrefix()): Backend => ({ redisUrl: inject('redisUrl'), s3: asEnv(inject('s3')), prefix });

export interface RunningWorkers {
  pids: number[];
  stop(): Promise<void>;
}

/**
 * Real worker processes (apps/worker-<kind>/dist/main.js) on the test run's Redis and S3, under
 * `prefix`; resolves once every one of them beats its heartbeat.
 */
export async function startWorkers(kinds: WorkerKind[], prefix: string, env: Record<string, string> = {}): Promise<RunningWorkers> {
  const procs = await startApps(
    kinds.map((kind) => WORKER_APPS[kind] as AppName),
    {
      backend: testBackend(prefix),
      output: 'inherit',
      env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn', HEARTBEAT_INTERVAL_MS: '500', SHUTDOWN_GRACE_MS: '5000', ...env },
    },
  );
  return {
    pids: procs.map((p) => p.pid),
    stop: async () => {
      await Promise.all(procs.map((p) => p.stop()));
    },
  };
}

export interface ApiProcess extends AppProcess {
  /** Resident memory of the process now, in bytes. */
  rss(): number;
}

/** The built API (apps/api/dist/main.js) as its own process on the test run's Redis and S3, configured by environment only. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const proc = await startApp('api', { backend: testBackend(newPrefix('p')), env: { LOG_LEVEL: 'warn', ...env } });
  return Object.assign(proc, { rss: () => (procMemory(proc.pid)?.rssMb ?? 0) * 1024 * 1024 });
}
