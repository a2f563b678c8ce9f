import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@docsvc/ocr-jobs';
import { letterLines, scannedPdf, textPdf } from '../../../test/fixtures/pdf.js';
import { ALICE, BOB, bearer, startApi, type TestApi } from './harness.js';
import { png, prosePage, sampleProse } from './ocr-fixtures.js';
import { startWorkers, type RunningWorkers } from '../../../test/stack.ts';

/**
 * Asynchronous OCR jobs through the API and real workers (worker-jobs coordinating worker-pdf and
 * worker-ocr), on a private Redis and the test S3 server.
 */

let api: TestApi;
let workers: RunningWorkers;
let hooks: Server;
let hooksUrl: string;
/** What the webhook receiver got, by path; and how it answers each path (a list of statuses, used up in order). */
const received = new Map<string, Array<{ headers: IncomingHttpHeaders; body: string; at: number }>>();
const answers = new Map<string, number[]>();

beforeAll(async () => {
  api = await startApi();
  // The test's webhook receiver is on loopback, which deliveries refuse unless told otherwise.
  workers = await startWorkers(['pdf', 'ocr', 'jobs'], api.deps.queuePrefix, {
    OCR_CONCURRENCY: '2',
    PDF_CONCURRENCY: '2',
    JOB_PAGES_IN_FLIGHT: '8',
    ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_BASE_MS: '300',
  });
  hooks = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.set(path, [...(received.get(path) ?? []), { headers: req.headers, body, at: Date.now() }]);
      res.writeHead(answers.get(path)?.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  hooks?.close();
  await workers?.stop();
  await api?.close();
});

async function waitForWebhooks(path: string, count: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while ((received.get(path)?.length ?? 0) < count) {
    if (Date.now() > deadline) throw new Error(`${received.get(path)?.length ?? 0} webhooks at ${path}, wanted ${count}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return received.get(path)!;
}

const headersOf = (h: IncomingHttpHeaders) => ({
  'webhook-id': h['webhook-id'] as string | undefined,
  'webhook-timestamp': h['webhook-timestamp'] as string | undefined,
  'webhook-signature': h['webhook-signature'] as string | undefined,
});

const json = (key: string, extra: Record<string, string> = {}) => ({ ...bearer(key), 'content-type': 'application/json', ...extra });

async function store(bytes: Buffer, owner = ALICE): Promise<string> {
  const key = `jobs-test/${randomUUID()}`;
  const res = await fetch(`${api.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(owner), body: bytes });
  expect(res.status).toBe(200);
  return key;
}

async function createJob(body: Record<string, unknown>, opts: { key?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: json(opts.key ?? ALICE, opts.headers), body: JSON.stringify(body) });
  return { status: res.status, location: res.headers.get('location'), body: await res.json() };
}

async function getJob(id: string, key = ALICE) {
  const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { headers: bearer(key) });
  return { status: res.status, body: await res.json() };
}

/** Polls the job until it ends (or `until` holds), as a client script would. */
async function waitForJob(id: string, until: (body: { status: string; progress: { pages_done: number } }) => boolean = (b) => ['succeeded', 'failed', 'cancelled'].includes(b.status), timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await getJob(id);
    if (until(body)) return body;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Answer = { sections: Array<{ page: number; text: string; lines: Array<{ words: Array<{ text: string }> }> }>; pages: Array<{ page: number }> };
const textOfPage = (answer: Answer, page: number) => answer.sections.filter((s) => s.page === page).map((s) => s.text);

describe('an OCR job from creation to answer', () => {
  it('answers 202 at once with a status URL, then the same answer as the synchronous route, page for page (60 pages)', async () => {
    const pages = Array.from({ length: 60 }, (_, i) => ({ lines: [`Page ${i + 1} of the ledger`, ...sampleProse(3, 100 + i)] }));
    const key = await store(textPdf(pages));
    const created = await createJob({ file_store_key: key });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ success: true, job_id: expect.any(String), status: 'queued' });
    expect(created.body.status_url).toBe(`${api.baseUrl}/v1/vision/ocr/jobs/${created.body.job_id}`);
    expect(created.location).toBe(`/v1/vision/ocr/jobs/${created.body.job_id}`);

    const done = await waitForJob(created.body.job_id);
    expect(done).toMatchObject({ success: true, status: 'succeeded', progress: { pages_done: 60, pages_total: 60 }, total_pages: 60, page_range: [1, 60] });
    expect(done.pages.map((p: { page: number }) => p.page)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));

    // The synchronous route, 10 pages at a time, gives the same sections.
    for (let start = 1; start <= 60; start += 10) {
      const res = await fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: json(ALICE), body: JSON.stringify({ file_store_key: key, page_range: [start, start + 9] }) });
      const sync = (await res.json()) as Answer;
      for (let p = start; p < start + 10; p++) expect(textOfPage(done, p), `page ${p}`).toEqual(textOfPage(sync, p));
    }
    expect(textOfPage(done, 42)[0]).toContain('Page 42 of the ledger');
  }, 120_000);

  it('stores and serves a large answer in pieces (100 dense born-digital pages: more JSON than one S3 part)', async () => {
    const pages = Array.from({ length: 100 }, () => ({ lines: letterLines(45) }));
    const created = await createJob({ file_store_key: await store(textPdf(pages)) });
    await waitForJob(created.body.job_id, (b) => b.status !== 'queued' && b.status !== 'running', 110_000);
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.body.job_id}`, { headers: bearer(ALICE) });
    const text = await res.text();
    expect(text.length).toBeGreaterThan(8 * 1024 * 1024); // ObjectStore's part size: a multipart upload
    const body = JSON.parse(text);
    expect(body).toMatchObject({ status: 'succeeded', total_pages: 100, progress: { pages_done: 100 } });
    expect(new Set(body.sections.map((s: { page: number }) => s.page)).size).toBe(100);
  }, 120_000);

  it('recognises scanned pages, and serves the pages read a range at a time', async () => {
    const texts = [sampleProse(4, 1), sampleProse(4, 2), sampleProse(4, 3)];
    const images = await Promise.all(texts.map(async (t) => (await prosePage(t, 1200)).image));
    const created = await createJob({ file_store_key: await store(scannedPdf(images)) });
    const done = await waitForJob(created.body.job_id);
    expect(done.status).toBe('succeeded');
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.body.job_id}/pages?from=2&to=3`, { headers: bearer(ALICE) });
    expect(res.status).toBe(200);
    const ranged = await res.json();
    expect(ranged.range).toEqual([2, 3]);
    expect(ranged.pages.map((p: { page: number; source: string }) => [p.page, p.source])).toEqual([
      [2, 'ocr'],
      [3, 'ocr'],
    ]);
    const words = ranged.pages[0].sections.flatMap((s: Answer['sections'][number]) => s.lines.flatMap((l) => l.words.map((w) => w.text)));
    expect(words.join(' ')).toContain(texts[1]![0]!.split(' ').slice(0, 3).join(' '));
  }, 120_000);

  it('takes the document as a multipart upload, as /v1/vocr does', async () => {
    const { image } = await prosePage(sampleProse(3, 9), 1200);
    const form = new FormData();
    form.append('file', new Blob([await png(image)], { type: 'image/png' }), 'scan.png');
    form.append('body', JSON.stringify({ language: 'en' }));
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: bearer(ALICE), body: form });
    expect(res.status).toBe(202);
    const done = await waitForJob((await res.json()).job_id);
    expect(done).toMatchObject({ status: 'succeeded', total_pages: 1, pages: [{ page: 1, language: 'eng' }] });
  }, 60_000);

  it('fails a job on a corrupt document with the synchronous route’s code', async () => {
    const created = await createJob({ file_store_key: await store(Buffer.from('%PDF-1.7\nnot really a pdf at all')) });
    const done = await waitForJob(created.body.job_id);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'invalid_document' } });
    expect(done).not.toHaveProperty('sections');
  });
});

describe('webhooks', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('announces the end of a job to its webhook_url, signed as Standard Webhooks says', async () => {
    const path = `/done/${randomUUID()}`;
    const created = await createJob({ file_store_key: await store(textPdf([{ lines: ['announce me'] }])), webhook_url: `${hooksUrl}${path}`, webhook_secret: secret });
    const [hook] = await waitForWebhooks(path, 1);
    expect(JSON.parse(hook!.body)).toEqual({ type: 'ocr.job.succeeded', job_id: created.body.job_id, status: 'succeeded', status_url: created.body.status_url });
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['webhook-id']).toBe(`${created.body.job_id}.succeeded`);
    expect(verifyWebhook(secret, headersOf(hook!.headers), hook!.body)).toBe(true);
    expect(verifyWebhook('whsec_c2VjcmV0LW9mLWEtcm90YXRlZC1lbmRwb2ludA==', headersOf(hook!.headers), hook!.body)).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect((await getJob(created.body.job_id)).body.webhook).toEqual({ delivered: true, attempts: 1, last_status: 200 });
  });

  it('tries again with growing delays while the receiver answers 500, same webhook-id each time, until it answers 200', async () => {
    const path = `/flaky/${randomUUID()}`;
    answers.set(path, [500, 500, 200]);
    const created = await createJob({ file_store_key: await store(textPdf([{ lines: ['retry me'] }])), webhook_url: `${hooksUrl}${path}`, webhook_secret: secret });
    const hooks3 = await waitForWebhooks(path, 3);
    expect(new Set(hooks3.map((h) => h.headers['webhook-id']))).toEqual(new Set([`${created.body.job_id}.succeeded`]));
    expect(hooks3.every((h) => verifyWebhook(secret, headersOf(h.headers), h.body))).toBe(true);
    // Delays: 300 ms, then 600 ms.
    expect(hooks3[1]!.at - hooks3[0]!.at).toBeGreaterThanOrEqual(250);
    expect(hooks3[2]!.at - hooks3[1]!.at).toBeGreaterThanOrEqual(hooks3[1]!.at - hooks3[0]!.at);
    await new Promise((r) => setTimeout(r, 300));
    expect((await getJob(created.body.job_id)).body.webhook).toEqual({ delivered: true, attempts: 3, last_status: 200 });
    await new Promise((r) => setTimeout(r, 1_000));
    expect(received.get(path)).toHaveLength(3); // nothing more once delivered
  });

  it('announces a failed job, and refuses a webhook_url without a secret when the server has none', async () => {
    const path = `/failed/${randomUUID()}`;
    const created = await createJob({ file_store_key: await store(Buffer.from('%PDF-1.4 broken')), webhook_url: `${hooksUrl}${path}`, webhook_secret: secret });
    const [hook] = await waitForWebhooks(path, 1);
    expect(JSON.parse(hook!.body)).toMatchObject({ type: 'ocr.job.failed', job_id: created.body.job_id, status: 'failed' });
    const refused = await createJob({ file_store_key: 'k', webhook_url: `${hooksUrl}/x` });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^webhook_secret: required with a webhook_url/);
  });

  it('refuses, when the job is created, a webhook_url that no delivery could reach', async () => {
    const key = await store(textPdf([{ lines: ['never read'] }]));
    // The cloud metadata service, even where private addresses are allowed (this API allows them for its loopback receiver).
    const metadata = await createJob({ file_store_key: key, webhook_url: 'http://169.254.169.254/latest/meta-data/', webhook_secret: secret });
    expect(metadata.status).toBe(400);
    expect(metadata.body).toMatchObject({ error: { code: 'invalid_webhook_url', details: [{ field: 'webhook_url', reason: 'metadata' }] } });
    expect(metadata.body.message).toMatch(/^webhook_url: .*cloud metadata service address.*where webhooks are not delivered/);
    const unresolvable = await createJob({ file_store_key: key, webhook_url: 'https://hooks.nowhere.invalid/ocr', webhook_secret: secret });
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body).toMatchObject({ error: { code: 'invalid_webhook_url', details: [{ field: 'webhook_url', reason: 'dns_failure', host: 'hooks.nowhere.invalid' }] } });
    // An API under the production rule refuses loopback and private addresses, and says how to allow them.
    const strict = await startApi({ jobs: { webhookCheck: { allowPrivate: false, timeoutMs: 2_000 } } });
    try {
      for (const [url, reason] of [[`${hooksUrl}/strict`, 'loopback'], ['http://10.1.2.3/hook', 'private']] as const) {
        const res = await fetch(`${strict.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: json(ALICE), body: JSON.stringify({ file_store_key: key, webhook_url: url, webhook_secret: secret }) });
        const body = (await res.json()) as { message: string; error: { code: string; details: unknown[] } };
        expect(res.status).toBe(400);
        expect(body.error).toMatchObject({ code: 'invalid_webhook_url', details: [{ field: 'webhook_url', reason }] });
        expect(body.message).toMatch(/ALLOW_PRIVATE_URLS=true/);
      }
    } finally {
      await strict.close();
    }
    expect(received.get('/strict')).toBeUndefined();
  });
});

describe('cancelling a job', () => {
  it('stops a running job: it ends cancelled with the pages not yet read left unread; a second DELETE answers the same', async () => {
    const images = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await prosePage(sampleProse(4, 50 + i), 1200)).image));
    const path = `/cancelled/${randomUUID()}`;
    const created = await createJob({ file_store_key: await store(scannedPdf(images)), webhook_url: `${hooksUrl}${path}`, webhook_secret: 'a-long-enough-plain-secret' });
    const id = created.body.job_id;
    await waitForJob(id, (b) => b.status === 'running' && b.progress.pages_done >= 1);
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { method: 'DELETE', headers: bearer(ALICE) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ job_id: id, status: 'cancelled' });
    await new Promise((r) => setTimeout(r, 3_000)); // pages in work finish and are discarded
    const after = (await getJob(id)).body;
    expect(after.status).toBe('cancelled');
    expect(after.progress.pages_done).toBeLessThan(12);
    expect(after).not.toHaveProperty('sections');
    const again = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${id}`, { method: 'DELETE', headers: bearer(ALICE) });
    expect(again.status).toBe(200);
    const [hook] = await waitForWebhooks(path, 1);
    expect(JSON.parse(hook!.body)).toMatchObject({ type: 'ocr.job.cancelled', status: 'cancelled' });
    expect(verifyWebhook('a-long-enough-plain-secret', headersOf(hook!.headers), hook!.body)).toBe(true);
  }, 90_000);

  it('refuses to cancel a job that has ended', async () => {
    const created = await createJob({ file_store_key: await store(textPdf([{ lines: ['one page'] }])) });
    await waitForJob(created.body.job_id);
    const res = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs/${created.body.job_id}`, { method: 'DELETE', headers: bearer(ALICE) });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('job_finished');
  });
});

describe('idempotency', () => {
  it('replays the job an Idempotency-Key created for the same body, and refuses the key with another body', async () => {
    const key = await store(textPdf([{ lines: ['idempotent'] }]));
    const idem = { 'idempotency-key': `batch-7-${randomUUID()}` };
    const first = await createJob({ file_store_key: key }, { headers: idem });
    const replay = await createJob({ file_store_key: key }, { headers: idem });
    expect(first.status).toBe(202);
    expect(replay.status).toBe(200);
    expect(replay.body.job_id).toBe(first.body.job_id);
    const conflict = await createJob({ file_store_key: key, force_ocr: true }, { headers: idem });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: 'idempotency_conflict', details: [{ job_id: first.body.job_id }] });
    // Another API key's use of the same key is its own.
    const bobKey = await store(textPdf([{ lines: ['idempotent'] }]), BOB);
    const bobs = await createJob({ file_store_key: bobKey }, { key: BOB, headers: idem });
    expect(bobs.status).toBe(202);
    expect(bobs.body.job_id).not.toBe(first.body.job_id);
    const list = await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?limit=100`, { headers: bearer(ALICE) });
    expect((await list.json()).jobs.filter((j: { job_id: string }) => j.job_id === first.body.job_id)).toHaveLength(1);
  });

  it('is accepted on the synchronous route too: answered again for the same body, 409 for another', async () => {
    const key = await store(textPdf([{ lines: ['synchronous and idempotent'] }]));
    const idem = { 'idempotency-key': `sync-${randomUUID()}` };
    const call = (body: object) => fetch(`${api.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: json(ALICE, idem), body: JSON.stringify(body) });
    const first = await call({ file_store_key: key });
    const again = await call({ file_store_key: key });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await again.json()).sections[0].text).toBe('synchronous and idempotent');
    const other = await call({ file_store_key: key, force_ocr: true });
    expect(other.status).toBe(409);
    expect((await other.json()).error.code).toBe('idempotency_conflict');
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const res = await createJob({ file_store_key: 'x' }, { headers: { 'idempotency-key': 'has spaces in it' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});

describe('jobs belong to their API key', () => {
  it('answers 404 to another key on every route, and lists only the caller’s jobs, newest first', async () => {
    const created = await createJob({ file_store_key: await store(textPdf([{ lines: ['private'] }])) });
    const id = created.body.job_id;
    await waitForJob(id);
    for (const [method, path] of [
      ['GET', `/v1/vision/ocr/jobs/${id}`],
      ['GET', `/v1/vision/ocr/jobs/${id}/pages`],
      ['DELETE', `/v1/vision/ocr/jobs/${id}`],
    ] as const) {
      const res = await fetch(`${api.baseUrl}${path}`, { method, headers: bearer(BOB) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code).toBe('job_not_found');
    }
    const bobs = await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs`, { headers: bearer(BOB) })).json();
    expect(bobs.jobs.map((j: { job_id: string }) => j.job_id)).not.toContain(id);
    expect((await getJob(randomUUID())).status).toBe(404);
    expect((await getJob('not-a-job-id')).status).toBe(404);

    const list = await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?limit=2`, { headers: bearer(ALICE) })).json();
    expect(list.jobs).toHaveLength(2);
    expect(list.jobs[0].job_id).toBe(id);
    expect(list.next_cursor).toEqual(expect.any(String));
    const next = await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?limit=2&cursor=${list.next_cursor}`, { headers: bearer(ALICE) })).json();
    expect(next.jobs.map((j: { job_id: string }) => j.job_id)).not.toContain(id);
    const failed = await (await fetch(`${api.baseUrl}/v1/vision/ocr/jobs?status=failed`, { headers: bearer(ALICE) })).json();
    expect(failed.jobs.every((j: { status: string }) => j.status === 'failed')).toBe(true);
  });
});

describe('refusals', () => {
  it.each([
    [{ file_store_key: 'k', page_range: [1, 2001] }, 'page_range: at most 2000 pages a job (MAX_JOB_PAGES)'],
    [{ file_store_key: 'k', webhook_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }, 'webhook_secret: webhook_secret needs a webhook_url'],
    [{ file_store_key: 'k', webhook_url: 'ftp://example.com/hook' }, 'webhook_url: must be an http or https URL'],
    [{ file_store_key: 'k', page_range: [5, 2] }, 'page_range: start must not be after end'],
  ])('%j: 400 naming the rule', async (body, message) => {
    const res = await createJob(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, error: { code: 'validation_failed' } });
  });

  it('answers 404 file_not_found for a stored file that does not exist, before creating a job', async () => {
    const res = await createJob({ file_store_key: `missing/${randomUUID()}` });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('file_not_found');
  });
});

describe('an API key’s job backlog', () => {
  it('refuses new jobs with 429 and Retry-After beyond MAX_QUEUED_JOB_PAGES_PER_KEY pages left to read, per key; a replay still answers', async () => {
    // No workers on this API's queues: its jobs stay queued.
    const small = await startApi({ jobs: { maxPendingPagesPerKey: 5 } });
    try {
      const put = async (owner: string) => {
        const key = `backlog/${randomUUID()}`;
        await fetch(`${small.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(owner), body: textPdf([{ lines: ['x'] }]) });
        return key;
      };
      const post = (owner: string, body: object, headers: Record<string, string> = {}) =>
        fetch(`${small.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: json(owner, headers), body: JSON.stringify(body) });
      const key = await put(ALICE);
      const first = await post(ALICE, { file_store_key: key, page_range: [1, 5] }, { 'idempotency-key': 'first' });
      expect(first.status).toBe(202);
      const refused = await post(ALICE, { file_store_key: key });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect((await refused.json()).error).toMatchObject({ code: 'too_many_pending_pages', details: [{ pending_pages: 5, limit: 5 }] });
      const replay = await post(ALICE, { file_store_key: key, page_range: [1, 5] }, { 'idempotency-key': 'first' });
      expect(replay.status).toBe(200);
      // Its result is not there yet: the job is still queued.
      const early = await fetch(`${small.baseUrl}/v1/vision/ocr/jobs/${(await replay.json()).job_id}/result?format=text`, { headers: bearer(ALICE) });
      expect(early.status).toBe(409);
      expect((await early.json()).error).toMatchObject({ code: 'job_not_finished', details: [{ status: 'queued' }] });
      expect(await post(BOB, { file_store_key: await put(BOB) })).toHaveProperty('status', 202);
      // Cancelling frees the backlog.
      await fetch(`${small.baseUrl}/v1/vision/ocr/jobs/${(await first.json()).job_id}`, { method: 'DELETE', headers: bearer(ALICE) });
      expect((await post(ALICE, { file_store_key: key })).status).toBe(202);
    } finally {
      await small.close();
    }
  });
});

describe('sharing the OCR workers', () => {
  it('queues job pages behind synchronous ones, and holds at most JOB_PAGES_IN_FLIGHT pages of each API key, whatever number of jobs it runs', async () => {
    // worker-pdf and worker-jobs but no worker-ocr: the pages they hand out wait in the OCR queue
    // (and the synchronous request below times out, so that the API can close soon).
    const shared = await startApi({ ocrTimeoutMs: 4_000 });
    const partial = await startWorkers(['pdf', 'jobs'], shared.deps.queuePrefix, { JOB_PAGES_IN_FLIGHT: '4' });
    try {
      const images = await Promise.all(Array.from({ length: 6 }, async (_, i) => (await prosePage(sampleProse(2, 300 + i), 800)).image));
      const pdf = scannedPdf(images);
      const start = async (owner: string) => {
        const key = `share/${randomUUID()}`;
        await fetch(`${shared.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(owner), body: pdf });
        const res = await fetch(`${shared.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: json(owner), body: JSON.stringify({ file_store_key: key }) });
        return (await res.json()).job_id as string;
      };
      const alices = await Promise.all([start(ALICE), start(ALICE), start(ALICE)]);
      const bobs = [await start(BOB)];
      const queue = shared.deps.ocr.ocr.queue;
      const deadline = Date.now() + 30_000;
      while ((await queue.getPrioritizedCount()) < 8) {
        if (Date.now() > deadline) throw new Error(`${await queue.getPrioritizedCount()} pages queued, wanted 8`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 1_500)); // Alice's other jobs would have added theirs by now
      const ownerOf = (jobId: string) => (bobs.some((b) => jobId.startsWith(b)) ? 'bob' : alices.some((a) => jobId.startsWith(a)) ? 'alice' : '?');
      const queued = (await queue.getPrioritized(0, -1)).map((j) => ownerOf(j.id!));
      // Bob's one job has as many pages waiting as Alice's three together: the workers take them in turn.
      expect(queued.filter((o) => o === 'alice')).toHaveLength(4);
      expect(queued.filter((o) => o === 'bob')).toHaveLength(4);

      // A synchronous request's page goes before all of them.
      const { image } = await prosePage(['A synchronous page'], 800);
      const syncKey = `share/${randomUUID()}`;
      await fetch(`${shared.baseUrl}/v1/store/file?key=${syncKey}`, { method: 'POST', headers: bearer(ALICE), body: await png(image) });
      void fetch(`${shared.baseUrl}/v1/vision/ocr`, { method: 'POST', headers: json(ALICE), body: JSON.stringify({ file_store_key: syncKey }) }).catch(() => undefined);
      while ((await queue.getWaitingCount()) < 1) await new Promise((r) => setTimeout(r, 50));
      expect((await queue.getWaiting()).map((j) => j.opts.priority ?? 0)).toEqual([0]);
      expect((await queue.getPrioritized(0, -1)).every((j) => (j.opts.priority ?? 0) > 0)).toBe(true);
    } finally {
      await partial.stop();
      await shared.close();
    }
  }, 90_000);
});

describe('jobs waiting for their coordinator', () => {
  it('do not queue another key’s job behind them: one whose key has no free page slot steps aside', async () => {
    // Two jobs coordinated at once, 2 page slots a key, no worker-ocr: Alice's first job holds her
    // slots and one coordinator for good; her next jobs would take the other coordinator and wait.
    const api2 = await startApi({ ocrTimeoutMs: 4_000 });
    const partial = await startWorkers(['pdf', 'jobs'], api2.deps.queuePrefix, { JOBS_CONCURRENCY: '2', JOB_PAGES_IN_FLIGHT: '2' });
    try {
      const pdf = scannedPdf(await Promise.all(Array.from({ length: 4 }, async (_, i) => (await prosePage(sampleProse(2, 400 + i), 800)).image)));
      const start = async (owner: string) => {
        const key = `defer/${randomUUID()}`;
        await fetch(`${api2.baseUrl}/v1/store/file?key=${key}`, { method: 'POST', headers: bearer(owner), body: pdf });
        const res = await fetch(`${api2.baseUrl}/v1/vision/ocr/jobs`, { method: 'POST', headers: json(owner), body: JSON.stringify({ file_store_key: key }) });
        return (await res.json()).job_id as string;
      };
      for (let i = 0; i < 3; i++) await start(ALICE);
      const bob = await start(BOB);
      const queue = api2.deps.ocr.ocr.queue;
      const deadline = Date.now() + 30_000;
      let bobsPages = 0;
      while (bobsPages < 2) {
        if (Date.now() > deadline) throw new Error(`Bob's job has ${bobsPages} pages in the OCR queue after 30 s`);
        await new Promise((r) => setTimeout(r, 200));
        bobsPages = (await queue.getPrioritized(0, -1)).filter((j) => j.id!.startsWith(bob)).length;
      }
      // Alice still has her 2 slots' pages queued, no more.
      expect((await queue.getPrioritized(0, -1)).filter((j) => !j.id!.startsWith(bob))).toHaveLength(2);
    } finally {
      await partial.stop();
      await api2.close();
    }
  }, 90_000);
});
