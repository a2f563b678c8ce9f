import { describe, expect, it } from 'vitest';
import { pageProcessEnv } from './page-process.js';

describe('pageProcessEnv', () => {
  it('runs tesseract single-threaded, without the worker process\'s malloc and Node settings', () => {
    const env = pageProcessEnv({ PATH: '/usr/bin', TESSDATA_PREFIX: '/t', MALLOC_MMAP_THRESHOLD_: '32768', MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=1', OMP_THREAD_LIMIT: '4' });
    expect(env).toEqual({ PATH: '/usr/bin', TESSDATA_PREFIX: '/t', OMP_THREAD_LIMIT: '1' });
  });
});
