import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests (e2e/*.e2e.ts) in Debian Chromium through playwright-core.
 * e2e/global-setup.ts builds the client, starts the API (fresh DATA_DIR, demo seed) and our site server.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // One browser at a time on a 2-core machine; files share the seeded API.
    fileParallelism: false,
    maxWorkers: 1,
    // One retry for timing flakes of a real browser on a loaded 2-core machine; a test that fails twice
    // fails the run, and vitest reports every retried test (see the "retry" lines in the output).
    retry: 1,
  },
});
