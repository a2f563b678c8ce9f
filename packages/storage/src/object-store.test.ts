import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createS3Client } from './client.js';
import { ObjectNotFoundError, ObjectStore } from './object-store.js';

const client = createS3Client(inject('s3'));
const store = new ObjectStore(client, inject('s3').S3_BUCKET);
const prefix = `storage-test/${randomUUID()}`;

/** A stream of unknown length, delivered in uneven chunks as a network upload would be. */
function chunked(data: Buffer): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= data.length) return this.push(null);
      const size = 1 + Math.floor(Math.random() * 256 * 1024);
      this.push(data.subarray(offset, offset + size));
      offset += size;
    },
  });
}

afterAll(() => client.destroy());

/**
 * A TCP proxy to the S3 server that cuts the first `drops` connections as soon as a request
 * arrives on them: what a client sees when the server closes an idle keep-alive connection at the
 * moment the client reuses it (ECONNRESET, "socket hang up").
 */
async function droppingProxy(target: string, drops: number) {
  const { hostname, port } = new URL(target);
  let seen = 0;
  const server = net.createServer((client) => {
    if (seen++ < drops) {
      client.once('data', () => client.resetAndDestroy());
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    client.pipe(upstream).pipe(client);
    const close = () => (client.destroy(), upstream.destroy());
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    connections: () => seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('ObjectStore', () => {
  // Under the SDK's default checksum settings this stores the aws-chunked framing too (5,242,935 bytes).
  it('reads back a streamed 5 MB object byte for byte', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const key = `${prefix}/five-mb.bin`;
    await store.put(key, chunked(data), { contentType: 'application/octet-stream' });
    expect(await store.head(key)).toEqual({ size: data.length, contentType: 'application/octet-stream' });
    const back = await store.getBytes(key);
    expect(back.length).toBe(data.length);
    expect(back.equals(data)).toBe(true);
  });

  it('reads back a stream of unknown length, sent as a multipart upload, byte for byte', async () => {
    const data = randomBytes(12 * 1024 * 1024 + 17);
    const key = `${prefix}/multipart.bin`;
    await store.put(key, chunked(data), { partSize: 5 * 1024 * 1024 });
    expect((await store.getBytes(key)).equals(data)).toBe(true);
  });

  // A stream can be read once: an upload sent as one streamed request could not be tried again.
  it.each([
    ['that fits in one request', 3 * 1024 * 1024 + 5],
    ['sent in parts', 11 * 1024 * 1024 + 3],
  ])('stores a stream %s whole when the connection it was sent on is dropped', async (_what, length) => {
    const proxy = await droppingProxy(inject('s3').S3_ENDPOINT, 1);
    const viaProxy = createS3Client({ ...inject('s3'), S3_ENDPOINT: proxy.endpoint });
    try {
      const data = randomBytes(length);
      const key = `${prefix}/dropped-${length}.bin`;
      await new ObjectStore(viaProxy, inject('s3').S3_BUCKET).put(key, chunked(data), { contentType: 'application/pdf', partSize: 5 * 1024 * 1024 });
      expect(proxy.connections()).toBeGreaterThan(1); // the dropped request was sent again
      expect(await store.head(key)).toEqual({ size: length, contentType: 'application/pdf' });
      expect((await store.getBytes(key)).equals(data)).toBe(true);
    } finally {
      viaProxy.destroy();
      await proxy.close();
    }
  });

  it('treats a missing object as not found, and deletes', async () => {
    const key = `${prefix}/gone.txt`;
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await store.head(key)).toBeUndefined();
    await store.put(key, 'hello', { contentType: 'text/plain' });
    expect((await store.getBytes(key)).toString()).toBe('hello');
    await store.delete(key);
    expect(await store.head(key)).toBeUndefined();
    await store.delete(key); // deleting twice is fine
  });

  it('pings its bucket, and fails for a bucket that does not exist', async () => {
    await store.ping();
    await expect(new ObjectStore(client, `missing-${Date.now()}`).ping()).rejects.toThrow();
  });

  it('reads the head of an object with its whole size, in one ranged GET', async () => {
    const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));
    await store.put('head/object', bytes);
    const head = await store.getHead('head/object', 1_000);
    expect(head.size).toBe(10_000);
    expect(head.bytes.equals(bytes.subarray(0, 1_000))).toBe(true);
    const all = await store.getHead('head/object', 50_000);
    expect(all.size).toBe(10_000);
    expect(all.bytes.equals(bytes)).toBe(true);
    await store.put('head/empty', Buffer.alloc(0));
    expect(await store.getHead('head/empty', 1_000)).toEqual({ bytes: Buffer.alloc(0), size: 0 });
    await expect(store.getHead('head/missing', 1_000)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });
});
