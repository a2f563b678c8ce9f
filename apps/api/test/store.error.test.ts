import { randomBytes, randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';

let api: TestApi;
const MAX = 64 * 1024;
beforeAll(async () => {
  api = await startApi({ limits: { maxUploadBytes: MAX } });
});
afterAll(() => api.close());

const upload = (body: NonNullable<RequestInit['body']>, query = '', init: RequestInit = {}) =>
  fetch(`${api.baseUrl}/v1/store/file${query}`, { method: 'POST', headers: bearer(ALICE), body, ...init });

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await api.deps.store.client.send(new ListObjectsV2Command({ Bucket: api.deps.store.bucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

/** A body stream of unknown length (sent chunked, no Content-Length). */
const chunkedBody = (bytes: number) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = randomBytes(Math.min(16 * 1024, bytes - sent));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
};

describe('file keys', () => {
  it.each([
    ['a "..", segment', 'a/../b', /\.\./],
    ['a control character', 'a%01b', /control characters/],
    ['over 1,024 bytes', 'k'.repeat(1_025), /1024 bytes/],
  ])('refuses a key with %s (400 invalid_file_key)', async (_what, key, rule) => {
    const res = await upload('x', `?key=${key}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_file_key');
    expect(body.message).toMatch(rule);
  });

  it('refuses such a key on read and delete too', async () => {
    const res = await fetch(`${api.baseUrl}/v1/store/file/read/a/%2E%2E/b`, { headers: bearer(ALICE) });
    expect([400, 404]).toContain(res.status); // the URL parser may collapse "..": either way nothing is read
    expect((await fetch(`${api.baseUrl}/v1/store/file/read/a%01b`, { headers: bearer(ALICE) })).status).toBe(400);
  });
});

describe('MAX_UPLOAD_BYTES', () => {
  it('413 file_too_large at once for a declared Content-Length over the limit, nothing stored', async () => {
    const key = `big/${randomUUID()}`;
    const res = await upload(randomBytes(MAX + 1), `?key=${key}`);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('file_too_large');
    expect(await objectsUnder(`files/`).then((keys) => keys.filter((k) => k.endsWith(key)))).toEqual([]);
  });

  it('413 for a chunked body that grows past the limit, and nothing half-written is left', async () => {
    const key = `big/${randomUUID()}`;
    const res = await upload(chunkedBody(MAX * 4), `?key=${key}`, { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await objectsUnder('files/')).filter((k) => k.endsWith(key))).toEqual([]);
  });

  it('413 for a multipart file over the limit, and no staging object is left', async () => {
    const before = await objectsUnder('staging/');
    const form = new FormData();
    form.append('file', new Blob([randomBytes(MAX * 2)]), 'big.bin');
    form.append('body', JSON.stringify({ key: `big/${randomUUID()}` }));
    const res = await upload(form);
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('file_too_large');
    expect(await objectsUnder('staging/')).toEqual(before);
  });
});

describe('bad uploads', () => {
  it('400 for a multipart body without a file part, and for a body part that is not JSON', async () => {
    const noFile = new FormData();
    noFile.append('body', '{}');
    const a = await upload(noFile);
    expect(a.status).toBe(400);
    expect((await a.json()).message).toMatch(/"file" part/);
    const badBody = new FormData();
    badBody.append('file', new Blob(['x']), 'x.txt');
    badBody.append('body', '{not json');
    const b = await upload(badBody);
    expect(b.status).toBe(400);
    expect((await b.json()).error.code).toBe('invalid_json');
  });

  it('400 for a second file, and for an option sent as a part of its own (never stored under a key it ignored)', async () => {
    const two = new FormData();
    two.append('file', new Blob(['a']), 'a.txt');
    two.append('file', new Blob(['b']), 'b.txt');
    const a = await upload(two);
    expect(a.status).toBe(400);
    expect((await a.json()).message).toBe('send exactly one file, in a part named "file"');
    const key = `loose/${randomUUID()}`;
    const loose = new FormData();
    loose.append('key', key);
    loose.append('file', new Blob(['x']), 'x.txt');
    const b = await upload(loose);
    expect(b.status).toBe(400);
    const said = (await b.json()) as { message: string; error: { code: string } };
    expect(said.error.code).toBe('validation_failed');
    expect(said.message).toMatch(/a part "key": send the upload options as JSON in one part named "body"/);
    expect((await objectsUnder('files/')).filter((k) => k.endsWith(key))).toEqual([]);
  });

  it('404 file_not_found for a key that was never stored', async () => {
    const res = await fetch(`${api.baseUrl}/v1/store/file/read/never/${randomUUID()}`, { headers: bearer(ALICE) });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('file_not_found');
  });
});
