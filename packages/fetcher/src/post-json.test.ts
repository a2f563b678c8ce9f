import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FetchError } from './errors.js';
import { checkWebhookUrl, postJson } from './post-json.js';

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
    expect((outcome as { error: string }).error).toMatch(/loopback address \(this machine\) \(127\.0\.0\.1\), where webhooks are not delivered.*ALLOW_PRIVATE_URLS=true/);
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

describe('checkWebhookUrl', () => {
  const dns = (answers: Record<string, string[]>) => async (host: string) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const lookup = dns({ 'hooks.example.com': ['93.184.216.34'], 'hooks.internal.example': ['10.0.0.7'] });
  const refusal = (p: Promise<void>) => p.then(() => expect.unreachable('accepted'), (err: unknown) => (expect(err).toBeInstanceOf(FetchError), err as FetchError));

  it('accepts a public host, and refuses loopback, private, metadata and unresolvable hosts with what to do', async () => {
    await checkWebhookUrl('https://hooks.example.com/ocr', { connectTimeoutMs: 1_000, lookup });
    const loopback = await refusal(checkWebhookUrl('http://127.0.0.1:9/hook', { connectTimeoutMs: 1_000, lookup }));
    expect(loopback).toMatchObject({ code: 'url_not_allowed', details: [{ address: '127.0.0.1', reason: 'loopback' }] });
    expect(loopback.message).toMatch(/where webhooks are not delivered\. Give a URL on the public internet, or set ALLOW_PRIVATE_URLS=true/);
    const internal = await refusal(checkWebhookUrl('https://hooks.internal.example/x', { connectTimeoutMs: 1_000, lookup }));
    expect(internal.details).toEqual([{ host: 'hooks.internal.example', reason: 'private' }]);
    const metadata = await refusal(checkWebhookUrl('http://169.254.169.254/latest', { connectTimeoutMs: 1_000, lookup, allowPrivate: true }));
    expect(metadata.details).toEqual([{ address: '169.254.169.254', reason: 'metadata' }]);
    expect(metadata.message).not.toContain('ALLOW_PRIVATE_URLS');
    const unknown = await refusal(checkWebhookUrl('https://nowhere.invalid/x', { connectTimeoutMs: 1_000, lookup }));
    expect(unknown).toMatchObject({ code: 'download_failed', details: [{ reason: 'dns_failure', host: 'nowhere.invalid', code: 'ENOTFOUND' }] });
    // Allowed where the operator says so (local testing).
    await checkWebhookUrl('http://127.0.0.1:9/hook', { connectTimeoutMs: 1_000, lookup, allowPrivate: true });
  });
});
