import { Worker as Thread } from 'node:worker_threads';

export interface Watchdog {
  stop(): Promise<void>;
}

// Runs in its own thread: when the main thread has not ticked for limitMs, one fatal JSON line and
// SIGKILL. A thread keeps running while the main thread is stuck, which a timer cannot. Written to
// run as CommonJS or as a module (an eval'd worker inherits the process's --input-type).
const WATCHDOG_SOURCE = `
const { workerData } = process.getBuiltinModule('node:worker_threads');
const { writeSync } = process.getBuiltinModule('node:fs');
const { ticks, limitMs, app } = workerData;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  Atomics.wait(sleeper, 0, 0, Math.min(1000, limitMs / 4));
  const last = Number(Atomics.load(ticks, 0));
  if (last < 0) break;
  const stuck = Date.now() - last;
  if (stuck > limitMs) {
    const line = JSON.stringify({ level: 'fatal', time: new Date().toISOString(), app, pid: process.pid, stuck_ms: stuck, limit_ms: limitMs,
      msg: 'main thread stuck for longer than WATCHDOG_MS; killing the process so that its jobs are recovered by other workers' });
    try { writeSync(1, line + '\\n'); } catch {}
    process.kill(process.pid, 'SIGKILL');
  }
}
`;

/**
 * Kills this process when its main thread stops answering for `limitMs` (a synchronous hang: a
 * processor stuck in a loop, a runaway regular expression). Its jobs' locks then expire and other
 * workers take them up (stalled-job recovery); a supervisor (the launcher, an orchestrator) starts
 * a new process. limitMs 0: no watchdog.
 */
export function startWatchdog(limitMs: number, app: string): Watchdog {
  if (limitMs <= 0) return { stop: async () => {} };
  const ticks = new BigInt64Array(new SharedArrayBuffer(8));
  const tick = () => Atomics.store(ticks, 0, BigInt(Date.now()));
  tick();
  const timer = setInterval(tick, Math.max(50, Math.min(1_000, limitMs / 10)));
  timer.unref();
  const thread = new Thread(WATCHDOG_SOURCE, { eval: true, workerData: { ticks, limitMs, app } });
  thread.unref();
  return {
    async stop() {
      clearInterval(timer);
      Atomics.store(ticks, 0, -1n);
      await thread.terminate().catch(() => undefined);
    },
  };
}
