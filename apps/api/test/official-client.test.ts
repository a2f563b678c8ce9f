import { randomBytes, randomUUID } from 'node:crypto';
import { JigsawStack } from 'jigsawstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../../../test/stack.ts';

const KEY = 'official-client-key-0123456789';
let api: ApiProcess;
let client: ReturnType<typeof JigsawStack>;

beforeAll(async () => {
  api = await startApiProcess({ API_KEYS: KEY });
  // The only change a user of the public API makes: baseURL.
  client = JigsawStack({ apiKey: KEY, baseURL: api.baseUrl });
});
afterAll(() => api.stop());

describe('the official jigsawstack client, pointed at this service', () => {
  it('store.upload, store.retrieve and store.delete a file whose key holds "/"', async () => {
    const data = randomBytes(20_000);
    const key = `client/${randomUUID()}/scan.png`;
    const uploaded = await client.store.upload(data, { key, content_type: 'image/png', temp_public_url: true });
    expect(uploaded).toMatchObject({ success: true, key, size: data.length });
    expect(uploaded.temp_public_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/store\/file\/public\//);

    const retrieved = await client.store.retrieve(key);
    expect((await retrieved.buffer()).equals(data)).toBe(true);

    expect(await client.store.delete(key)).toMatchObject({ success: true });
    await expect(client.store.retrieve(key)).rejects.toMatchObject({ success: false, error: { code: 'file_not_found' } });
  });

  it('store.upload without options gets a random key', async () => {
    const uploaded = await client.store.upload(Buffer.from('no options'));
    expect(uploaded.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await client.store.retrieve(uploaded.key)).buffer()).toEqual(Buffer.from('no options'));
  });

  it('receives the error body as what it throws, e.g. for a wrong key', async () => {
    const wrong = JigsawStack({ apiKey: 'wrong-key', baseURL: api.baseUrl });
    await expect(wrong.store.upload(Buffer.from('x'))).rejects.toMatchObject({ success: false, error: { code: 'invalid_api_key' }, log_id: expect.any(String) });
  });
});
