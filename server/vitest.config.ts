import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Files that time themselves (performance targets, load) run last, one at a time, so the other files
 * do not eat their CPU; every other file runs in parallel: route tests sign users in through an
 * in-process identity provider (src/test/fake-identity.ts), the files that use the Auth emulator use
 * accounts of their own, and each app has its own store in a temp dir.
 */
const timed = [
  'src/**/*.performance.test.ts',
  'src/store/embedded/performance.test.ts',
  'src/events/events-load.test.ts',
  // Times /health under a flood of long URLs (50 ms): alone, or the other files' work is what it times.
  'src/logger.test.ts',
];

// `npm run test:mongo` sets ROUTES_ON_MONGODB: the route suites again, on the MongoDB engine. The
// embedded engine's own tests and the timed files (measured on the embedded engine) stay with `npm test`.
const onMongoDb = Boolean(process.env.ROUTES_ON_MONGODB);

const shared = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;
// Tests run @newsroom/common from its TypeScript source (a condition its package exports name), so a
// change there needs no build first.
const source = { ssr: { resolve: { conditions: ['@newsroom/source', ...defaultServerConditions] } } };

export default defineConfig({
  test: {
    // vitest's default on a 2-core machine is one worker: no parallel files at all. Much of a file's
    // time is waiting (fsync, child processes, HTTP), so two workers pay off even there.
    maxWorkers: 2,
    projects: [
      {
        ...source,
        test: {
          ...shared,
          name: 'parallel',
          // One module registry per worker instead of one per file: importing the app again for every
          // file was most of the run. Each file builds its own app, store and temp dir.
          isolate: false,
          include: ['src/**/*.test.ts'],
          exclude: onMongoDb ? [...timed, 'src/store/**/*.test.ts'] : timed,
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...source,
        test: {
          ...shared,
          name: 'timed',
          include: onMongoDb ? [] : timed,
          passWithNoTests: true,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
