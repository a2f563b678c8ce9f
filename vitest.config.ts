import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Projects do not inherit the root's test options, so each workspace's project states them.
const workspaces = ['packages', 'apps'].flatMap((group) => readdirSync(group, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(group, d.name)));

export default defineConfig({
  test: {
    // One private Redis and one S3 server for the whole run, started once (test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    projects: workspaces.map((dir) => ({
      test: {
        name: `@docsvc/${path.basename(dir)}`,
        root: dir,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        // The fault tests (kill, stop and restart real processes and servers) run on their own:
        // `npm run test:faults` (vitest.faults.config.ts), after `npm test` in CI.
        exclude: ['**/node_modules/**', '**/dist/**', 'test/faults/**'],
        // Tests start real servers, worker processes and OCR engines on a 2-core machine.
        testTimeout: 60_000,
        hookTimeout: 120_000,
      },
    })),
    // Two test files at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
