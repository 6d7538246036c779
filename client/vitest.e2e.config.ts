import { defineConfig } from 'vitest/config';
import { stackCount } from './e2e/env.ts';
import { SlowestFirstSequencer } from './e2e/sequencer.ts';

/**
 * Browser end-to-end tests (e2e/*.e2e.ts) in Debian Chromium through playwright-core.
 * e2e/global-setup.ts builds the client and starts `stackCount` stacks (API on a fresh DATA_DIR with the
 * demo seed, and our site server); each worker slot runs one file at a time against its own stack.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // One file per stack at a time (e2e/env.ts): a file never shares a store with another running file.
    maxWorkers: stackCount,
    // A worker imports the harness and playwright-core once, not once per file; each file still has
    // its own browser contexts and shared values (harness.ts sharedForTests).
    isolate: false,
    // A screen answers within seconds even on a busy 2-core machine; vitest's 1 s default for
    // expect.poll is for in-process code.
    expect: { poll: { timeout: 10_000 } },
    // One retry for timing flakes of a real browser on a loaded 2-core machine; a test that fails twice
    // fails the run, and vitest reports every retried test (see the "retry" lines in the output).
    retry: 1,
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
