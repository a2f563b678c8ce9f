import { describe, expect, it } from 'vitest';
import { processEnvFor, withMallocEnv } from './process-env.js';

describe('withMallocEnv', () => {
  it('adds the malloc settings and keeps a value the operator set', () => {
    expect(withMallocEnv({ PATH: '/bin', MALLOC_ARENA_MAX: '4' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '131072' });
  });
});

describe('processEnvFor', () => {
  it("gives worker-ocr its lean settings, keeping the operator's, and the others the malloc settings only", () => {
    expect(processEnvFor('worker-ocr', { PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', NODE_OPTIONS: '--max-semi-space-size=1' });
    expect(processEnvFor('worker-ocr', { NODE_OPTIONS: '--enable-source-maps', MALLOC_MMAP_THRESHOLD_: '65536' })).toMatchObject({
      NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=1',
      MALLOC_MMAP_THRESHOLD_: '65536',
    });
    expect(processEnvFor('worker-ocr', { NODE_OPTIONS: '--max-semi-space-size=8' }).NODE_OPTIONS).toBe('--max-semi-space-size=8');
    expect(processEnvFor('api', { PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
    // worker-pdf coordinates poppler processes as worker-ocr does tesseract's.
    expect(processEnvFor('worker-pdf', { PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', NODE_OPTIONS: '--max-semi-space-size=1' });
  });
});
