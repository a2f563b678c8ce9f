import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../../test/stack.ts';

const KEY = 'memory-test-key-0123456789';
const SIZE = Number(process.env.MEM_TEST_MB ?? 200) * 1024 * 1024;
let api: ApiProcess;

beforeAll(async () => {
  api = await startApiProcess({ API_KEYS: KEY, MAX_UPLOAD_BYTES: String(SIZE) });
  // Warm up once with an upload of a few parts, so that the baseline includes the one-time cost of
  // loading the S3 client's modules: the test measures what an upload holds, not what a first one loads.
  for (const headers of [{ 'content-length': String(20 << 20) }, {}]) {
    const res = await fetch(`${api.baseUrl}/v1/store/file?key=mem/warm-${randomUUID()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, ...headers },
      body: Buffer.alloc(20 << 20),
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => api.stop());

/** SIZE bytes of deterministic content, generated as they are sent (never held whole by the test either). */
function body(hash: ReturnType<typeof createHash>) {
  let sent = 0;
  let counter = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= SIZE) return controller.close();
      const chunk = Buffer.alloc(Math.min(256 * 1024, SIZE - sent));
      for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE(counter++ >>> 0, i);
      hash.update(chunk);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

/**
 * Growth bound. Measured: 11-75 MB for 100 MB, 20-53 for 200, 29-44 for 300 (bounded, not proportional): V8
 * collects garbage Buffers only past its 64 MB external-memory soft limit, and two 8 MB parts are in
 * flight. A body held whole would add at least its own 200 MB.
 */
const MAX_GROWTH_MB = 120;

/** Uploads while sampling the API's resident memory; returns its growth over the idle baseline. */
async function measure(upload: (hash: ReturnType<typeof createHash>) => Promise<Response>) {
  const baseline = api.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 20);
  const sent = createHash('sha256');
  const res = await upload(sent);
  clearInterval(sampler);
  expect(res.status).toBe(200);
  const { url, size } = await res.json();
  expect(size).toBe(SIZE);
  // Read back through the API and compare digests: byte for byte, without holding it whole in the test.
  const back = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
  const got = createHash('sha256');
  for await (const chunk of back.body as unknown as AsyncIterable<Uint8Array>) got.update(chunk);
  expect(got.digest('hex')).toBe(sent.digest('hex'));
  return { baselineMb: baseline / 2 ** 20, growthMb: (peak - baseline) / 2 ** 20 };
}

describe('a 200 MB upload streams through the API', () => {
  it('with Content-Length: a multipart upload to S3, memory grows by a few tens of MB at most', async () => {
    const { growthMb, baselineMb } = await measure((hash) =>
      fetch(`${api.baseUrl}/v1/store/file?key=mem/${randomUUID()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-length': String(SIZE), 'content-type': 'application/octet-stream' },
        body: body(hash),
        duplex: 'half',
      } as RequestInit),
    );
    console.log(`raw upload: API RSS baseline ${baselineMb.toFixed(0)} MB, growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('chunked, without Content-Length: a multipart upload to S3, memory grows by a few tens of MB at most', async () => {
    const { growthMb, baselineMb } = await measure((hash) =>
      fetch(`${api.baseUrl}/v1/store/file?key=mem/${randomUUID()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/octet-stream' },
        body: body(hash),
        duplex: 'half',
      } as RequestInit),
    );
    console.log(`chunked upload: API RSS baseline ${baselineMb.toFixed(0)} MB, growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  });
});
