import { validate as validateOpenApi } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, bearer, startApi, type TestApi } from './harness.js';
import { png, prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * The served OpenAPI document is the contract: it validates as OpenAPI 3.1, it describes every
 * route the server answers, and the real answers of every route (through real workers) match the
 * schema it gives for their status and media type.
 */

type Json = Record<string, any>;
const ADMIN = 'admin-key-0123456789';
let api: TestApi;
let workers: RunningWorkers;
let doc: Json;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** Every (method, path template, status) an answer was checked for. */
const checked = new Set<string>();

beforeAll(async () => {
  api = await startApi({ deps: { admin: { keys: [ADMIN], writable: false } } });
  workers = await startWorkers(['pdf', 'ocr', 'jobs', 'translate'], api.deps.queuePrefix, { OCR_CONCURRENCY: '2', PDF_CONCURRENCY: '2', ALLOW_PRIVATE_URLS: 'true' });
  const res = await fetch(`${api.baseUrl}/openapi.json`);
  doc = (await res.json()) as Json;
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await api?.close();
});

/** The document's operation for a method and an OpenAPI path template. */
function operationOf(method: string, template: string): Json {
  const op = doc.paths?.[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${template} is not in the document`);
  return op;
}

const resolve = (schema: Json): Json => (typeof schema.$ref === 'string' ? resolve(schema.$ref.slice(2).split('/').reduce((node: Json, key: string) => node[key.replace(/~1/g, '/')], doc)) : schema);

/** Checks a real answer against what the document says of it: its status is listed, its media type too, and a JSON body matches its schema. */
async function expectDocumented(method: string, template: string, res: Response): Promise<{ status: number; body: any; text: string }> {
  const op = operationOf(method, template);
  const answer = op.responses[String(res.status)];
  const text = await res.text();
  expect(answer, `${method} ${template} answered ${res.status}, which the document does not list: ${text.slice(0, 300)}`).toBeDefined();
  checked.add(`${method} ${template} ${res.status}`);
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const content = answer.content ?? {};
  const entry = content[mediaType] ?? content['*/*'];
  expect(entry, `${method} ${template} ${res.status} answered ${mediaType}; the document lists ${Object.keys(content).join(', ')}`).toBeDefined();
  let body: unknown;
  if (mediaType === 'application/json') {
    body = JSON.parse(text);
    const check = ajv.compile(resolve(entry.schema));
    const ok = check(body);
    expect(ok, `${method} ${template} ${res.status}: ${ajv.errorsText(check.errors)}\n${text.slice(0, 400)}`).toBe(true);
  }
  return { status: res.status, body, text };
}

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { ...bearer(ALICE), ...(body !== undefined && !(body instanceof Uint8Array) && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body === undefined ? {} : { body: body instanceof Uint8Array || body instanceof FormData ? body : JSON.stringify(body) }),
  });

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, exactly as served', async () => {
    const result = await validateOpenApi(structuredClone(doc) as Parameters<typeof validateOpenApi>[0]);
    expect(result.valid, JSON.stringify(result).slice(0, 2_000)).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: 'This service' }]);
  });

  it('describes every route the server answers, and nothing it does not', () => {
    const prefixes = ['/web/', '/admin/queues/'];
    const served = api.app.servedRoutes
      .filter((r) => !prefixes.some((p) => r.url.startsWith(p)))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{key}')}`);
    const described = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops as Json).map((m) => `${m.toUpperCase()} ${path}`));
    expect(new Set(served)).toEqual(new Set(described));
    for (const route of ['POST /v1/vocr', 'GET /v1/vision/ocr/jobs/{job_id}/result', 'GET /v1/vision/ocr/languages', 'GET /v1/ai/translate/languages', 'GET /metrics']) expect(described).toContain(route);
  });

  it('lists the request bodies the server takes: JSON and multipart for OCR, bytes and multipart for files', () => {
    expect(Object.keys(operationOf('POST', '/v1/vision/ocr').requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(Object.keys(operationOf('POST', '/v1/vision/ocr/jobs').requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(Object.keys(operationOf('POST', '/v1/store/file').requestBody.content).sort()).toEqual(['application/octet-stream', 'multipart/form-data']);
    const output = operationOf('POST', '/v1/vision/ocr').requestBody.content['application/json'].schema.properties.output;
    expect(output.enum).toEqual(['json', 'text', 'pdf', 'hocr', 'alto', 'csv', 'xlsx']);
    expect(output['x-formats'].alto).toEqual({ title: 'ALTO', extension: 'xml', content_type: 'application/alto+xml; charset=utf-8' });
  });
});

describe('real answers match the document', () => {
  it('OCR: JSON, each output format, multipart on /v1/vocr, and errors', async () => {
    const { image } = await prosePage(sampleProse(2, 3));
    await expectDocumented('POST', '/v1/store/file', await call('POST', '/v1/store/file?key=contract/page.png&overwrite=true', await png(image), { 'content-type': 'image/png' }));
    await expectDocumented('POST', '/v1/store/file', await call('POST', '/v1/store/file?key=contract/doc.pdf&overwrite=true', textPdf([{ lines: ['Invoice 42', 'Total 9.00'] }]), { 'content-type': 'application/pdf' }));
    const json = await expectDocumented('POST', '/v1/vision/ocr', await call('POST', '/v1/vision/ocr', { file_store_key: 'contract/page.png', prompt: ['total'] }));
    expect(json.body.has_text).toBe(true);
    const structured = await expectDocumented('POST', '/v1/vision/ocr', await call('POST', '/v1/vision/ocr', { file_store_key: 'contract/doc.pdf', features: ['tables', 'key_value_pairs'] }));
    expect(structured.body).toHaveProperty('tables');
    for (const output of ['text', 'hocr', 'alto', 'pdf', 'csv', 'xlsx']) {
      const res = await call('POST', '/v1/vision/ocr', { file_store_key: 'contract/doc.pdf', output });
      expect(res.status).toBe(200);
      await expectDocumented('POST', '/v1/vision/ocr', res);
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(image))], { type: 'image/png' }), 'page.png');
    form.append('body', 'undefined');
    expect((await expectDocumented('POST', '/v1/vocr', await call('POST', '/v1/vocr', form))).status).toBe(200);
    expect((await expectDocumented('POST', '/v1/vision/ocr', await call('POST', '/v1/vision/ocr', { url: 'x' }))).status).toBe(400);
    expect((await expectDocumented('POST', '/v1/vision/ocr', await call('POST', '/v1/vision/ocr', { file_store_key: 'contract/none.png' }))).status).toBe(404);
    expect((await expectDocumented('POST', '/v1/vision/ocr', await call('POST', '/v1/vision/ocr', { file_store_key: 'contract/page.png' }, { authorization: 'Bearer nope' }))).status).toBe(401);
    await expectDocumented('GET', '/v1/vision/ocr/languages', await call('GET', '/v1/vision/ocr/languages'));
  });

  it('OCR jobs: create, replay, status with and without the answer, pages, every result format, list, cancel and errors', async () => {
    const created = await expectDocumented('POST', '/v1/vision/ocr/jobs', await call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'contract/doc.pdf' }, { 'idempotency-key': 'contract-1' }));
    expect(created.status).toBe(202);
    const id = created.body.job_id as string;
    expect((await expectDocumented('POST', '/v1/vision/ocr/jobs', await call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'contract/doc.pdf' }, { 'idempotency-key': 'contract-1' }))).status).toBe(200);
    for (let i = 0; ; i++) {
      const status = await expectDocumented('GET', '/v1/vision/ocr/jobs/{job_id}', await call('GET', `/v1/vision/ocr/jobs/${id}?answer=false`));
      if (status.body.status === 'succeeded') break;
      if (i > 300) throw new Error(`job still ${status.body.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const whole = await expectDocumented('GET', '/v1/vision/ocr/jobs/{job_id}', await call('GET', `/v1/vision/ocr/jobs/${id}`));
    expect(whole.body.sections.length).toBeGreaterThan(0);
    await expectDocumented('GET', '/v1/vision/ocr/jobs/{job_id}/pages', await call('GET', `/v1/vision/ocr/jobs/${id}/pages?from=1`));
    for (const format of ['json', 'text', 'hocr', 'alto', 'pdf', 'csv', 'xlsx']) {
      const res = await call('GET', `/v1/vision/ocr/jobs/${id}/result?format=${format}`);
      expect(res.status).toBe(200);
      await expectDocumented('GET', '/v1/vision/ocr/jobs/{job_id}/result', res);
    }
    expect((await expectDocumented('GET', '/v1/vision/ocr/jobs/{job_id}/result', await call('GET', `/v1/vision/ocr/jobs/${id}/result?format=docx`))).status).toBe(400);
    await expectDocumented('GET', '/v1/vision/ocr/jobs', await call('GET', '/v1/vision/ocr/jobs?limit=1'));
    expect((await expectDocumented('DELETE', '/v1/vision/ocr/jobs/{job_id}', await call('DELETE', `/v1/vision/ocr/jobs/${id}`))).status).toBe(409);
    const queued = await expectDocumented('POST', '/v1/vision/ocr/jobs', await call('POST', '/v1/vision/ocr/jobs', { file_store_key: 'contract/doc.pdf' }));
    await expectDocumented('DELETE', '/v1/vision/ocr/jobs/{job_id}', await call('DELETE', `/v1/vision/ocr/jobs/${queued.body.job_id}`));
    expect((await expectDocumented('GET', '/v1/vision/ocr/jobs/{job_id}', await call('GET', '/v1/vision/ocr/jobs/00000000-0000-0000-0000-000000000000'))).status).toBe(404);
  });

  it('translation, files, logs and the service routes', async () => {
    const one = await expectDocumented('POST', '/v1/ai/translate', await call('POST', '/v1/ai/translate', { text: 'The house is big.', target_language: 'es' }));
    expect(one.body.detected_language_confidence).toBeTypeOf('number');
    await expectDocumented('POST', '/v1/ai/translate', await call('POST', '/v1/ai/translate', { text: ['The cat.', 'The dog.'], target_language: 'es', source_language: 'en' }));
    expect((await expectDocumented('POST', '/v1/ai/translate', await call('POST', '/v1/ai/translate', { text: 'x', target_language: 'es', source_language: 'qq' }))).status).toBe(400);
    expect((await expectDocumented('POST', '/v1/ai/translate', await call('POST', '/v1/ai/translate', { text: 'Der Hund ist sehr groß und schwarz.', target_language: 'es' }))).status).toBe(422);
    await expectDocumented('GET', '/v1/ai/translate/languages', await call('GET', '/v1/ai/translate/languages'));

    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    form.append('body', JSON.stringify({ key: 'contract/hello.txt', overwrite: true, temp_public_url: true }));
    const stored = await expectDocumented('POST', '/v1/store/file', await call('POST', '/v1/store/file', form));
    await expectDocumented('GET', '/v1/store/file/read/{key}', await call('GET', '/v1/store/file/read/contract/hello.txt'));
    await expectDocumented('GET', '/v1/store/file/public/{token}', await fetch(stored.body.temp_public_url));
    await expectDocumented('DELETE', '/v1/store/file/read/{key}', await call('DELETE', '/v1/store/file/read/contract/hello.txt'));
    expect((await expectDocumented('GET', '/v1/store/file/read/{key}', await call('GET', '/v1/store/file/read/contract/hello.txt'))).status).toBe(404);
    expect((await expectDocumented('POST', '/v1/store/file', await call('POST', '/v1/store/file?key=contract/page.png', new Uint8Array([1, 2, 3])))).status).toBe(409);

    await expectDocumented('GET', '/v1/logs/{log_id}', await call('GET', `/v1/logs/${stored.body.log_id}`));
    expect((await expectDocumented('GET', '/v1/logs/{log_id}', await call('GET', '/v1/logs/no-such-log'))).status).toBe(404);
    await expectDocumented('GET', '/healthz', await fetch(`${api.baseUrl}/healthz`));
    await expectDocumented('GET', '/readyz', await fetch(`${api.baseUrl}/readyz`));
    await expectDocumented('GET', '/metrics', await fetch(`${api.baseUrl}/metrics`));
    await expectDocumented('GET', '/openapi.json', await fetch(`${api.baseUrl}/openapi.json`));
    await expectDocumented('GET', '/', await fetch(`${api.baseUrl}/`));
    await expectDocumented('GET', '/admin/queues', await fetch(`${api.baseUrl}/admin/queues`, { headers: bearer(ADMIN) }));
  });

  it('checked an answer of every operation the document describes', () => {
    const operations = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops as Json).map((m) => `${m.toUpperCase()} ${path}`));
    const answered = new Set([...checked].map((c) => c.split(' ').slice(0, 2).join(' ')));
    expect(operations.filter((op) => !answered.has(op))).toEqual([]);
  });
});
