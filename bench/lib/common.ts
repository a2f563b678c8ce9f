// Shared by the benchmarks: sizes from the environment, versions, statistics, the report format
// (a console.table for people and one JSON line for machines) and cleanup of child processes.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { ROOT as REPOSITORY_ROOT, stopProcess as stopKitProcess } from '@docsvc/test-kit';

/** The repository root. */
export const ROOT = REPOSITORY_ROOT;
export const CORES = availableParallelism();
export const TESSDATA = process.env.TESSDATA_DIR || '/usr/share/tesseract-ocr/5/tessdata';

/** A whole number from the environment (unset or empty: the default). */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got "${raw}")`);
  return value;
}

/** A list of whole numbers from the environment, e.g. "1,2,4". */
export function envInts(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const values = raw.split(',').map((s) => Number(s.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`${name} must be positive whole numbers separated by commas (got "${raw}")`);
  return values;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const round = (value: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}
export const median = (values: number[]) => percentile(values, 50);
export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Runs `work` on each item with at most `limit` in flight; results in item order. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      results[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(runners);
  return results;
}

/** Times `work` in milliseconds (performance.now()). */
export async function timed<R>(work: () => Promise<R>): Promise<{ ms: number; value: R }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

function packageVersion(name: string): string | undefined {
  const dirs = [path.join(ROOT, 'node_modules')];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(path.join(ROOT, group))) dirs.push(path.join(ROOT, group, entry, 'node_modules'));
  }
  for (const dir of dirs) {
    const file = path.join(dir, name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  }
  return undefined;
}

function commandOutput(cmd: string, args: string[]): string | undefined {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5_000 }).trim();
  } catch {
    return undefined;
  }
}

function debVersion(pkg: string): string | undefined {
  return commandOutput('dpkg-query', ['-W', '-f', '${Version}', pkg]) || undefined;
}

/**
 * Versions of what a benchmark exercised: node and the commit always, then the named components
 * ('tesseract', 'tesseract.js', 'apertium', 'redis', 'sharp', 'pdfjs', 'bullmq', 'autocannon', 'fastify').
 */
export function versions(...components: string[]): Record<string, string> {
  const out: Record<string, string | undefined> = { node: process.version };
  const commit = commandOutput('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']);
  const dirty = commandOutput('git', ['-C', ROOT, 'status', '--porcelain', '--', 'apps', 'packages']);
  out.commit = commit ? `${commit}${dirty ? '+dirty' : ''}` : undefined;
  for (const c of components) {
    switch (c) {
      case 'tesseract':
        out.tesseract = commandOutput('tesseract', ['--version'])?.split('\n')[0]?.replace(/^tesseract\s+/, '');
        out.tessdata_eng = debVersion('tesseract-ocr-eng');
        break;
      case 'tesseract.js':
        out['tesseract.js'] = packageVersion('tesseract.js');
        out['tesseract.js-core'] = packageVersion('tesseract.js-core');
        break;
      case 'apertium':
        out.apertium = debVersion('apertium');
        out['apertium-eng-spa'] = debVersion('apertium-eng-spa');
        break;
      case 'redis':
        out.redis = commandOutput('redis-server', ['--version'])?.match(/v=(\S+)/)?.[1];
        break;
      case 'pdfjs':
        out['pdfjs-dist'] = packageVersion('pdfjs-dist');
        break;
      default:
        out[c] = packageVersion(c);
    }
  }
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, string] => e[1] !== undefined));
}

const loadAtStart = loadavg()[0]!;

/**
 * CPU time of a process, in ms: its own (all its threads) and that of its children it has waited for
 * (worker-ocr's tesseract processes, once they have exited). Clock ticks are 1/100 s on Linux.
 */
export function procCpu(pid: number): { selfMs: number; childrenMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
    return { selfMs: (f[11]! + f[12]!) * 10, childrenMs: (f[13]! + f[14]!) * 10 };
  } catch {
    return undefined;
  }
}

/** CPU ticks of the whole machine (busy) and of this process with its waited-for children. */
function cpuTicks(): { busy: number; ours: number; at: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  // utime, stime, cutime, cstime: fields 14-17 of the file, 12-15 after the command name.
  const ours = fields[11]! + fields[12]! + fields[13]! + fields[14]!;
  return { busy: user + nice + system + irq + softirq + steal, ours, at: performance.now() };
}
const ticksAtStart = cpuTicks();

/**
 * Share of the machine's CPU capacity used, while this benchmark ran, by processes it did not start
 * (other people's tests, say): every figure is skewed when this is not near 0. Exact once every
 * process the benchmark started has been stopped (their time is counted when they are reaped).
 */
export function foreignCpuShare(): number {
  const now = cpuTicks();
  const hz = 100; // USER_HZ on Linux
  const capacity = ((now.at - ticksAtStart.at) / 1000) * hz * CORES;
  const foreign = now.busy - ticksAtStart.busy - (now.ours - ticksAtStart.ours);
  return Math.max(0, foreign / capacity);
}

/**
 * Prints the table for people and the one JSON line for machines. The 1-minute load average at the
 * start and the end goes with the figures: other work on the machine skews every number here.
 */
export function report(bench: string, rows: Array<Record<string, unknown>>, figures: Record<string, unknown>, components: string[] = []): void {
  if (rows.length) console.table(rows);
  const load = { start: round(loadAtStart, 2), end: round(loadavg()[0]!, 2) };
  const foreign = foreignCpuShare();
  if (foreign > 0.05) console.log(`note: other processes used ${round(foreign * 100)}% of the machine's CPU during this benchmark; its figures are skewed`);
  console.log(JSON.stringify({ bench, cores: CORES, versions: versions(...components), ...figures, load_avg_1m: load, foreign_cpu_share: round(foreign, 3) }));
}

/** Set once the benchmark failed: logs of the service are then kept for a look. */
export const state = { failed: false };

// Every child process a benchmark starts is registered here, so that an error or a signal still stops it.
const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void>> = [];

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Work to do when the benchmark ends, however it ends (last registered, first run). */
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

export async function cleanupAll(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    await fn().catch((err: unknown) => console.error('cleanup failed:', err));
  }
  for (const child of children) child.kill('SIGTERM');
}

/** SIGTERM, then SIGKILL after graceMs (40 s: the launcher stops its children gracefully first). */
export const stopProcess = (child: ChildProcess, graceMs = 40_000): Promise<void> => stopKitProcess(child, graceMs);

export { childProcesses, procMemory } from '@docsvc/test-kit';

process.once('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
// A signal (Ctrl-C reaches run-all and the benchmark both) stops what was started, once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    state.failed = true;
    void cleanupAll().finally(() => process.exit(130));
  });
}

/** Runs a benchmark's main: cleans up and sets the exit status whatever happens. */
export async function main(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    console.error(err);
    state.failed = true;
    process.exitCode = 1;
  } finally {
    await cleanupAll();
  }
}
