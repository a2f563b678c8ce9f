import diagnosticsChannel from 'node:diagnostics_channel';
import type { LookupAddress } from 'node:dns';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { FetchError } from './errors.js';
import { fetchToBuffer, fetchUrl, type FetchUrlOptions } from './fetch-url.js';

// Every connection this process attempts, by address: proves what was (not) connected to.
const attempts: string[] = [];
const recordAttempts = (message: unknown) => {
  (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string) => attempts.push(ip));
};
beforeAll(() => diagnosticsChannel.subscribe('net.client.socket', recordAttempts));
afterAll(() => diagnosticsChannel.unsubscribe('net.client.socket', recordAttempts));
beforeEach(() => {
  attempts.length = 0;
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** An HTTP server on 127.0.0.1 for one test; returns its base URL. */
async function serve(handler: RequestListener): Promise<{ base: string; port: number }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port };
}

const limits = { maxBytes: 1024, connectTimeoutMs: 2000, totalTimeoutMs: 5000 } satisfies FetchUrlOptions;
const local = { ...limits, allowPrivate: true } satisfies FetchUrlOptions;

// With allowPrivate off, the test servers become reachable only through these hooks: 127.0.0.1 is
// the one refused address treated as allowed, everything else is judged by the real rules.
const loopbackAllowed = (ip: string) => (ip === '127.0.0.1' ? { allowed: true as const } : classifyAddress(ip));
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

describe('fetchUrl refuses URLs before connecting', () => {
  const refusedUrls: Array<[string, string]> = [
    ['ftp://example.com/file.pdf', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://example.com/', 'scheme'],
    ['data:text/plain,hello', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['ws://example.com/', 'scheme'],
    ['not a url', 'invalid_url'],
    ['/relative/path.png', 'invalid_url'],
    ['http://user:pass@example.com/a.png', 'credentials'],
    ['https://user@example.com/a.png', 'credentials'],
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.0.0.1:8080/admin', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://localhost/', 'loopback'],
    ['http://LOCALHOST.:8080/', 'loopback'],
    ['http://api.localhost/', 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://167772161/', 'private'],
    ['http://192.168.0.1/', 'private'],
    ['http://172.16.5.4/', 'private'],
    ['http://[::ffff:a00:1]/', 'private'],
    ['http://[64:ff9b::a00:1]/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://0xa9fea9fe/latest/meta-data/', 'metadata'],
    ['http://[::ffff:169.254.169.254]/', 'metadata'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'metadata'],
    ['http://100.100.100.200/latest/meta-data/', 'metadata'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://100.64.0.1/', 'cgnat'],
    ['http://[fe80::1]/', 'link_local'],
    ['http://[fc00::1]/', 'unique_local'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://192.0.2.1/', 'documentation'],
  ];

  it.each(refusedUrls)('%s (%s)', async (url, reason) => {
    const dns = fakeDns({});
    const err = await failure(fetchUrl(url, { ...limits, lookup: dns.lookup }));
    expect(err.code).toBe('url_not_allowed');
    expect(err.httpStatus).toBe(400);
    expect(err.details[0]?.reason).toBe(reason);
    expect(err.message).toMatch(/not allowed|cannot be fetched|not a valid URL/);
    expect(dns.asked).toEqual([]);
    expect(attempts).toEqual([]);
  });

  it('refuses a name that resolves to a private address, without echoing the address', async () => {
    const dns = fakeDns({ 'files.internal.example': ['10.1.2.3'] });
    const err = await failure(fetchUrl('https://files.internal.example/a.pdf', { ...limits, lookup: dns.lookup }));
    expect(err.code).toBe('url_not_allowed');
    expect(err.details).toEqual([{ host: 'files.internal.example', reason: 'private' }]);
    expect(err.message).not.toContain('10.1.2.3');
    // What to do: a newcomer reading files from their own network is told how.
    expect(err.message).toMatch(/Give the URL of a file on the public internet, or set ALLOW_PRIVATE_URLS=true \(local testing only\)/);
    expect(attempts).toEqual([]);
  });

  it('refuses a name when any one of its addresses is refused', async () => {
    const dns = fakeDns({ 'mixed.example': ['93.184.216.34', '2606:4700::1', 'fd00::1'] });
    const err = await failure(fetchUrl('https://mixed.example/a.png', { ...limits, lookup: dns.lookup }));
    expect(err.code).toBe('url_not_allowed');
    expect(err.details).toEqual([{ host: 'mixed.example', reason: 'unique_local' }]);
    expect(attempts).toEqual([]);
  });

  it('keeps refusing cloud metadata addresses with allowPrivate', async () => {
    const err = await failure(fetchUrl('http://169.254.169.254/latest/meta-data/', local));
    expect(err.code).toBe('url_not_allowed');
    expect(err.details).toEqual([{ address: '169.254.169.254', reason: 'metadata' }]);
    expect(err.message).not.toContain('ALLOW_PRIVATE_URLS');
    expect(attempts).toEqual([]);
  });

  it('answers download_failed when the name does not resolve', async () => {
    const dns = fakeDns({});
    const err = await failure(fetchUrl('https://no-such-host.example/a.png', { ...limits, lookup: dns.lookup }));
    expect(err.code).toBe('download_failed');
    expect(err.httpStatus).toBe(422);
    expect(err.details).toEqual([{ reason: 'dns_failure', host: 'no-such-host.example', code: 'ENOTFOUND' }]);
  });
});

describe('fetchUrl downloads', () => {
  it('returns the body, content type and length', async () => {
    const png = Buffer.from('\x89PNG fake image bytes', 'latin1');
    const { base } = await serve((_req, res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png));
    // maxBytes equal to the size: the limit is inclusive.
    const result = await fetchToBuffer(`${base}/image.png?size=small`, { ...local, maxBytes: png.length });
    expect(result).toEqual({ body: png, contentType: 'image/png', contentLength: png.length, finalUrl: `${base}/image.png?size=small`, status: 200 });
  });

  it('streams the body as a Readable', async () => {
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('%PDF-1.7 ');
      res.end('rest');
    });
    const result = await fetchUrl(`${base}/doc.pdf`, local);
    expect(result.contentType).toBe('application/pdf');
    expect(result.contentLength).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of result.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-1.7 rest');
  });

  it('follows a chain of 2 redirects', async () => {
    const { base } = await serve((req, res) => {
      if (req.url === '/start') res.writeHead(301, { location: '/middle' }).end();
      else if (req.url === '/middle') res.writeHead(307, { location: `${base}/final.txt` }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('done');
    });
    const result = await fetchToBuffer(`${base}/start`, local);
    expect(result.body.toString()).toBe('done');
    expect(result.finalUrl).toBe(`${base}/final.txt`);
  });

  it('follows 5 redirects and refuses the 6th with download_failed', async () => {
    const { base } = await serve((req, res) => {
      const n = Number(req.url?.slice(1));
      if (n > 0) res.writeHead(302, { location: `/${n - 1}` }).end();
      else res.writeHead(200).end('arrived');
    });
    expect((await fetchToBuffer(`${base}/5`, local)).body.toString()).toBe('arrived');
    const err = await failure(fetchUrl(`${base}/6`, local));
    expect(err.code).toBe('download_failed');
    expect(err.details).toEqual([{ reason: 'too_many_redirects', max_redirects: 5 }]);
    expect(err.message).toContain('redirected more than 5 times');
  });

  it('answers download_failed with the upstream status for a 404', async () => {
    const { base } = await serve((_req, res) => res.writeHead(404).end('not here'));
    const err = await failure(fetchUrl(`${base}/missing.png`, local));
    expect(err.code).toBe('download_failed');
    expect(err.httpStatus).toBe(422);
    expect(err.details).toEqual([{ upstream_status: 404 }]);
    expect(err.message).toContain('404');
  });

  it('answers download_failed when the connection is refused', async () => {
    const { port } = await serve(() => undefined);
    await new Promise<void>((resolve) => servers.pop()?.close(() => resolve()));
    const err = await failure(fetchUrl(`http://127.0.0.1:${port}/`, local));
    expect(err.code).toBe('download_failed');
    expect(err.details).toEqual([{ reason: 'connection_failed', code: 'ECONNREFUSED' }]);
  });
});

describe('fetchUrl limits', () => {
  it('fails with file_too_large as soon as a body without Content-Length passes maxBytes', async () => {
    let closedEarly = false;
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.on('close', () => (closedEarly = !res.writableFinished));
      // 64 KiB chunks for as long as the client keeps reading (up to 100 MB): it must hang up.
      let sent = 0;
      const pump = () => {
        while (sent < 1600 && !res.destroyed) {
          sent++;
          if (!res.write(Buffer.alloc(65_536, 1))) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const result = await fetchUrl(`${base}/big.jpg`, { ...local, maxBytes: 100_000 });
    let received = 0;
    const err = await failure(
      (async () => {
        for await (const chunk of result.body) received += (chunk as Buffer).length;
      })(),
    );
    expect(err.code).toBe('file_too_large');
    expect(err.httpStatus).toBe(413);
    expect(err.details).toEqual([{ max_bytes: 100_000 }]);
    expect(received).toBeLessThanOrEqual(100_000);
    await expect.poll(() => closedEarly).toBe(true);
  });

  it('refuses a Content-Length over maxBytes before reading the body', async () => {
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': 50_000_000 });
      res.write('only the start'); // and then nothing: waiting for the rest would time out
    });
    const started = Date.now();
    const err = await failure(fetchUrl(`${base}/huge.pdf`, { ...local, maxBytes: 1000 }));
    expect(err.code).toBe('file_too_large');
    expect(err.details).toEqual([{ max_bytes: 1000, content_length: 50_000_000 }]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails with download_timeout when the server never answers', async () => {
    const { base } = await serve(() => undefined);
    const started = Date.now();
    const err = await failure(fetchUrl(`${base}/slow.png`, { ...local, totalTimeoutMs: 300 }));
    const elapsed = Date.now() - started;
    expect(err.code).toBe('download_timeout');
    expect(err.httpStatus).toBe(504);
    expect(err.details).toEqual([{ phase: 'total', timeout_ms: 300 }]);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
  });

  it('fails the body with download_timeout when it stalls after the headers', async () => {
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write('first bytes');
    });
    const result = await fetchUrl(`${base}/stall.png`, { ...local, totalTimeoutMs: 300 });
    const err = await failure(fetchToBufferOf(result.body));
    expect(err.code).toBe('download_timeout');
  });

  it('fails with download_timeout when resolving the name exceeds connectTimeoutMs', async () => {
    const never = () => new Promise<LookupAddress[]>(() => undefined);
    const started = Date.now();
    const err = await failure(fetchUrl('https://slow-dns.example/a.png', { ...limits, connectTimeoutMs: 200, lookup: never }));
    expect(err.code).toBe('download_timeout');
    expect(err.details).toEqual([{ phase: 'connect', timeout_ms: 200 }]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("rejects with the caller's abort reason", async () => {
    const { base } = await serve(() => undefined);
    const controller = new AbortController();
    const pending = fetchUrl(`${base}/`, { ...local, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 50);
    await expect(pending).rejects.toThrow('job cancelled');
  });
});

describe('fetchUrl against SSRF through redirects and DNS', () => {
  const refusedTargets = ['http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/latest/meta-data/', 'http://internal.example/'];

  it.each(refusedTargets)('refuses a redirect from an allowed host to %s without connecting to it', async (target) => {
    let hits = 0;
    const { port } = await serve((_req, res) => {
      hits++;
      res.writeHead(302, { location: target }).end();
    });
    const dns = fakeDns({ 'files.example': ['127.0.0.1'], 'internal.example': ['10.0.0.1'] });
    const err = await failure(fetchUrl(`http://files.example:${port}/a.png`, { ...limits, lookup: dns.lookup, classifyAddress: loopbackAllowed }));
    expect(err.code).toBe('url_not_allowed');
    expect(err.message).toContain('redirected');
    expect(hits).toBe(1);
    expect(attempts).toEqual(['127.0.0.1']);
  });

  it('refuses a redirect to a non-http scheme', async () => {
    const { base } = await serve((_req, res) => res.writeHead(301, { location: 'file:///etc/passwd' }).end());
    const err = await failure(fetchUrl(`${base}/`, local));
    expect(err.code).toBe('url_not_allowed');
    expect(err.details).toEqual([{ reason: 'scheme', scheme: 'file:' }]);
  });

  it('connects to the address it checked, not to a second DNS answer (rebinding)', async () => {
    const { port } = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('vetted'));
    // First answer allowed, any later one refused. The later one is 127.0.0.2 rather than a
    // private address so that even a broken fetcher would send nothing off this machine.
    const answers = ['127.0.0.1', '127.0.0.2'];
    const asked: string[] = [];
    const lookup = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname);
      return [{ address: answers[Math.min(asked.length - 1, 1)] ?? '127.0.0.2', family: 4 }];
    };
    const result = await fetchToBuffer(`http://rebind.example:${port}/a.txt`, { ...limits, lookup, classifyAddress: loopbackAllowed });
    expect(result.body.toString()).toBe('vetted');
    expect(asked).toEqual(['rebind.example']);
    expect(attempts).toEqual(['127.0.0.1']);
  });
});

async function fetchToBufferOf(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
