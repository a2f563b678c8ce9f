import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';

/** The queue dashboard (bull-board) at /admin/queues: only for ADMIN_API_KEYS, read-only by default. */
const ADMIN = 'admin-key-0123456789';
let api: TestApi;
let plain: TestApi;

beforeAll(async () => {
  api = await startApi({ deps: { admin: { keys: [ADMIN], writable: false } } });
  plain = await startApi();
});
afterAll(async () => {
  await api?.close();
  await plain?.close();
});

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`ops:${password}`).toString('base64')}` });

describe('GET /admin/queues', () => {
  it('is refused without an admin key, and with an ordinary API key, asking the browser for one', async () => {
    const none = await fetch(`${api.baseUrl}/admin/queues`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect((await fetch(`${api.baseUrl}/admin/queues`, { headers: bearer(ALICE) })).status).toBe(401);
    expect((await fetch(`${api.baseUrl}/admin/queues/api/queues`, { headers: basic(ALICE) })).status).toBe(401);
  });

  it('shows the dashboard to an admin key (Bearer, or Basic with the key as password)', async () => {
    const page = await fetch(`${api.baseUrl}/admin/queues`, { headers: basic(ADMIN) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const res = await fetch(`${api.baseUrl}/admin/queues/api/queues`, { headers: bearer(ADMIN) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { queues: Array<{ name: string; readOnlyMode: boolean }> };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['ocr-job', 'ocr-page', 'pdf-raster', 'translate']);
    expect(body.queues.every((q) => q.readOnlyMode)).toBe(true);
  });

  it('does not change jobs while read-only', async () => {
    const res = await fetch(`${api.baseUrl}/admin/queues/api/queues/ocr-page/clean/failed`, { method: 'PUT', headers: bearer(ADMIN) });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('is not served at all without ADMIN_API_KEYS', async () => {
    expect((await fetch(`${plain.baseUrl}/admin/queues`, { headers: bearer(ALICE) })).status).toBe(404);
  });
});
