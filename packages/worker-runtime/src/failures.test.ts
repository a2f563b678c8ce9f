import { describe, expect, it } from 'vitest';
import { FetchError } from '@docsvc/fetcher';
import { ServiceError } from '@docsvc/schemas';
import { failureClass, mayRetry } from '@docsvc/queue';
import { deserializeError, serializeError, toServiceError } from './failures.js';

describe('toServiceError: which failures are retried', () => {
  it.each([
    ['an upstream 503', new FetchError('download_failed', 'x', [{ upstream_status: 503 }]), 'download_failed', true],
    ['an upstream 429', new FetchError('download_failed', 'x', [{ upstream_status: 429 }]), 'download_failed', true],
    ['an upstream 404', new FetchError('download_failed', 'x', [{ upstream_status: 404 }]), 'download_failed', false],
    ['a dropped connection', new FetchError('download_failed', 'x', [{ reason: 'connection_failed', code: 'ECONNRESET' }]), 'download_failed', true],
    ['too many redirects', new FetchError('download_failed', 'x', [{ reason: 'too_many_redirects', max_redirects: 5 }]), 'download_failed', false],
    ['a connect timeout', new FetchError('download_timeout', 'x', [{ phase: 'connect', timeout_ms: 5000 }]), 'download_timeout', true],
    ['a download that took too long', new FetchError('download_timeout', 'x', [{ phase: 'total', timeout_ms: 60000 }]), 'download_timeout', false],
    ['a refused address', new FetchError('url_not_allowed', 'x'), 'url_not_allowed', false],
    ['a file over the limit', new FetchError('file_too_large', 'x'), 'file_too_large', false],
    ['S3 refusing connections', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'dependency_unavailable', true],
    ['S3 answering 500', Object.assign(new Error('InternalError'), { $metadata: { httpStatusCode: 500 } }), 'dependency_unavailable', true],
  ])('%s', (_what, err, code, retryable) => {
    const out = toServiceError(err);
    expect(out).toBeInstanceOf(ServiceError);
    expect(out).toMatchObject({ code, retryable });
    expect(mayRetry(out)).toBe(retryable);
    expect(failureClass(out)).toBe(code === 'dependency_unavailable' ? 'outage' : retryable ? 'transient' : 'permanent');
  });

  it('keeps ServiceErrors, and leaves a fault of the worker as it is (retried, then internal_error)', () => {
    const corrupt = new ServiceError('invalid_document', 'the PDF is damaged');
    expect(toServiceError(corrupt)).toBe(corrupt);
    const bug = new TypeError('x is undefined');
    expect(toServiceError(bug)).toBe(bug);
    expect(mayRetry(bug)).toBe(true);
    expect(failureClass(bug)).toBe('fault');
  });

  it('crosses a thread boundary with its code, details and retryable flag', () => {
    const back = deserializeError(structuredClone(serializeError(new ServiceError('download_failed', 'upstream 502', [{ upstream_status: 502 }], true))));
    expect(back).toBeInstanceOf(ServiceError);
    expect(back).toMatchObject({ code: 'download_failed', message: 'upstream 502', details: [{ upstream_status: 502 }], retryable: true });
    expect(deserializeError(structuredClone(serializeError(new RangeError('boom'))))).toMatchObject({ name: 'RangeError', message: 'boom' });
  });
});
