import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // @newsroom/common from its TypeScript source, as in the build (vite.config.ts).
    conditions: ['@newsroom/source', ...defaultClientConditions],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // vitest's default on a 2-core machine is one worker, which runs the files one after another.
    maxWorkers: 2,
  },
});
