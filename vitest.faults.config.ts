import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the reliability tests of apps/api/test/faults. They start the real API and
// workers as processes, SIGKILL and SIGTERM them, stop and restart Redis and S3, and load the
// machine; they run apart from `npm test` (about 2 minutes more on a 2-core machine) and CI runs
// them after it. The same global setup: a private Redis and S3 server for the run, never Redis on 6379.
export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    projects: [
      {
        test: {
          name: '@docsvc/api:faults',
          root: 'apps/api',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
    // Each file starts OCR workers of its own: two files at a time at most on a 2-core machine.
    maxWorkers: 2,
  },
});
