import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: three API instances, redis-server and HAProxy on the MongoDB server named by
 * MONGODB_URI (scripts/documentdb.mjs starts DocumentDB), with the Auth emulator (scripts/with-emulator.mjs).
 * One file, its tests in order: they share the cluster, and some kill and restart an instance.
 */
export default defineConfig({
  ssr: { resolve: { conditions: ['@newsroom/source', ...defaultServerConditions] } },
  test: {
    environment: 'node',
    include: ['src/test/cluster/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
