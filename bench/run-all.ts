// Runs the benchmarks one after the other, each in its own process, printing each one's output as it
// comes, then a summary with every benchmark's JSON line. `npm run bench` builds first, then runs this.
// Which: the issue-6 and issue-11 set by default; names as arguments or BENCH_ONLY="a,b" pick others, e.g.
// `npm run bench -- pdf-dpi translate-engine born-digital` or BENCH_ONLY=api-overhead npm run bench.
// Sizes: each benchmark reads its own BENCH_* variables (see the head of each file).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT = ['ocr-throughput', 'bilevel-throughput', 'ocr-orientation', 'pdf-raster', 'pdf-scan-dpi', 'scanned-pdf', 'translate-latency', 'api-overhead', 'worker-memory', 'worker-pdf-memory', 'scale-out', 'job-fairness'];
const picked = process.argv.slice(2).length ? process.argv.slice(2) : (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const names = (picked.length ? picked : DEFAULT).map((n) => n.replace(/\.ts$/, '').replace(/^bench\//, ''));
for (const name of names) {
  if (!existsSync(path.join(here, `${name}.ts`)) || name === 'run-all') {
    console.error(`run-all: no benchmark bench/${name}.ts`);
    process.exit(2);
  }
}

interface Outcome {
  bench: string;
  status: string;
  seconds: number;
  json?: string;
}

function runOne(name: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(here, `${name}.ts`)], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let json: string | undefined;
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) if (line.startsWith('{"bench"')) json = line;
    });
    const forward = (signal: NodeJS.Signals) => {
      interrupted = true;
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (pending.startsWith('{"bench"')) json = pending;
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      resolve({ bench: name, status: code === 0 ? 'ok' : `failed (${signal ?? code})`, seconds, ...(json ? { json } : {}) });
    });
  });
}

const outcomes: Outcome[] = [];
const started = performance.now();
let interrupted = false;
for (const name of names) {
  if (interrupted) break;
  console.log(`\n=== ${name} ===`);
  outcomes.push(await runOne(name));
}
console.log(`\n=== summary (${Math.round((performance.now() - started) / 1000)} s) ===`);
console.table(outcomes.map(({ bench, status, seconds }) => ({ bench, status, seconds })));
for (const o of outcomes) if (o.json) console.log(o.json);
if (outcomes.some((o) => o.status !== 'ok')) process.exitCode = 1;
