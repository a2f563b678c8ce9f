import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';

/** CORS for browser apps on another origin (CORS_ORIGINS): preflights answered without a key, none by default. */

const APP = 'https://app.example.com';
let open: TestApi;
let closed: TestApi;
beforeAll(async () => {
  open = await startApi({ deps: { corsOrigins: [APP] } });
  closed = await startApi();
});
afterAll(async () => {
  await open?.close();
  await closed?.close();
});

const preflight = (api: TestApi, origin: string) =>
  fetch(`${api.baseUrl}/v1/vision/ocr`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
  });

describe('CORS', () => {
  it('answers an allowed origin’s preflight without a key, allowing the key and JSON headers', async () => {
    const res = await preflight(open, APP);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization.*content-type.*idempotency-key/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets the allowed origin read answers and errors (with their log id), not another origin', async () => {
    const found = await fetch(`${open.baseUrl}/v1/logs/nothing`, { headers: { ...bearer(ALICE), origin: APP } });
    expect(found.status).toBe(404);
    expect(found.headers.get('access-control-allow-origin')).toBe(APP);
    expect(found.headers.get('access-control-expose-headers')).toContain('x-log-id');
    const refused = await fetch(`${open.baseUrl}/v1/logs/nothing`, { headers: { origin: APP } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP);
    const other = await fetch(`${open.baseUrl}/v1/logs/nothing`, { headers: { ...bearer(ALICE), origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(open, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS headers when CORS_ORIGINS is not set', async () => {
    const res = await fetch(`${closed.baseUrl}/v1/logs/nothing`, { headers: { ...bearer(ALICE), origin: APP } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(closed, APP)).headers.get('access-control-allow-origin')).toBeNull();
  });
});
