import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../src/route.js';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    limits: { jsonBodyLimitBytes: 2_048 },
    routes: [
      // A JSON route validated by its own schema, to exercise the error pipeline end to end.
      defineRoute({
        method: 'POST',
        path: '/v1/test/echo',
        operationId: 'echo',
        tag: 'Service',
        summary: 'echo',
        body: { json: z.object({ name: z.string().min(1), pages: z.array(z.number()).max(10, { message: 'at most 10 pages' }).optional() }) },
        responses: { 200: { description: 'echo', json: z.object({ success: z.literal(true), name: z.string() }) } },
        handler: async ({ body }) => ({ success: true, name: body!.name }),
      }),
      defineRoute({
        method: 'GET',
        path: '/v1/test/boom',
        operationId: 'boom',
        tag: 'Service',
        summary: 'boom',
        responses: {},
        handler: async () => {
          throw new Error('secret internal detail at /srv/app.ts:42');
        },
      }),
    ],
  });
});
afterAll(() => api.close());

const post = (body: string, contentType = 'application/json') =>
  fetch(`${api.baseUrl}/v1/test/echo`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': contentType }, body });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await res.json();
  expect(body).toMatchObject({ success: false, error: { code }, log_id: expect.any(String) });
  expect(typeof body.message).toBe('string');
  return body;
}

describe('the error contract', () => {
  it('answers a valid request with success and log_id', async () => {
    const res = await post(JSON.stringify({ name: 'x' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, name: 'x', log_id: expect.any(String) });
  });

  it('400 validation_failed names the field and the rule', async () => {
    const body = await expectError(await post(JSON.stringify({ name: '', pages: Array(11).fill(1) })), 400, 'validation_failed');
    expect(body.message).toContain('pages: at most 10 pages');
    expect(body.error.details).toContainEqual({ field: 'pages', rule: 'at most 10 pages' });
    expect(body.error.details.map((d: { field: string }) => d.field)).toContain('name');
  });

  it('400 validation_failed on the real routes says what is wrong in words, not validator text', async () => {
    const ask = async (path: string, body: unknown) => {
      const res = await fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { ...bearer(ALICE), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await expectError(res, 400, 'validation_failed')).message as string;
    };
    const cases: Array<[string, unknown, string]> = [
      ['/v1/vision/ocr', { url: 'https://example.com/a.png', page_range: [0, 3] }, 'page_range[0]: must be at least 1'],
      ['/v1/vision/ocr', { url: 'https://example.com/a.png', page_range: [1.5, 3] }, 'page_range[0]: must be a whole number, not 1.5'],
      ['/v1/vision/ocr', { url: 'https://example.com/a.png', fine_grained: 'yes' }, 'fine_grained: must be true or false, not a string'],
      ['/v1/vision/ocr', { url: 'scan.png' }, 'url: must be a URL, such as https://example.com/scan.pdf'],
      ['/v1/ai/translate', { text: 'hello' }, 'target_language: is required'],
      ['/v1/ai/translate', { text: 5, target_language: 'fr' }, 'text: must be a string or a list of strings'],
      ['/v1/ai/translate', { text: ['a', 5], target_language: 'fr' }, 'text[1]: must be a string, not a whole number'],
    ];
    for (const [path, body, message] of cases) {
      const said = await ask(path, body);
      expect(said, JSON.stringify(body)).toBe(message);
      expect(said).not.toMatch(/Too small|Invalid input|expected \w+ to be|received/);
    }
  });

  it('400 invalid_json for malformed JSON and for an empty JSON body', async () => {
    await expectError(await post('{"name": '), 400, 'invalid_json');
    await expectError(await post(''), 400, 'invalid_json');
  });

  it('415 unsupported_media_type for a body that is not JSON', async () => {
    await expectError(await post('name=x', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
  });

  it('413 payload_too_large past the JSON body limit', async () => {
    await expectError(await post(JSON.stringify({ name: 'x'.repeat(4_000) })), 413, 'payload_too_large');
  });

  it('404 not_found for an unknown route, 405 with Allow for a wrong method', async () => {
    await expectError(await fetch(`${api.baseUrl}/v1/nothing`, { headers: bearer(ALICE) }), 404, 'not_found');
    // A file the web page's folders do not hold: 404 too, not "GET is not allowed; use GET".
    await expectError(await fetch(`${api.baseUrl}/web/pdfjs/standard_fonts/nothing.pfb`), 404, 'not_found');
    const res = await fetch(`${api.baseUrl}/v1/test/echo`, { method: 'PUT', headers: bearer(ALICE) });
    await expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('500 internal_error shows no stack trace or internals', async () => {
    const res = await fetch(`${api.baseUrl}/v1/test/boom`, { headers: bearer(ALICE) });
    const body = await expectError(res, 500, 'internal_error');
    expect(JSON.stringify(body)).not.toMatch(/secret|srv|app\.ts|stack/);
  });
});
