import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrExit, processEnvFor } from '@docsvc/config';
import { RedisServerMissingError, startRedisServer, startS3Server, type EmbeddedRedis, type EmbeddedS3 } from '@docsvc/embedded';
import { onShutdown } from '@docsvc/lifecycle';
import { createLogger } from '@docsvc/logger';
import { WORKER_APPS, WORKER_KINDS } from '@docsvc/queue';
import { launcherEnvShape } from './config.js';
import { ensureDevApiKey } from './dev-key.js';
import { stopStaleRedis, writePidFile } from './stale-redis.js';
import { LogSink } from './log-sink.js';
import { Supervisor } from './supervisor.js';
import { waitForReady } from './wait-ready.js';

const config = loadOrExit('launcher', launcherEnvShape);
const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = path.resolve(config.DATA_DIR);
mkdirSync(dataDir, { recursive: true });
// Logs to a file (the terminal keeps the banner and the errors), unless LOG_FILE=- asks for stdout.
const logs = config.LOG_FILE === '-' ? undefined : new LogSink(path.resolve(config.LOG_FILE ?? path.join(dataDir, 'logs', 'docsvc.log')));
const log = createLogger('launcher', config.LOG_LEVEL, logs?.destination('launcher'));

// What every child gets; each is started with processEnvFor (the malloc settings that keep the
// workers' resident memory down, and worker-ocr's own: see process-env.ts).
const childEnv: NodeJS.ProcessEnv = { ...process.env, DOCSVC_PARENT_PID: String(process.pid) };
let redis: EmbeddedRedis | undefined;
let s3: EmbeddedS3 | undefined;
const redisPidFile = path.join(dataDir, 'redis.pid');

async function stopEmbedded(): Promise<void> {
  await s3?.stop().catch((err: unknown) => log.error({ err }, 'embedded S3 did not stop cleanly'));
  await redis?.stop();
  rmSync(redisPidFile, { force: true });
}

try {
  if (!config.REDIS_URL) {
    const stale = await stopStaleRedis(redisPidFile);
    if (stale) log.warn({ pid: stale }, 'stopped an embedded redis-server left by an earlier launcher');
    redis = await startRedisServer({ dir: path.join(dataDir, 'redis'), persist: true });
    writePidFile(redisPidFile, redis.pid);
    childEnv.REDIS_URL = redis.url;
    log.info({ url: redis.url, redis_pid: redis.pid }, 'embedded redis started');
  }
  if (!config.S3_ENDPOINT) {
    s3 = await startS3Server({ directory: path.join(dataDir, 's3'), bucket: config.S3_BUCKET });
    Object.assign(childEnv, {
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    log.info({ endpoint: s3.endpoint, bucket: s3.bucket }, 'embedded S3 started');
  }
} catch (err) {
  await stopEmbedded();
  if (err instanceof RedisServerMissingError) {
    process.stderr.write(`launcher: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

let keyNote: string;
if (config.API_KEYS || config.API_KEYS_FILE) {
  keyNote = `API keys: from ${config.API_KEYS ? 'API_KEYS' : 'API_KEYS_FILE'} (not printed)`;
} else {
  const dev = ensureDevApiKey(dataDir);
  childEnv.API_KEYS = dev.key;
  keyNote = `API key:  ${dev.key}  (development key, kept in ${dev.file})`;
}

const supervisor = new Supervisor({
  log,
  backoffMs: config.RESTART_BACKOFF_MS,
  backoffMaxMs: config.RESTART_BACKOFF_MAX_MS,
  stopGraceMs: config.SHUTDOWN_GRACE_MS + 2_000,
  logs,
  onFatal: (app) => {
    process.stderr.write(`launcher: ${app} stopped because of its configuration (see above); stopping everything\n`);
    void supervisor.stopAll().then(stopEmbedded).finally(() => process.exit(1));
  },
});
for (const app of ['api', ...WORKER_KINDS.map((k) => WORKER_APPS[k])]) {
  supervisor.start({ app, script: path.join(appsDir, app, 'dist', 'main.js'), env: processEnvFor(app, childEnv) });
}

onShutdown(
  async () => {
    await supervisor.stopAll();
    await stopEmbedded();
    await logs?.close();
  },
  { log, graceMs: config.SHUTDOWN_GRACE_MS + 10_000 },
);

const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
const baseUrl = `http://${host}:${config.PORT}`;
const { ready, body } = await waitForReady(baseUrl, 60_000);
const banner = [
  `  web page: ${baseUrl}/  (paste the key, drop a scan or a PDF)`,
  `  base URL: ${baseUrl}  (the API's description: ${baseUrl}/openapi.json; a first request: README.md)`,
  `  ${keyNote}`,
  `  logs:     ${logs ? `${logs.file}  (errors are shown here too; LOG_FILE=- prints every line here)` : 'here (LOG_FILE=-)'}`,
  config.ALLOW_PRIVATE_URLS
    ? '  URLs:     any, this machine and private networks included (ALLOW_PRIVATE_URLS=true)'
    : '  URLs:     public internet only; to read files served from this machine or your network (http://127.0.0.1/...), start with ALLOW_PRIVATE_URLS=true (local testing only)',
  '  stop:     Ctrl-C',
].join('\n');
if (ready) {
  process.stdout.write(`\ndocsvc is ready\n${banner}\n\n`);
  log.info({ base_url: baseUrl }, 'service ready');
} else {
  process.stdout.write(`\ndocsvc started but is not ready after 60 s\n${banner}\n  readiness: ${JSON.stringify(body)}\n\n`);
  log.warn({ base_url: baseUrl, readiness: body }, 'service not ready after 60 s');
}
