import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const upload = (body: NonNullable<RequestInit['body']>, query = '', headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}/v1/store/file${query}`, { method: 'POST', headers: { ...bearer(ALICE), ...headers }, body });
const read = (key: string) => fetch(`${api.baseUrl}/v1/store/file/read/${key}`, { headers: bearer(ALICE) });

describe('POST /v1/store/file', () => {
  it('stores a raw body under the given key and reads it back byte for byte with its content type', async () => {
    const data = randomBytes(300_000);
    const key = `scans/${randomUUID()}/page 1.png`;
    const res = await upload(data, `?key=${encodeURIComponent(key)}`, { 'content-type': 'image/png' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, key, size: data.length, log_id: expect.any(String) });
    expect(body.url).toBe(`${api.baseUrl}/v1/store/file/read/${key.split('/').map(encodeURIComponent).join('/')}`);
    const back = await fetch(body.url, { headers: bearer(ALICE) });
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await back.arrayBuffer()).equals(data)).toBe(true);
  });

  it('stores a raw JSON file as bytes, not as a parsed body', async () => {
    const text = '{"a": [1, 2, 3]}\n';
    const res = await upload(text, '?key=data.json', { 'content-type': 'application/json' });
    expect(res.status).toBe(200);
    const back = await read('data.json');
    expect(await back.text()).toBe(text);
  });

  it('takes a multipart upload whose options come after the file, as the official client sends them', async () => {
    const data = randomBytes(50_000);
    const key = `mp/${randomUUID()}.pdf`;
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'application/pdf' }), 'doc.pdf');
    form.append('body', JSON.stringify({ key, temp_public_url: true }));
    const res = await upload(form);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ key, size: data.length });
    const back = await read(key);
    expect(back.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await back.arrayBuffer()).equals(data)).toBe(true);
    // The temporary public link works without any key.
    const pub = await fetch(body.temp_public_url);
    expect(pub.status).toBe(200);
    expect(Buffer.from(await pub.arrayBuffer()).equals(data)).toBe(true);
  });

  it('treats the literal "undefined" body part as no options and picks a random key keeping the extension', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'note.TXT');
    form.append('body', 'undefined');
    const body = await (await upload(form)).json();
    expect(body.key).toMatch(/^[0-9a-f-]{36}\.txt$/);
    expect(body.temp_public_url).toBeUndefined();
    expect(await (await read(body.key)).text()).toBe('hello');
  });

  it('refuses to replace an existing key unless overwrite is set', async () => {
    const key = `ow/${randomUUID()}`;
    expect((await upload('one', `?key=${key}`)).status).toBe(200);
    const conflict = await upload('two', `?key=${key}`);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.code).toBe('file_exists');
    expect(await (await read(key)).text()).toBe('one');
    expect((await upload('two', `?key=${key}&overwrite=true`)).status).toBe(200);
    expect(await (await read(key)).text()).toBe('two');
  });
});

describe('DELETE /v1/store/file/read/:key', () => {
  it('removes the file; a second delete is 404', async () => {
    const key = `del/${randomUUID()}/x.bin`;
    await upload('bytes', `?key=${key}`);
    const res = await fetch(`${api.baseUrl}/v1/store/file/read/${key}`, { method: 'DELETE', headers: bearer(ALICE) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, key });
    expect((await read(key)).status).toBe(404);
    const again = await fetch(`${api.baseUrl}/v1/store/file/read/${key}`, { method: 'DELETE', headers: bearer(ALICE) });
    expect(again.status).toBe(404);
  });
});

describe('GET /v1/logs/:log_id', () => {
  it("returns the request's entry to the key that made it", async () => {
    const res = await upload('log me', `?key=logs/${randomUUID()}`);
    const { log_id } = await res.json();
    await new Promise((r) => setTimeout(r, 100)); // written as the response completes
    const log = await fetch(`${api.baseUrl}/v1/logs/${log_id}`, { headers: bearer(ALICE) });
    expect(log.status).toBe(200);
    expect((await log.json()).log).toMatchObject({ log_id, method: 'POST', route: '/v1/store/file', status: 200, key_name: expect.stringMatching(/^key-/) });
  });
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document generated from the request schemas', async () => {
    const doc = await (await fetch(`${api.baseUrl}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/ai/translate', '/v1/vision/ocr', '/v1/vision/ocr/jobs', '/v1/vision/ocr/jobs/{job_id}', '/v1/store/file', '/v1/store/file/read/{key}']));
    const ocr = doc.paths['/v1/vision/ocr'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(ocr.properties)).toEqual(expect.arrayContaining(['url', 'file_store_key', 'prompt', 'fine_grained', 'page_range']));
  });
});
