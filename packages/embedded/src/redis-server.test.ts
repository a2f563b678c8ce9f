import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RedisServerMissingError, startRedisServer } from './redis-server.js';
import { isRunning } from './is-running.js';

const ping = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      socket.destroy();
      resolve(d.toString());
    });
    socket.on('error', reject);
  });

describe('startRedisServer', () => {
  it('starts a private server on a random port, never 6379, and stops it by pid', async () => {
    const redis = await startRedisServer({ dir: mkdtempSync(path.join(tmpdir(), 'emb-redis-')) });
    expect(redis.port).not.toBe(6379);
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    expect(await ping(redis.port)).toBe('+PONG\r\n');
    expect(isRunning(redis.pid)).toBe(true);
    await redis.stop();
    expect(isRunning(redis.pid)).toBe(false);
  });

  it('says how to install redis-server or set REDIS_URL when the binary is missing', async () => {
    const attempt = startRedisServer({ dir: tmpdir(), searchPath: '/nonexistent' });
    await expect(attempt).rejects.toBeInstanceOf(RedisServerMissingError);
    await expect(attempt).rejects.toThrow(/apt-get install -y redis-server.*REDIS_URL=/);
  });
});
