import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postJson } from './post-json.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

async function receiver(answer: (req: IncomingMessage, body: string) => number): Promise<{ url: string; got: Array<{ headers: IncomingMessage['headers']; body: string }> }> {
  const got: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(answer(req, body), { location: 'http://169.254.169.254/' }).end('thanks');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/ocr?x=1`, got };
}

const opts = { connectTimeoutMs: 1_000, totalTimeoutMs: 2_000, allowPrivate: true };

describe('postJson', () => {
  it('posts the body with its headers and answers the receiver’s status, not following a redirect', async () => {
    const r = await receiver((req) => (req.url === '/hooks/ocr?x=1' ? 302 : 404));
    expect(await postJson(r.url, '{"a":1}', { 'webhook-id': 'm1' }, opts)).toEqual({ status: 302 });
    expect(r.got).toHaveLength(1);
    expect(r.got[0]).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json', 'webhook-id': 'm1' } });
  });

  it('refuses a private address unless allowed, without connecting', async () => {
    const r = await receiver(() => 200);
    const outcome = await postJson(r.url, '{}', {}, { ...opts, allowPrivate: false });
    expect(outcome).toHaveProperty('error');
    expect((outcome as { error: string }).error).toMatch(/not allowed|private|loopback/i);
    expect(r.got).toHaveLength(0);
  });

  it('answers an error for a receiver that does not answer in time, or refuses the connection', async () => {
    const server = createServer(() => undefined); // never answers
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const slow = await postJson(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, '{}', {}, { ...opts, totalTimeoutMs: 300 });
    expect(slow).toEqual({ error: 'no answer within 300 ms' });
    const closed = await postJson('http://127.0.0.1:1/', '{}', {}, opts);
    expect((closed as { error: string }).error).toMatch(/ECONNREFUSED/);
  });
});
