import { spawn } from 'node:child_process';
import { ServiceError } from '@docsvc/schemas';

export interface PopplerRun {
  stdout: Buffer;
  /** The last lines it printed (warnings about a damaged file, or why it failed). */
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface PopplerRunOptions {
  /** Killed past this (worker-pdf's PAGE_TIMEOUT_MS), and the call rejects with invalid_document. */
  timeoutMs?: number;
  /** prlimit --as: past it the tool fails to allocate and exits, the page is refused. */
  memoryLimitBytes?: number;
  /**
   * prlimit --cpu: the kernel ends the process past it even when this thread was terminated (a
   * job's time limit ends its isolation thread, not the processes it started).
   */
  cpuLimitSeconds?: number;
  /** Output beyond this is not a page raster of the size asked for: the process is killed. */
  maxOutputBytes: number;
}

const STDERR_KEEP = 4096;

/**
 * One poppler-utils command (pdftoppm, pdfimages), the PDF on its stdin ('-'), its stdout collected.
 * No shell; limits as the native OCR engine sets them (util-linux prlimit, which execs the tool).
 * Resolves with any exit for the caller to judge; rejects for a time limit, output over the bound,
 * or a tool that cannot be started.
 */
export function runPoppler(tool: string, args: string[], input: Uint8Array, opts: PopplerRunOptions): Promise<PopplerRun> {
  const limits = [
    ...(opts.memoryLimitBytes !== undefined ? [`--as=${Math.floor(opts.memoryLimitBytes)}`] : []),
    ...(opts.cpuLimitSeconds !== undefined ? [`--cpu=${Math.ceil(opts.cpuLimitSeconds)}:${Math.ceil(opts.cpuLimitSeconds) + 5}`] : []),
  ];
  const [command, argv] = limits.length > 0 ? ['prlimit', [...limits, '--', tool, ...args]] : [tool, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { env: toolEnv(process.env), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: Error | undefined;
    const kill = (why: Error): void => {
      failure ??= why;
      child.kill('SIGKILL');
    };
    const timer =
      opts.timeoutMs !== undefined
        ? setTimeout(
            () =>
              kill(
                new ServiceError('invalid_document', `the page took longer than PAGE_TIMEOUT_MS (${opts.timeoutMs} ms) to render; the document is too complex or malformed`, [
                  { limit: 'PAGE_TIMEOUT_MS', limit_ms: opts.timeoutMs },
                ]),
              ),
            opts.timeoutMs,
          )
        : undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > opts.maxOutputBytes) kill(new Error(`${tool} wrote more than the ${opts.maxOutputBytes} bytes expected`));
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    // A tool that exits before reading all its input (it failed, or needed only the start) closes the pipe: not our error.
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(failure ?? error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      resolve({ stdout: out.length === 1 ? out[0]! : Buffer.concat(out, outBytes), stderr: err, code, signal });
    });
    child.stdin.end(input);
  });
}

/** The worker's environment without the malloc and Node settings meant for the long-lived Node process. */
function toolEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('MALLOC_') || name === 'NODE_OPTIONS') continue;
    out[name] = value;
  }
  return out;
}

/** The tool's last words, for an error message. */
export const lastLines = (stderr: string, n = 2): string =>
  stderr
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-n)
    .join(' | ');
