// `npm run soak`: the whole service as `npm start` starts it (the launcher, a temporary DATA_DIR, a
// free PORT), driven for SOAK_SECONDS (default 600) with mixed OCR and translation traffic by
// closed-loop clients (each sends its next request when the previous one is answered: the machine
// runs at the highest rate it sustains, without a queue that grows for ever). Every answer is
// checked against the answer to the same request before the run. Reports requests served, errors,
// p50/p99 latency per kind, every process's resident memory over time (from /proc), what is left in
// the queues and the bucket at the end (lost jobs, leftovers), restarts and error log lines.
// Not part of `npm test`.
//
// Settings (environment): SOAK_SECONDS (600), SOAK_OCR_CLIENTS (3), SOAK_TRANSLATE_CLIENTS (4),
// SOAK_SAMPLE_MS (5000), SOAK_KEEP=1 keeps the data folder and logs.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QUEUES, WORKER_KINDS, createRedis, openQueue } from '@docsvc/queue';
import { ObjectStore, createS3Client } from '@docsvc/storage';
import { ApiClient, procMemory, processTree, startLauncher, type ProcessEntry } from '@docsvc/test-kit';
import { scannedPdf, textPdf } from '../test/fixtures/pdf.ts';
import { proseLines, renderLines, toPng, wordAccuracy } from '../test/fixtures/render-text.ts';

const int = (name: string, fallback: number) => {
  const v = Number(process.env[name] || fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`);
  return v;
};
const SECONDS = int('SOAK_SECONDS', 600);
const OCR_CLIENTS = int('SOAK_OCR_CLIENTS', 3);
const TRANSLATE_CLIENTS = int('SOAK_TRANSLATE_CLIENTS', 4);
const SAMPLE_MS = int('SOAK_SAMPLE_MS', 5_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (msg: string) => process.stdout.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

// ---- the service, as `npm start` starts it ----------------------------------------------------

// One key sends thousands of requests a minute: the per-key rate limit (600/min) is off for the soak.
const started = Date.now();
const service = await startLauncher({ env: { RATE_LIMIT_MAX: '0', LOG_LEVEL: process.env.SOAK_LOG_LEVEL || 'info' }, readyTimeoutMs: 180_000 });
const { launcher, dir, baseUrl, key } = service;
const logEntries = () => service.logs();
const stopService = () => service.stop({ keepFiles: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the service`);
    void stopService().then(() => process.exit(130));
  });
}
const entries = logEntries();
const redisUrl = String(entries.find((e) => e.msg === 'embedded redis started')?.url);
const s3Endpoint = String(entries.find((e) => e.msg === 'embedded S3 started')?.endpoint);
log(`service ready at ${baseUrl} in ${Date.now() - started} ms (data and logs in ${dir})`);

// ---- processes and their memory ---------------------------------------------------------------

/** The group a process counts in: each app by name, redis-server, and the translation engine's Apertium processes together. */
function groupOf(p: ProcessEntry): string {
  const app = /apps\/([\w-]+)\/dist\/main\.js/.exec(p.cmdline)?.[1];
  if (app) return app === 'launcher' ? 'launcher (+ embedded S3)' : app;
  if (p.cmdline.includes('redis-server')) return 'redis-server';
  return 'apertium and other engine processes';
}

const rssMb = (pid: number): number => procMemory(pid)?.rssMb ?? 0;

interface Sample {
  t: number;
  rss: Record<string, number>;
  procs: Record<string, number>;
}
const samples: Sample[] = [];
function sample(): void {
  const rss: Record<string, number> = {};
  const procs: Record<string, number> = {};
  for (const p of processTree(launcher.pid as number)) {
    const group = groupOf(p);
    rss[group] = (rss[group] ?? 0) + rssMb(p.pid);
    procs[group] = (procs[group] ?? 0) + 1;
  }
  samples.push({ t: (Date.now() - runStart) / 1000, rss, procs });
}

// ---- traffic ----------------------------------------------------------------------------------

const api = new ApiClient(baseUrl, key);
// The body as `any`: the checks read whatever field of an answer they compare.
async function post(route: string, body: unknown): Promise<{ status: number; body: any }> {
  return api.post(route, body);
}
async function store(name: string, bytes: Buffer): Promise<string> {
  await api.upload(`soak/${name}`, bytes);
  return `soak/${name}`;
}

interface Kind {
  name: string;
  route: string;
  body: unknown;
  /** The answer's content, compared with the one given before the run. */
  content(body: any): string;
  pages?: number;
}
const ocrText = (body: any) => JSON.stringify(body.sections.map((s: { page: number; text: string }) => [s.page, s.text]));
const imageLines = proseLines(6, 60, 101);
const { image } = await renderLines(imageLines, { width: 1700, height: 100 + 6 * 60 + 60, fontSize: 40, lineHeight: 60 });
const scanPages = await Promise.all([proseLines(4, 60, 102), proseLines(4, 60, 103)].map(async (lines) => (await renderLines(lines, { width: 1400, height: 460, fontSize: 40, lineHeight: 60 })).image));
const ocrKinds: Kind[] = [
  { name: 'ocr: PNG image', route: '/v1/vision/ocr', body: { file_store_key: await store('image.png', await toPng(image)) }, content: ocrText, pages: 1 },
  { name: 'ocr: scanned PDF, 2 pages', route: '/v1/vision/ocr', body: { file_store_key: await store('scan.pdf', scannedPdf(scanPages)) }, content: ocrText, pages: 2 },
  {
    name: 'ocr: born-digital PDF, 3 pages',
    route: '/v1/vision/ocr',
    body: { file_store_key: await store('text.pdf', textPdf([0, 1, 2].map((i) => ({ lines: proseLines(30, 80, 110 + i) })))) },
    content: ocrText,
    pages: 3,
  },
];
const sentences = ['The cat is black.', 'I have two houses and a big garden.', 'Good morning, how are you?', 'The water of the river is cold in winter.', 'We bought three books yesterday.'];
const translateKinds: Kind[] = [
  ...sentences.map((text, i) => ({ name: 'translate: one sentence', route: '/v1/ai/translate', body: { text, source_language: 'en', target_language: i % 2 ? 'es' : 'ca' }, content: (b: any) => JSON.stringify(b.translated_text) })),
  { name: 'translate: 20 strings, detected', route: '/v1/ai/translate', body: { text: Array.from({ length: 20 }, (_, i) => `El perro come ${i} manzanas en la casa.`), target_language: 'en' }, content: (b: any) => JSON.stringify(b.translated_text) },
  { name: 'translate: 120 strings, 3 chunks', route: '/v1/ai/translate', body: { text: Array.from({ length: 120 }, (_, i) => `I have ${i} red cars and ${i + 1} blue bicycles.`), source_language: 'en', target_language: 'es' }, content: (b: any) => JSON.stringify(b.translated_text) },
];

// The reference answers, and a sanity check of the OCR one against the drawn text.
const expected = new Map<Kind, string>();
for (const kind of [...ocrKinds, ...translateKinds]) {
  const r = await post(kind.route, kind.body);
  if (r.status !== 200) throw new Error(`${kind.name}: reference request answered ${r.status} ${JSON.stringify(r.body)}`);
  expected.set(kind, kind.content(r.body));
}
const firstOcr = JSON.parse(expected.get(ocrKinds[0]!)!) as Array<[number, string]>;
const accuracy = wordAccuracy(imageLines.join(' ').split(' '), firstOcr.map(([, t]) => t).join(' ').split(/\s+/));
log(`reference answers taken (OCR word accuracy of the image: ${(accuracy * 100).toFixed(1)}%)`);

interface Result {
  kind: string;
  at: number;
  ms: number;
  status: number;
  ok: boolean;
  error?: string;
  pages: number;
}
const results: Result[] = [];
let running = true;
const runStart = Date.now();
const deadline = runStart + SECONDS * 1000;

async function client(kinds: Kind[], offset: number): Promise<void> {
  for (let i = offset; running && Date.now() < deadline; i++) {
    const kind = kinds[i % kinds.length]!;
    const t0 = Date.now();
    try {
      const r = await post(kind.route, kind.body);
      const ok = r.status === 200 && kind.content(r.body) === expected.get(kind);
      results.push({ kind: kind.name, at: (t0 - runStart) / 1000, ms: Date.now() - t0, status: r.status, ok, pages: kind.pages ?? 0, ...(ok ? {} : { error: JSON.stringify(r.body).slice(0, 300) }) });
    } catch (err) {
      results.push({ kind: kind.name, at: (t0 - runStart) / 1000, ms: Date.now() - t0, status: 0, ok: false, error: String(err), pages: 0 });
    }
  }
}

log(`driving ${OCR_CLIENTS} OCR and ${TRANSLATE_CLIENTS} translation clients for ${SECONDS} s`);
sample();
const sampler = setInterval(sample, SAMPLE_MS);
const progress = setInterval(() => {
  const done = results.length;
  const errors = results.filter((r) => !r.ok).length;
  log(`${Math.round((Date.now() - runStart) / 1000)} s: ${done} requests, ${errors} errors`);
}, 60_000);
await Promise.all([...Array.from({ length: OCR_CLIENTS }, (_, i) => client(ocrKinds, i)), ...Array.from({ length: TRANSLATE_CLIENTS }, (_, i) => client(translateKinds, i))]);
running = false;
const elapsed = (Date.now() - runStart) / 1000;
clearInterval(progress);
clearInterval(sampler);
sample();

// ---- what is left behind ----------------------------------------------------------------------

await sleep(2_000); // cleanup of the last requests' intermediate objects
const redis = createRedis(redisUrl, 'client');
const leftInQueues: Record<string, Record<string, number>> = {};
for (const kind of WORKER_KINDS) {
  const handles = openQueue(QUEUES[kind], redis, '{docsvc}');
  leftInQueues[kind] = await handles.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed');
  await handles.close();
}
// What Redis holds at the end, to tell growth by design (request-log entries kept
// REQUEST_LOG_TTL_SECONDS, event streams capped by BullMQ at about 10,000 events per queue) from a leak.
let requestLogEntries = 0;
let cursor = '0';
do {
  const [next, keys] = await redis.scan(cursor, 'MATCH', '{docsvc}:reqlog:*', 'COUNT', 1000);
  cursor = next;
  requestLogEntries += keys.length;
} while (cursor !== '0');
const eventStreams: Record<string, { events: number; mb: number }> = {};
for (const kind of WORKER_KINDS) {
  const streamKey = `{docsvc}:${QUEUES[kind]}:events`;
  const bytes = Number((await redis.call('MEMORY', 'USAGE', streamKey, 'SAMPLES', '0')) ?? 0);
  eventStreams[kind] = { events: await redis.xlen(streamKey), mb: +(bytes / 1024 / 1024).toFixed(1) };
}
const redisUsedMb = +(Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0) / 1024 / 1024).toFixed(1);
redis.disconnect();
const s3 = createS3Client({ S3_ENDPOINT: s3Endpoint, S3_BUCKET: 'docsvc', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: true });
const leftInBucket = await new ObjectStore(s3, 'docsvc').list('work/');
s3.destroy();
const finalEntries = logEntries();
const restarts = finalEntries.filter((e) => e.msg === 'child exited; restarting').length;
const errorLines: Record<string, number> = {};
for (const e of finalEntries) if (e.level === 'error' || e.level === 'fatal') errorLines[String(e.app)] = (errorLines[String(e.app)] ?? 0) + 1;
const pidsBefore = processTree(launcher.pid as number).map((p) => p.pid);

await stopService();
await sleep(500);
const leftRunning = pidsBefore.filter((pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
});

// ---- report -----------------------------------------------------------------------------------

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const kindNames = [...new Set([...ocrKinds, ...translateKinds].map((k) => k.name))];
const perKind = kindNames.map((name) => {
  const rs = results.filter((r) => r.kind === name);
  const ms = rs.filter((r) => r.ok).map((r) => r.ms);
  return { kind: name, served: rs.filter((r) => r.ok).length, errors: rs.filter((r) => !r.ok).length, per_s: +(rs.length / elapsed).toFixed(2), p50_ms: pct(ms, 50), p99_ms: pct(ms, 99), max_ms: ms.length ? Math.max(...ms) : 0 };
});
const groups = [...new Set(samples.flatMap((s) => Object.keys(s.rss)))].sort();
/** Least-squares slope of a group's RSS over the second half of the run, MB per minute. */
const slope = (group: string) => {
  const pts = samples.filter((s) => s.t >= elapsed / 2).map((s) => [s.t / 60, s.rss[group] ?? 0] as const);
  if (pts.length < 3) return 0;
  const mx = pts.reduce((a, [x]) => a + x, 0) / pts.length;
  const my = pts.reduce((a, [, y]) => a + y, 0) / pts.length;
  const num = pts.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = pts.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};
const memory = groups.map((group) => {
  const values = samples.map((s) => s.rss[group] ?? 0);
  return {
    process: group,
    processes: Math.max(...samples.map((s) => s.procs[group] ?? 0)),
    start_mb: Math.round(values[0] ?? 0),
    end_mb: Math.round(values.at(-1) ?? 0),
    max_mb: Math.round(Math.max(...values)),
    second_half_mb_per_min: +slope(group).toFixed(2),
  };
});
const served = results.filter((r) => r.ok);
const report = {
  seconds: +elapsed.toFixed(1),
  clients: { ocr: OCR_CLIENTS, translate: TRANSLATE_CLIENTS },
  requests: results.length,
  served: served.length,
  errors: results.length - served.length,
  requests_per_s: +(results.length / elapsed).toFixed(2),
  ocr_pages_per_s: +(served.reduce((n, r) => n + r.pages, 0) / elapsed).toFixed(2),
  latency_ms: { all: { p50: pct(served.map((r) => r.ms), 50), p99: pct(served.map((r) => r.ms), 99) }, ocr: { p50: pct(served.filter((r) => r.pages).map((r) => r.ms), 50), p99: pct(served.filter((r) => r.pages).map((r) => r.ms), 99) }, translate: { p50: pct(served.filter((r) => !r.pages).map((r) => r.ms), 50), p99: pct(served.filter((r) => !r.pages).map((r) => r.ms), 99) } },
  per_kind: perKind,
  first_errors: results.filter((r) => !r.ok).slice(0, 10),
  left_in_queues: leftInQueues,
  left_in_bucket: leftInBucket.length,
  redis_at_end: { used_memory_mb: redisUsedMb, request_log_entries: requestLogEntries, event_streams: eventStreams },
  child_restarts: restarts,
  error_log_lines: errorLines,
  memory,
  rss_over_time: samples.filter((_, i) => i % Math.max(1, Math.floor(samples.length / 12)) === 0 || i === samples.length - 1),
  processes_left_running: leftRunning,
};
const reportFile = path.join(tmpdir(), `docsvc-soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(reportFile, JSON.stringify({ ...report, rss_samples: samples }, null, 2));

const line = (cells: Array<string | number>, widths: number[]) => cells.map((c, i) => String(c).padEnd(widths[i]!)).join(' ');
console.log(`\nsoak: ${report.seconds} s, ${report.requests} requests (${report.requests_per_s}/s, ${report.ocr_pages_per_s} OCR pages/s), ${report.served} served, ${report.errors} errors`);
console.log(`latency p50/p99: all ${report.latency_ms.all.p50}/${report.latency_ms.all.p99} ms, OCR ${report.latency_ms.ocr.p50}/${report.latency_ms.ocr.p99} ms, translation ${report.latency_ms.translate.p50}/${report.latency_ms.translate.p99} ms\n`);
const kw = [34, 8, 7, 7, 8, 8, 8];
console.log(line(['kind', 'served', 'errors', 'per s', 'p50 ms', 'p99 ms', 'max ms'], kw));
for (const k of perKind) console.log(line([k.kind, k.served, k.errors, k.per_s, k.p50_ms, k.p99_ms, k.max_ms], kw));
console.log('');
const mw = [38, 6, 9, 7, 7, 16];
console.log(line(['resident memory (MB)', 'procs', 'start', 'end', 'max', '2nd half MB/min'], mw));
for (const m of memory) console.log(line([m.process, m.processes, m.start_mb, m.end_mb, m.max_mb, m.second_half_mb_per_min], mw));
console.log('\nRSS over time (MB):');
const tw = [8, ...groups.map((g) => Math.max(10, g.length + 1))];
console.log(line(['t (s)', ...groups], tw));
for (const s of report.rss_over_time) console.log(line([Math.round(s.t), ...groups.map((g) => Math.round(s.rss[g] ?? 0))], tw));
console.log(`\nleft in the queues: ${JSON.stringify(leftInQueues)}; intermediate objects left in the bucket: ${leftInBucket.length}`);
console.log(`Redis at the end: ${redisUsedMb} MB used; ${requestLogEntries} request-log entries (kept REQUEST_LOG_TTL_SECONDS); event streams ${JSON.stringify(eventStreams)}`);
console.log(`child restarts: ${restarts}; error log lines: ${JSON.stringify(errorLines)}; processes left running after stop: ${leftRunning.length}`);
if (report.errors) console.log(`first errors: ${JSON.stringify(report.first_errors, null, 1)}`);
console.log(`full report: ${reportFile}`);

if (process.env.SOAK_KEEP) console.log(`data and logs kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
const lost = Object.values(leftInQueues).some((c) => Object.values(c).some((n) => n > 0)) || leftInBucket.length > 0;
process.exit(report.errors > 0 || lost || leftRunning.length > 0 ? 1 : 0);
