import { describe, expect, it } from 'vitest';
import { withMallocEnv } from './process-env.js';

describe('withMallocEnv', () => {
  it('adds the malloc settings and keeps a value the operator set', () => {
    expect(withMallocEnv({ PATH: '/bin', MALLOC_ARENA_MAX: '4' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '131072' });
  });
});
