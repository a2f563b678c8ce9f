import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from '@docsvc/logger';
import type { LogSink } from './log-sink.js';

export interface ChildSpec {
  /** The app folder name, e.g. "worker-ocr"; its path is on the child's command line. */
  app: string;
  script: string;
  env: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  log: Logger;
  backoffMs: number;
  backoffMaxMs: number;
  /** How long a child gets to stop after SIGTERM before SIGKILL. */
  stopGraceMs: number;
  /** A child that ran this long before dying restarts after the first delay again. */
  stableAfterMs?: number;
  /** A child exiting with this status has bad configuration: restarting cannot help. */
  onFatal: (app: string, code: number) => void;
  /** Where the children's stdout (their JSON logs) goes; unset: the launcher's own stdout. */
  logs?: LogSink | undefined;
}

/** Exit status of a process whose configuration is invalid (sysexits EX_CONFIG). */
export const EXIT_CONFIG = 78;

interface Slot {
  spec: ChildSpec;
  child: ChildProcess | undefined;
  startedAt: number;
  quickDeaths: number;
  timer: NodeJS.Timeout | undefined;
}

/** Runs each child as its own process, restarts one that dies (with backoff), stops all on request. */
export class Supervisor {
  private readonly slots: Slot[] = [];
  private stopping = false;

  constructor(private readonly opts: SupervisorOptions) {}

  start(spec: ChildSpec): void {
    const slot: Slot = { spec, child: undefined, startedAt: 0, quickDeaths: 0, timer: undefined };
    this.slots.push(slot);
    this.spawn(slot);
  }

  pids(): Record<string, number | undefined> {
    return Object.fromEntries(this.slots.map((s) => [s.spec.app, s.child?.pid]));
  }

  private spawn(slot: Slot): void {
    const { app, script, env } = slot.spec;
    // detached: its own process group, so a Ctrl-C in the terminal reaches only the launcher, which
    // then stops the children in order (workers first, Redis last) instead of all at once.
    const logs = this.opts.logs;
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', logs ? 'pipe' : 'inherit', 'inherit'], detached: true });
    if (logs && child.stdout) logs.attach(app, child.stdout);
    slot.child = child;
    slot.startedAt = Date.now();
    this.opts.log.info({ child: app, child_pid: child.pid }, 'child started');
    child.on('exit', (code, signal) => this.onExit(slot, child, code, signal));
    child.on('error', (err) => this.opts.log.error({ child: app, err }, 'child could not be started'));
  }

  private onExit(slot: Slot, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (slot.child !== child) return;
    slot.child = undefined;
    if (this.stopping) return;
    const { app } = slot.spec;
    if (code === EXIT_CONFIG) {
      this.opts.log.fatal({ child: app, code }, 'child refused its configuration; not restarting');
      this.opts.onFatal(app, code);
      return;
    }
    const ranMs = Date.now() - slot.startedAt;
    slot.quickDeaths = ranMs >= (this.opts.stableAfterMs ?? 60_000) ? 1 : slot.quickDeaths + 1;
    const delay = Math.min(this.opts.backoffMaxMs, this.opts.backoffMs * 2 ** (slot.quickDeaths - 1));
    this.opts.log.warn({ child: app, code, signal, ran_ms: ranMs, restart_in_ms: delay }, 'child exited; restarting');
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      if (!this.stopping) this.spawn(slot);
    }, delay);
  }

  /** SIGTERM to every child, SIGKILL to any still running after the grace period. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.slots.map((slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        const child = slot.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const kill = setTimeout(() => {
            this.opts.log.warn({ child: slot.spec.app }, 'child did not stop in time; killing it');
            child.kill('SIGKILL');
          }, this.opts.stopGraceMs);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        });
      }),
    );
  }
}
