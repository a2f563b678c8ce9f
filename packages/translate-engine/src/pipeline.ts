import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

export type PipelineFailureReason = 'spawn_failed' | 'exited' | 'write_failed' | 'timeout' | 'desync' | 'closed';

/** The pipeline is dead (it has already killed its processes); the unit it held did not get an answer. */
export class PipelineFailure extends Error {
  constructor(
    message: string,
    readonly reason: PipelineFailureReason,
  ) {
    super(message);
    this.name = 'PipelineFailure';
  }
}

export interface PipelineOptions {
  /** An answer that takes longer means a hung stage: the pipeline is killed. */
  unitTimeoutMs: number;
  /** Time for start-up plus the first (probe) unit: every stage loads its dictionaries first. */
  startTimeoutMs: number;
  /** Told once when the pipeline dies, whatever the cause (a pool drops it then). */
  onDeath?: (failure: PipelineFailure) => void;
}

interface InFlight {
  marker: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** A short unit sent at start: the pipeline counts as started once it has translated something. */
const PROBE_UNIT = 'test';
/** After the stages were killed, how long bash may take to reap them and exit before the group is killed. */
const REAP_GRACE_MS = 1_000;

/**
 * One persistent Apertium process chain: `bash -c 'stage1 -z ... | stage2 -z ... | ...'` in its own process
 * group. Node's end of stdin is a socket, which the first stage reads as plain stdin (a mode script that opens
 * /dev/stdin could not); the stages are wired by kernel pipes, not through Node.
 *
 * One unit at a time: the unit, an end marker, then NUL. Every stage flushes on NUL, so the answer is the text up
 * to the next NUL on stdout. The end marker is a superblank with a sequence number (`[!u42]`): stages pass
 * superblanks through untouched, so an answer carrying the marker is complete and belongs to this unit. When a
 * stage dies mid-unit, the stages after it see end-of-file and flush what they hold, which yields a NUL without
 * the marker: that is caught as a failure instead of being returned as a truncated translation. The marker also
 * follows the unit's last character, which the analyser would otherwise hold back (a final '.' went missing).
 */
export class Pipeline {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private inFlight: InFlight | undefined;
  private failure: PipelineFailure | undefined;
  private readonly partial: Buffer[] = [];
  private stderrTail = '';
  private sequence = 0;

  constructor(
    readonly label: string,
    private readonly command: string,
    private readonly options: PipelineOptions,
  ) {}

  /** Alive: started and not failed or closed. */
  get alive(): boolean {
    return this.child !== undefined && this.failure === undefined;
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  /** The bash process that leads the process group. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The pids of the Apertium stages (bash's children), e.g. to inspect or, in tests, to kill or stop them. */
  stagePids(): number[] {
    const pid = this.child?.pid;
    if (pid === undefined) return [];
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  /** Spawns the chain and waits for the probe unit's answer. Rejects with PipelineFailure (processes killed). */
  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.label}: already started`);
    // --norc --noprofile: bash reads ~/.bashrc when its stdin is a socket (Node's pipes are
    // socketpairs) and SHLVL is unset; a slow or blocking rc file (a version manager's rehash lock)
    // would hang every pipeline of the worker.
    const child = spawn('bash', ['--norc', '--noprofile', '-c', this.command], {
      // Own process group: the whole chain is killed at once, and a Ctrl-C meant for the parent does not reach it.
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve()); // a spawn failure has no exit
    });
    child.once('error', (error) => this.fail(new PipelineFailure(`${this.label}: could not start: ${error.message}`, 'spawn_failed')));
    child.once('exit', (code, signal) => this.fail(new PipelineFailure(`${this.label}: exited (${signal ?? `status ${code}`})`, 'exited')));
    child.stdin!.on('error', (error) => this.fail(new PipelineFailure(`${this.label}: write failed: ${error.message}`, 'write_failed')));
    child.stdout!.on('data', (chunk: Buffer) => this.onOutput(chunk));
    child.stdout!.once('end', () => this.fail(new PipelineFailure(`${this.label}: output closed`, 'exited')));
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-1_000);
    });
    // An idle pipeline must not keep the process alive; a unit in flight does, through its timer.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket | null)?.unref?.();
    await this.send(PROBE_UNIT, this.options.startTimeoutMs);
  }

  /**
   * Translates one unit (stream text, no NUL). Rejects with PipelineFailure when the pipeline dies or does not
   * answer within unitTimeoutMs; the pipeline is dead afterwards. One unit at a time: the pool serialises.
   */
  process(unit: string): Promise<string> {
    return this.send(unit, this.options.unitTimeoutMs);
  }

  /** Kills the chain and waits for it to be gone. A unit in flight is rejected. */
  async close(): Promise<void> {
    this.fail(new PipelineFailure(`${this.label}: closed`, 'closed'));
    // Unreferenced while idle; referenced now so that the caller's process waits for the exit it awaits.
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.ref();
    await this.exited;
  }

  private send(unit: string, timeoutMs: number): Promise<string> {
    const child = this.child;
    if (!child || this.failure) return Promise.reject(this.failure ?? new PipelineFailure(`${this.label}: not started`, 'closed'));
    if (this.inFlight) return Promise.reject(new Error(`${this.label}: a unit is already in flight`));
    const marker = `[!u${++this.sequence}]`;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new PipelineFailure(`${this.label}: no answer within ${timeoutMs} ms`, 'timeout')), timeoutMs);
      this.inFlight = { marker, resolve, reject, timer };
      child.stdin!.write(`${unit}${marker}\0`);
    });
  }

  private onOutput(chunk: Buffer): void {
    let from = 0;
    for (let nul = chunk.indexOf(0); nul !== -1 && !this.failure; nul = chunk.indexOf(0, from)) {
      this.partial.push(chunk.subarray(from, nul));
      from = nul + 1;
      // Decoded only once whole: a chunk boundary may fall inside a multi-byte character.
      const answer = Buffer.concat(this.partial).toString('utf8');
      this.partial.length = 0;
      this.onAnswer(answer);
    }
    if (from < chunk.length && !this.failure) this.partial.push(chunk.subarray(from));
  }

  private onAnswer(answer: string): void {
    const flight = this.inFlight;
    if (!flight) return this.fail(new PipelineFailure(`${this.label}: output with no unit in flight`, 'desync'));
    const at = answer.lastIndexOf(flight.marker);
    if (at === -1) return this.fail(new PipelineFailure(`${this.label}: answer without its end marker (a stage died mid-unit)`, 'desync'));
    this.inFlight = undefined;
    clearTimeout(flight.timer);
    flight.resolve(answer.slice(0, at) + answer.slice(at + flight.marker.length));
  }

  /** Marks the pipeline dead (once), kills its processes, rejects the unit in flight, tells the owner. */
  private fail(failure: PipelineFailure): void {
    if (this.failure) return;
    const stderr = this.stderrTail.trim().slice(-400);
    this.failure = stderr && failure.reason !== 'closed' ? new PipelineFailure(`${failure.message}; stderr: ${stderr}`, failure.reason) : failure;
    this.kill();
    const flight = this.inFlight;
    this.inFlight = undefined;
    if (flight) {
      clearTimeout(flight.timer);
      flight.reject(this.failure);
    }
    this.options.onDeath?.(this.failure);
  }

  /**
   * Kills the stages first, so that bash reaps them and then exits by itself (killing bash at the same time would
   * leave zombies for init to reap); whatever is still there after a grace period goes with the process group.
   */
  private kill(): void {
    const child = this.child;
    const pid = child?.pid;
    if (!child || pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const stages = this.stagePids();
    for (const stage of stages) signal(stage, 'SIGKILL');
    if (!stages.length) return void signal(-pid, 'SIGKILL');
    const fallback = setTimeout(() => signal(-pid, 'SIGKILL'), REAP_GRACE_MS);
    fallback.unref();
    child.once('exit', () => clearTimeout(fallback));
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
