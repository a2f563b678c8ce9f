import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './free-port.js';
import { which } from './which.js';

export class RedisServerMissingError extends Error {
  constructor() {
    super(
      'redis-server was not found on PATH. Install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`) ' +
        'or point the service at an existing Redis with REDIS_URL=redis://host:6379',
    );
    this.name = 'RedisServerMissingError';
  }
}

export interface EmbeddedRedis {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

export interface RedisServerOptions {
  /** Working directory for the server; with `persist`, its append-only file lives here. */
  dir: string;
  /** Keep data across restarts (AOF). Tests run without. */
  persist?: boolean;
  /** How long to wait for the server to answer PING. */
  startTimeoutMs?: number;
  /** Where to look for the binary; defaults to PATH. */
  searchPath?: string;
  /** A fixed port (e.g. to restart a server where its clients expect it); default: a free one. */
  port?: number;
}

/** Starts a private redis-server on a free loopback port (or `port`) and resolves once it answers PING. */
export async function startRedisServer(opts: RedisServerOptions): Promise<EmbeddedRedis> {
  const binary = which('redis-server', opts.searchPath);
  if (!binary) throw new RedisServerMissingError();
  mkdirSync(opts.dir, { recursive: true });
  let lastError: unknown;
  // Another process can take the port between freePort() and the bind: try a few ports.
  for (let attempt = 0; attempt < (opts.port ? 1 : 3); attempt++) {
    const port = opts.port ?? (await freePort());
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', opts.dir, '--save', ''];
    args.push('--appendonly', opts.persist ? 'yes' : 'no', '--daemonize', 'no', '--loglevel', 'warning');
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    try {
      await waitForPong(port, child, opts.startTimeoutMs ?? 10_000);
      return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid ?? -1, stop: () => stopChild(child) };
    } catch (err) {
      lastError = new Error(`redis-server did not start on port ${port}: ${(err as Error).message} ${stderr}`.trim());
      await stopChild(child);
    }
  }
  throw lastError;
}

function waitForPong(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null) return reject(new Error('exited during start-up'));
      if (Date.now() > deadline) return reject(new Error('no PING answer in time'));
      const socket = net.connect(port, '127.0.0.1');
      let reply = '';
      socket.setTimeout(500);
      socket.on('connect', () => socket.write('PING\r\n'));
      socket.on('data', (d) => {
        reply += d.toString();
        if (reply.includes('\r\n')) {
          socket.destroy();
          if (reply.startsWith('+PONG')) resolve();
          else setTimeout(attempt, 50);
        }
      });
      const retry = () => {
        socket.destroy();
        setTimeout(attempt, 50);
      };
      socket.on('error', retry);
      socket.on('timeout', retry);
    };
    attempt();
  });
}

/** SIGTERM, then SIGKILL if the process is still there after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
