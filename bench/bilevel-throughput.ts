// Bilevel image scans at the engine's speed (issue 23: target >= 0.97 of native tesseract on the same
// files): bench/ocr-throughput.ts with the scan pages as 1-bit PNG files, native engine, run
// BENCH_REPEATS times (default 3), each run in a process of its own with a service of its own, and the
// median ratio taken. One run compares the service with tesseract run before and after it; on a shared
// machine whose speed drifts by 10-15% between those two (seen on 2026-11-26: 0.472 then 0.467 pages/s
// in one run, 0.480 then 0.414 in the next) a single ratio says more of the machine than of the service.
// Run: npm run build && node bench/bilevel-throughput.ts (BENCH_PAGE_STYLE=bilevel-tiff for CCITT G4
// TIFF files; BENCH_REPEATS=1 for one run as it was).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { envInt, main, median, report, round, track } from './lib/common.ts';

interface Run {
  ratio: number;
  native: number[];
  service: number;
}

/** One ocr-throughput run in a child process: its own output passed through, its figures read from its JSON line. */
function oneRun(): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Tracked: a signal or an error here stops the run (it stops its own service and tesseract processes).
    const child = track(
      spawn(process.execPath, [fileURLToPath(new URL('./ocr-throughput.ts', import.meta.url))], {
        env: { ...process.env, BENCH_PAGE_STYLE: process.env.BENCH_PAGE_STYLE ?? 'bilevel-png', BENCH_OCR_ENGINES: process.env.BENCH_OCR_ENGINES ?? 'native' },
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{"bench":"ocr-throughput"'));
      if (code !== 0 || !line) return reject(new Error(`ocr-throughput exited with ${code}`));
      const figures = JSON.parse(line) as { native: { seconds: number[] }; services: Array<{ engine: string; ratio: number; seconds: number }> };
      const service = figures.services.find((s) => s.engine === 'native') ?? figures.services[0]!;
      resolve({ ratio: service.ratio, native: figures.native.seconds, service: service.seconds });
    });
  });
}

await main(async () => {
  const repeats = envInt('BENCH_REPEATS', 3);
  const runs: Run[] = [];
  for (let i = 0; i < repeats; i++) {
    console.error(`[bilevel-throughput] run ${i + 1} of ${repeats}`);
    runs.push(await oneRun());
  }
  const ratio = median(runs.map((r) => r.ratio));
  // How far the two native runs of each run were apart: the machine's drift while the service ran.
  const drift = runs.map((r) => round(Math.abs(r.native[0]! - r.native[1]!) / Math.min(r.native[0]!, r.native[1]!), 3));
  report(
    'bilevel-throughput',
    runs.map((r, i) => ({ run: i + 1, 'native s (before / after)': r.native.join(' / '), 'service s': r.service, 'native drift': drift[i]!, ratio: r.ratio })),
    { style: process.env.BENCH_PAGE_STYLE ?? 'bilevel-png', repeats, ratios: runs.map((r) => r.ratio), native_drift: drift, median_ratio: round(ratio, 4), targets: { median_ratio_ge_0_97: ratio >= 0.97 } },
    ['tesseract'],
  );
});
