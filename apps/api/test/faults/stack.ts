// Real processes for the fault tests, through the test kit (@docsvc/test-kit): the built API and
// workers, each its own process, on the test run's Redis and S3 or on private servers that a test can
// stop and start again on the same port.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { QUEUES, createRedis, type WorkerKind } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { ApiClient, newPrefix, startApp as startKitApp, startServers, type AppName, type AppProcess, type Answer, type Backend, type PrivateServers } from '@docsvc/test-kit';
import { testBackend } from '../../../../test/stack.ts';
import { ALICE } from '../harness.js';

export { killAll, workerId, type AppName, type AppProcess, type Backend, type PrivateServers } from '@docsvc/test-kit';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The test run's Redis and S3 server, with a prefix and a bucket of this test file's own: other tests
 * that run meanwhile (and look at the shared bucket's work/ objects) never see this file's requests.
 */
export async function sharedBackend(): Promise<Backend> {
  const backend = testBackend(newPrefix('f'));
  const bucket = `faults-${backend.prefix.slice(2, 10)}`;
  const client = createS3Client({ ...backend.s3, S3_FORCE_PATH_STYLE: true, S3_BUCKET: bucket });
  await new ObjectStore(client, bucket).ensureBucket();
  client.destroy();
  return { ...backend, s3: { ...backend.s3, S3_BUCKET: bucket } };
}

/** A private redis-server (with its append-only file, as under `npm start`) and S3 server, each restartable on its port. */
export const privateServers = (): Promise<PrivateServers> => startServers({ persist: true, bucket: 'faults', prefix: newPrefix('f') });

/** Starts an app on `backend` with the fault tests' settings (key ALICE, info logs kept in memory, fast heartbeats). */
export const startApp = (app: AppName, backend: Backend, env: Record<string, string> = {}, opts: { script?: string } = {}): Promise<AppProcess> =>
  startKitApp(app, {
    backend,
    script: opts.script,
    readyTimeoutMs: 90_000,
    env: { API_KEYS: ALICE, RATE_LIMIT_MAX: '0', LOG_LEVEL: 'info', HEARTBEAT_INTERVAL_MS: '500', SHUTDOWN_GRACE_MS: '20000', ...env },
  });

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

// The body as `any`: the tests read whatever field of an answer they check.
export const post = (baseUrl: string, route: string, body: unknown): Promise<Answer & { body: any }> => new ApiClient(baseUrl, ALICE).post(route, body);

export async function storeFile(baseUrl: string, key: string, bytes: Buffer): Promise<void> {
  await new ApiClient(baseUrl, ALICE).upload(key, bytes);
}

/** Log lines of `proc` about one request. */
export const linesOf = (proc: AppProcess, logId: string) => proc.logs().filter((l) => l.log_id === logId);

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
