import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/watchdog.js');

function run(code: string): Promise<{ signal: NodeJS.Signals | null; code: number | null; stdout: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('exit', (exitCode, signal) => {
      clearTimeout(kill);
      resolve({ signal, code: exitCode, stdout, ms: Date.now() - started });
    });
  });
}

describe('startWatchdog', () => {
  it('kills a process whose main thread is stuck for longer than the limit, saying so', async () => {
    const r = await run(`import { startWatchdog } from ${JSON.stringify(dist)}; startWatchdog(600, 'test'); setTimeout(() => { for (;;) {} }, 100);`);
    expect(r.signal).toBe('SIGKILL');
    expect(r.ms).toBeLessThan(5_000);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ level: 'fatal', app: 'test', limit_ms: 600 });
  });

  it('leaves a busy but responsive process alone, and lets it exit once stopped', async () => {
    const r = await run(
      `import { startWatchdog } from ${JSON.stringify(dist)}; const w = startWatchdog(600, 'test');
       let n = 0; const t = setInterval(() => { const end = Date.now() + 200; while (Date.now() < end); if (++n === 10) { clearInterval(t); void w.stop(); } }, 10);`,
    );
    expect(r).toMatchObject({ signal: null, code: 0, stdout: '' });
  });
});
