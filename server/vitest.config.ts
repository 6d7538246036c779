import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests share one Auth emulator; files run one after another to keep accounts predictable.
    fileParallelism: false,
  },
});
