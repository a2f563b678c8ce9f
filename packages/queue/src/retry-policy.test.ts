import { describe, expect, it } from 'vitest';
import { ServiceError } from '@docsvc/schemas';
import { RETRY_POLICY, backoffAfter, failureClass, givesUpDocument, jobOptions, retriesPage } from './retry-policy.js';

const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
const reported = new ServiceError('dependency_unavailable', 'S3 down', [], true);
const upstream502 = new ServiceError('download_failed', 'upstream 502', [{ upstream_status: 502 }], true);
const corrupt = new ServiceError('invalid_document', 'the PDF is damaged');
const bug = new TypeError('x is undefined');

describe('failureClass: the class of a failure, from the error alone', () => {
  it('tells an outage, a transient failure, a permanent one and a fault apart', () => {
    expect(failureClass(outage)).toBe('outage');
    expect(failureClass(reported)).toBe('outage');
    expect(failureClass(Object.assign(new Error('InternalError'), { $metadata: { httpStatusCode: 503 } }))).toBe('outage');
    expect(failureClass(upstream502)).toBe('transient');
    expect(failureClass(corrupt)).toBe('permanent');
    expect(failureClass(bug)).toBe('fault');
  });
});

describe('the retry policy', () => {
  it('waits an outage out over all of a document run’s attempts, and a fault over a few', () => {
    const { attempts, faultAttempts } = RETRY_POLICY.document;
    expect(givesUpDocument(outage, attempts - 1, attempts)).toBe(false);
    expect(givesUpDocument(outage, attempts, attempts)).toBe(true);
    expect(givesUpDocument(reported, 5, attempts)).toBe(false);
    expect(givesUpDocument(bug, faultAttempts - 1, attempts)).toBe(false);
    expect(givesUpDocument(bug, faultAttempts, attempts)).toBe(true);
  });

  it('asks for a job’s page again after a transient failure or a fault, never after a permanent one or an outage', () => {
    expect(retriesPage(upstream502, 1)).toBe(true);
    expect(retriesPage(bug, 1)).toBe(true);
    expect(retriesPage(upstream502, RETRY_POLICY.jobPage.attempts)).toBe(false);
    expect(retriesPage(corrupt, 1)).toBe(false);
    expect(retriesPage(outage, 1)).toBe(false);
  });

  it('doubles the wait from the row’s backoff, and gives BullMQ the same row', () => {
    expect([1, 2, 3].map((n) => backoffAfter(RETRY_POLICY.step, n))).toEqual([1_000, 2_000, 4_000]);
    expect(jobOptions(RETRY_POLICY.step)).toEqual({ attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: true, removeOnFail: true });
  });
});
