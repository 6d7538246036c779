import { readdirSync, readFileSync } from 'node:fs';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Files whose assertions include a timing run in a step of their own, one at a time, so the other
 * files do not eat their CPU; every other file runs in parallel: route tests sign users in through an
 * in-process identity provider (src/test/fake-identity.ts), the files that use the Auth emulator use
 * accounts of their own, and each app has its own store in a temp dir.
 */
const timed = [
  'src/events/events-load.test.ts',
  // Times /health under a flood of long URLs (100 ms): alone, or the other files' work is what it times.
  'src/logger.test.ts',
];

/**
 * The query benchmarks (a store of 10 000 to 100 000 records, medians against targets): part of
 * `npm run bench` (bench/run.ts runs them first, NEWSROOM_BENCH=1), not of `npm test` — they measure
 * how fast, which a loaded test run cannot say, and took 45 s of every run (issue 34).
 */
const queryBenchmarks = ['src/**/*.performance.test.ts', 'src/store/embedded/performance.test.ts'];
const benchmarking = process.env.NEWSROOM_BENCH === '1';

// `npm run test:mongo` sets ROUTES_ON_MONGODB: the route suites again, on the MongoDB engine. The
// embedded engine's own tests and the timed files (measured on the embedded engine) stay with `npm test`.
const onMongoDb = Boolean(process.env.ROUTES_ON_MONGODB);

/**
 * On the MongoDB engine, only the files that reach a store through the test app (`makeTestApp`, which
 * opens a MongoDB database under ROUTES_ON_MONGODB, directly or through the OpenAPI world): the others
 * (pure functions, the embedded engine, processes of their own) would run exactly as in `npm test`.
 */
function filesOnTheStore(): string[] {
  const src = new URL('./src/', import.meta.url);
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => /\bmakeTestApp\b|openapi-world/.test(readFileSync(new URL(file, src), 'utf8')))
    .map((file) => `src/${file}`);
}

/**
 * Left out on every MongoDB engine: a route file's tests of the embedded engine's own machinery. On
 * MongoDB the write concern, not our journal, makes a write durable.
 */
const EMBEDDED_ONLY = ['makes a counted view durable in one journal sync'];

/**
 * `npm run test:mongo` runs on DocumentDB (scripts/documentdb.mjs), which runs every test here: it keeps
 * MongoDB's single-document atomicity (docs/decisions/documentdb.md). FerretDB 1.24 on SQLite
 * (scripts/ferretdb.mjs, MONGODB_IS_FERRETDB=1) does not: it acknowledges concurrent updates of one
 * document and loses some (200 `$inc` acknowledged, 29 kept), and lacks operators in `$addFields` and
 * expressions in `$project` and `$group` (docs/decisions/ferretdb.md). Run there, these are left out by
 * name, said at start.
 */
const NOT_ON_FERRETDB = [
  'concurrent $inc updates never lose an increment',
  'aggregate: $addFields expressions, $facet, nested exclusions, $unset',
  'an approve and a decline at once',
  'views by many readers at once are all counted',
  'counts concurrent calls of one reader once',
  // Gift links and the meter (docs/decisions/gift-links-and-meter.md): conditional $inc of one document.
  "concurrent gift link creations never pass the month's 10",
  'counts concurrent first opens on the server',
  'concurrent opens never pass N',
  'lets two simultaneous posts of a free user through only once',
  'concurrent grants: two plans add up',
  // A fire-and-forget lastSeenAt write of the old session and the new owner's uid write reach one user
  // record at once; FerretDB can keep the first and lose the uid (seen once in .ci/run, session 10).
  'ends the sessions of the account the record belonged to before (401)',
  // The revenue view groups with $cond and $substrBytes, which FerretDB v1's $group does not evaluate
  // (500); MongoDB does (docs/decisions/revenue-view.md).
  'answers an admin the recurring revenue',
  'covers the last 12 months by default',
  'GET /admin/revenue (revenueReport)',
  'GET /admin/revenue: no 5xx',
];
const onFerretDb = process.env.MONGODB_IS_FERRETDB === '1';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const leftOut = [...(onMongoDb ? EMBEDDED_ONLY : []), ...(onFerretDb ? NOT_ON_FERRETDB : [])];
if (onMongoDb)
  console.log(
    `[mongodb] not run on a MongoDB engine (embedded engine only):\n  ${EMBEDDED_ONLY.join('\n  ')}`,
  );
if (onFerretDb) {
  console.log(
    `[ferretdb] not run on FerretDB v1 (its gaps, docs/decisions/ferretdb.md):\n  ${NOT_ON_FERRETDB.join('\n  ')}`,
  );
}

const shared = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;
// Tests run @newsroom/common from its TypeScript source (a condition its package exports name), so a
// change there needs no build first.
const source = { ssr: { resolve: { conditions: ['@newsroom/source', ...defaultServerConditions] } } };

export default defineConfig({
  test: {
    // vitest's default on a 2-core machine is one worker: no parallel files at all. Much of a file's
    // time is waiting (fsync, child processes, HTTP), so two workers pay off even there.
    maxWorkers: 2,
    ...(leftOut.length > 0
      ? { testNamePattern: new RegExp(`^(?!.*(${leftOut.map(escape).join('|')}))`) }
      : {}),
    projects: [
      {
        ...source,
        test: {
          ...shared,
          name: 'parallel',
          // One module registry per worker instead of one per file: importing the app again for every
          // file was most of the run. Each file builds its own app, store and temp dir.
          isolate: false,
          include: onMongoDb ? filesOnTheStore() : ['src/**/*.test.ts'],
          // The cluster test starts its own processes: `npm run test:cluster` (vitest.cluster.config.ts).
          exclude: [
            ...timed,
            ...queryBenchmarks,
            ...(onMongoDb ? ['src/store/**/*.test.ts'] : []),
            'src/test/cluster/**',
          ],
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
      {
        ...source,
        test: {
          ...shared,
          name: 'queries',
          include: benchmarking && !onMongoDb ? queryBenchmarks : [],
          passWithNoTests: true,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
