import { spawn } from 'node:child_process';

/** A page's process as it ended: tesseract (native/engine.ts) or PaddleOCR's (paddle/reader.ts). */
export interface PageProcessRun {
  stdout: string;
  stderr: string;
  /** Exit status, or null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the input's arrival (or the start, when it was there at once) to the exit. */
  ms: number;
}

export interface RunOptions {
  /** The program (a name on PATH or a path): tesseract, or Node for PaddleOCR's child. */
  binary: string;
  /** Address-space limit of the process in bytes (prlimit --as), or undefined for none. */
  memoryLimitBytes?: number;
  /**
   * CPU-time limit in seconds (prlimit --cpu): the kernel ends the process past it even if this
   * process died without killing it, so no tesseract outlives its page for long.
   */
  cpuLimitSeconds?: number;
  /** Kills the process (its whole process group) and rejects with the signal's reason. */
  signal?: AbortSignal;
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

/**
 * One short-lived process for one page (tesseract, or PaddleOCR's child): `input` on its stdin, its
 * stdout and stderr collected. One thread (OMP_THREAD_LIMIT=1): several processes side by side each running OpenMP threads
 * oversubscribe the cores badly (tesseract #3109), and a worker runs one process per core.
 *
 * `input` may still be on its way: the process starts at once and loads its model (about 0.1 s)
 * while the page is fetched, and gets the page when it comes; if it does not, the process is killed
 * and the call rejects with why.
 *
 * The process gets a group of its own, so that an abort kills it and anything it started; the memory
 * limit is set with util-linux's `prlimit`, which then execs tesseract (same pid). Rejects only for an
 * abort (once the process has exited) or a process that cannot be started; any exit is resolved for
 * the caller to judge.
 */
export function runPageProcess(args: string[], input: Uint8Array | Promise<Uint8Array>, opts: RunOptions): Promise<PageProcessRun> {
  if (opts.signal?.aborted) return Promise.reject(abortReason(opts.signal));
  const limits = [
    ...(opts.memoryLimitBytes !== undefined ? [`--as=${Math.floor(opts.memoryLimitBytes)}`] : []),
    // Soft limit SIGXCPU (the answer says why); the hard limit a little later SIGKILLs a process that ignores it.
    ...(opts.cpuLimitSeconds !== undefined ? [`--cpu=${Math.ceil(opts.cpuLimitSeconds)}:${Math.ceil(opts.cpuLimitSeconds) + 5}`] : []),
  ];
  const [command, argv] = limits.length > 0 ? ['prlimit', [...limits, '--', opts.binary, ...args]] : [opts.binary, args];
  return new Promise((resolve, reject) => {
    let started = performance.now();
    const child = spawn(command, argv, {
      env: pageProcessEnv(process.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    /** Why the call fails once the process is gone: an abort, or input that never came. */
    let failure: { reason: unknown } | undefined;
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    // The call rejects once the process is gone (reaped), not merely signalled: nothing is left running.
    const onAbort = (): void => {
      failure ??= { reason: abortReason(opts.signal!) };
      kill();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    // A process that exits before reading all its input (it failed) closes the pipe: not our error.
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      opts.signal?.removeEventListener('abort', onAbort);
      reject(failure ? failure.reason : error);
    });
    child.on('close', (code, signal) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (failure) return reject(failure.reason);
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        code,
        signal,
        ms: performance.now() - started,
      });
    });
    Promise.resolve(input).then(
      (bytes) => {
        // Recognition time counts from the page's arrival: the model load before it overlapped the fetch.
        started = Math.max(started, performance.now());
        if (!failure) child.stdin.end(bytes);
      },
      (reason: unknown) => {
        failure ??= { reason };
        kill();
      },
    );
  });
}

/**
 * A page process's environment: the worker's, single-threaded, without the malloc and Node settings
 * meant for the long-lived worker process. A small MALLOC_MMAP_THRESHOLD_ makes tesseract map and unmap its many
 * mid-sized buffers: 10% more time a page (3.84 s against 4.25 s on a dense 300-DPI page, README).
 */
export function pageProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { OMP_THREAD_LIMIT: '1' };
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('MALLOC_') || name === 'NODE_OPTIONS' || name === 'OMP_THREAD_LIMIT') continue;
    out[name] = value;
  }
  return out;
}
