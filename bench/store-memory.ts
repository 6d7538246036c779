/**
 * `npm run bench:memory`: resident memory of the embedded store holding N articles shaped like the
 * benchmark's (default 100 000), measured in a fresh process that opens the store the way the API
 * does (recovery from snapshot + journal), serves a few list and detail reads, then collects garbage.
 *
 *   npm run bench:memory -- [--articles=100000] [--keep=<dir>]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureIndexes, newId, openStore } from '../server/src/store/index.js';
import { createArticleRepository } from '../server/src/articles/repository.js';
import { seedArticles } from './seed-data.js';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    open: { type: 'string' },
    keep: { type: 'string' },
  },
});

const MiB = 1024 * 1024;

function gcNow(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
}

async function measure(dataDir: string): Promise<void> {
  const t = performance.now();
  const store = await openStore({ dataDir, mongodbDb: 'newsroom', mongodbUri: undefined });
  const openMs = performance.now() - t;
  const articles = createArticleRepository(store);
  const page = await articles.listApproved({}, 1, 20);
  await articles.listApproved({ search: 'market' }, 3, 20);
  await articles.trending(6);
  const one = await articles.findById(page[0]!._id);
  if (!one || one.articleDescription.length < 500) throw new Error('details lost the full text');
  gcNow();
  const m = process.memoryUsage();
  console.log(
    JSON.stringify({
      openMs: Math.round(openMs),
      rssMiB: Math.round(m.rss / MiB),
      heapUsedMiB: Math.round(m.heapUsed / MiB),
      externalMiB: Math.round(m.external / MiB),
    }),
  );
  await store.close();
}

async function main(): Promise<void> {
  if (values.open) return measure(values.open);
  const n = Number(values.articles);
  if (!Number.isInteger(n) || n < 1) throw new Error(`bad --articles: ${values.articles}`);
  const dataDir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-mem-'));
  try {
    const store = await openStore({ dataDir, mongodbDb: 'newsroom', mongodbUri: undefined });
    await ensureIndexes(store);
    const t = performance.now();
    await seedArticles(store, n, newId);
    await store.close();
    console.log(`seeded ${n} articles in ${Math.round(performance.now() - t)} ms`);
    const self = fileURLToPath(import.meta.url);
    const r = spawnSync(process.execPath, [...process.execArgv, self, `--open=${dataDir}`], {
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exitCode = 1;
  } finally {
    if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
