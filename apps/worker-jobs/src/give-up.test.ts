import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '@docsvc/logger';
import { JobStore, type JobRecord } from '@docsvc/ocr-jobs';
import { RETRY_POLICY, createRedis, openQueue, workPrefix, type OcrPageJob, type OcrPageResult, type PdfQueueJob, type PdfQueueResult } from '@docsvc/queue';
import { ServiceError } from '@docsvc/schemas';
import { ObjectNotFoundError, ObjectStore, createS3Client } from '@docsvc/storage';
import { giveUpDocumentJob } from './give-up.js';
import { runDocumentJob, type CoordinatorDeps } from './run-document-job.js';

const redis = createRedis(inject('redisUrl'), 'client');
const prefix = `{g${randomUUID().slice(0, 8)}}`;
const s3 = createS3Client(inject('s3'));
const store = new ObjectStore(s3, inject('s3').S3_BUCKET);
const jobs = new JobStore(redis, prefix, 3_600);
const log = createLogger('test', 'silent');
const pdf = openQueue<PdfQueueJob, PdfQueueResult>('pdf', redis, prefix);
const ocr = openQueue<OcrPageJob, OcrPageResult>('ocr', redis, prefix);
const announced: JobRecord[] = [];

afterAll(async () => {
  await Promise.all([pdf.close(), ocr.close()]);
  redis.disconnect();
  s3.destroy();
});

const deps: CoordinatorDeps = {
  store,
  jobs,
  pdf,
  ocr,
  pagesInFlight: 4,
  priority: 10,
  stepWaitMs: 5_000,
  cancelCheckMs: 200,
  announce: async (job) => void announced.push(job),
};

/**
 * A job of `owner` whose 3 pages were all read, but whose page results are gone from S3 (a bucket
 * lifecycle rule, an operator's cleanup): each run of it fails while assembling the answer.
 */
async function jobWithLostPages(owner = 'alice'): Promise<string> {
  const outcome = await jobs.create({
    owner,
    logId: `log-${randomUUID()}`,
    spec: { options: {}, source: { objectKey: 'gone.pdf' }, dpi: 250, maxPages: 10, statusUrl: 'http://api/x', webhookUrl: 'http://hooks/x' },
    webhookSecret: 'a-long-enough-plain-secret',
  });
  if (!('job' in outcome)) throw new Error('conflict');
  const id = outcome.job.id;
  await jobs.setPlan(id, { kind: 'pdf', totalPages: 3, pageRange: [1, 3], sourceKey: 'gone.pdf' });
  for (const page of [1, 2, 3]) await jobs.pageDone(id, page);
  return id;
}

describe('a document job the queue will not run again', () => {
  it('ends failed with internal_error after its last run, its webhook announced, its page slots freed and its rasters removed', async () => {
    const id = await jobWithLostPages();
    // A page slot of this job left behind by a coordinator that died holding it.
    expect(await jobs.takeSlot('alice', id, 2, 4)).toBe(true);
    expect(await jobs.slotsHeldByOthers('alice', 'another-job')).toBe(1);
    // A raster of the job, kept while it could resume.
    const raster = `${workPrefix((await jobs.get(id))!.logId)}raster-1.pgm`;
    await store.put(raster, Buffer.from('P5 1 1 255 x'));
    // Runs as BullMQ makes them: each failed one is run again, until one gives up.
    for (let attempt = 1; attempt < RETRY_POLICY.document.faultAttempts; attempt++) {
      await expect(runDocumentJob(deps, id, log, { attempt, attempts: 20 })).rejects.toBeInstanceOf(ObjectNotFoundError);
      expect((await jobs.get(id))!.status).toBe('running'); // as a poller sees it between runs
    }
    expect(await runDocumentJob(deps, id, log, { attempt: RETRY_POLICY.document.faultAttempts, attempts: 20 })).toEqual({ status: 'failed' });
    const record = (await jobs.get(id))!;
    expect(record.status).toBe('failed');
    expect(record.error).toEqual({ code: 'internal_error', message: `internal error; the job was given up after ${RETRY_POLICY.document.faultAttempts} attempts; quote the job id when reporting it` });
    expect(announced.map((j) => j.id)).toContain(id);
    expect(await jobs.slotsHeldByOthers('alice', 'another-job')).toBe(0);
    expect(await store.head(raster)).toBeUndefined();
  });

  it('keeps the code of a service error it was given up on', async () => {
    const id = await jobWithLostPages('bob');
    await jobs.transition(id, 'running');
    const err = new ServiceError('dependency_unavailable', 'object storage or Redis was unavailable while processing this request; retry shortly', [], true);
    expect(await giveUpDocumentJob(deps, id, { attempt: 20, attempts: 20, err }, log)).toEqual({ status: 'failed' });
    expect((await jobs.get(id))!.error).toEqual({
      code: 'dependency_unavailable',
      message: 'object storage or Redis was unavailable while processing this request; retry shortly (the job was given up after 20 attempts; submit it again)',
    });
  });

  it('leaves a job cancelled meanwhile as it is, and does not announce it again', async () => {
    const id = await jobWithLostPages('carol');
    await jobs.transition(id, 'cancelled');
    const before = announced.length;
    expect(await giveUpDocumentJob(deps, id, { attempt: 3, attempts: 3, err: new TypeError('x') }, log)).toEqual({ status: 'cancelled' });
    expect((await jobs.get(id))!.status).toBe('cancelled');
    expect((await jobs.get(id))!.error).toBeUndefined();
    expect(announced.length).toBe(before);
  });
});
