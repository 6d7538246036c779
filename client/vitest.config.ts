import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Files that need modules nobody has loaded yet: Firebase unloaded on the first paint, a vi.mock'ed module,
// lib/env.ts read after test/auth-emulator has pointed it at the emulator, lib/toast.ts before any toast.
const freshModules = [
  'src/app/lazy-session.test.tsx',
  'src/app/session-lifetime.test.tsx',
  'src/features/articles/components/TagSelect.early.test.tsx',
  'src/lib/query-client.test.ts',
  'src/lib/toast.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // @newsroom/common from its TypeScript source, as in the build (vite.config.ts).
    conditions: ['@newsroom/source', ...defaultClientConditions],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // vitest's default on a 2-core machine is one worker, which runs the files one after another.
    maxWorkers: 2,
    // `npm test` runs these beside the browser tests (docs/decisions/test-lanes.md): on two busy cores
    // a render that takes 1 s alone can take several.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        // One jsdom and one module registry per worker instead of per file: setting up the environment
        // was most of the run. Each test cleans up after itself (src/test/setup.ts).
        test: { name: 'unit', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: freshModules },
      },
      { extends: true, test: { name: 'fresh modules', include: freshModules } },
    ],
  },
});
