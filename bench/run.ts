/**
 * `npm run bench`: the public hot reads of the real API (server/dist/index.js, embedded store) side by
 * side with a bare Express 5 app answering a 20-article list with res.json (docs/api-contract.md
 * "Performance targets"). Everything runs on loopback, stops by itself and removes its temp dirs.
 *
 *   tsx bench/run.ts [--duration=10] [--connections=50] [--full] [--sizes=1000,10000] [--strict]
 *                    [--encoding=identity] [--cluster]
 *
 * --cluster measures public reads through HAProxy with 1, 2 and 3 instances instead (bench/cluster.ts).
 *
 * --full adds the 100 000-article store (~15 s more seeding, ~0.5 GiB more memory), so the scaling ratio
 * is 1k -> 100k; without it the ratio shown is 1k -> 10k. A run takes about 5.5 minutes at the default
 * 10 s per row. --strict exits 1 when a target is missed. Not part of `npm test`.
 * First, the store's query-time targets (the server's `*.performance.test.ts` files, ~45 s; not with
 * --only). Besides throughput and scaling, an uncached title search that matches nothing must cost at most
 * 5 ms of CPU at every size (docs/decisions/search-index.md).
 * Needs a built server (`npm run bench` builds it first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { TAGS } from '@newsroom/common';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { freePort } from '../scripts/free-port.mjs';
import { median as medianOf } from '../server/src/test/median.js';
import { IMAGE_URL, PUBLISHERS, seedArticles } from './seed-data.js';

type StoreModule = typeof import('../server/src/store/index.js');
type TokensModule = typeof import('../server/src/auth/tokens.js');
type ArticlesRepoModule = typeof import('../server/src/articles/repository.js');
type UsersRepoModule = typeof import('../server/src/users/repository.js');
type Store = import('../server/src/store/port.js').Store;
type PublishersRepoModule = typeof import('../server/src/publishers/repository.js');
type FollowsRepoModule = typeof import('../server/src/follows/repository.js');
type ServicesModule = typeof import('../server/src/services.js');
type ConfigModule = typeof import('../server/src/config.js');
type CommentsRepoModule = typeof import('../server/src/comments/repository.js');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server's module `p` (the bench measures what production runs). */
const fromDist = <T>(p: string): Promise<T> =>
  import(pathToFileURL(path.join(root, 'server/dist', p)).href) as Promise<T>;

// ---------- options ----------
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    full: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    strict: { type: 'boolean', default: false },
    encoding: { type: 'string' },
    cluster: { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
  strict: true,
});
if (args.cluster) {
  // Through HAProxy with 1, 2 and 3 instances (bench/cluster.ts), instead of the rows below.
  const { runClusterBench } = await import('./cluster.js');
  process.exit(
    await runClusterBench({
      duration: clampInt(args.duration, 10, 1, 60),
      connections: clampInt(args.connections, 50, 1, 500),
    }),
  );
}
const DURATION = clampInt(args.duration, 10, 1, 60);
const CONNECTIONS = clampInt(args.connections, 50, 1, 500);
const MAIN_SIZE = 10_000;
/**
 * --only=TEXT[,TEXT...] measures just the rows whose name holds one of the TEXTs, at the main size (no
 * scaling runs): read rows, then write rows (e.g. --only=POST,approve,view-count compares approving and
 * counting a view with posting in one run), then the uncached queries behind the answers at that size
 * (the "For you" list's among them). A quick loop while working on one endpoint. --profile writes
 * the API's CPU profile (node --cpu-prof) to bench/profiles/ when it stops, to open in Chrome's DevTools.
 */
const ONLY = args.only;
const ONLY_TERMS = ONLY?.split(',').filter(Boolean) ?? [];
const selected = (name: string): boolean => !ONLY || ONLY_TERMS.some((t) => name.includes(t));
const PROFILE_DIR = args.profile ? path.join(root, 'bench/profiles') : null;
const sizes = ONLY
  ? []
  : args.sizes
    ? args.sizes.split(',').map((s) => clampInt(s, 0, 1, 200_000))
    : args.full
      ? [1_000, 10_000, 100_000]
      : [1_000, 10_000];
if (!sizes.includes(MAIN_SIZE)) sizes.push(MAIN_SIZE);
sizes.sort((a, b) => a - b);
const TARGET_SHARE = 0.8;
/**
 * Every request carries a browser's Accept-Encoding (the realistic case: the API then answers with
 * compressed bytes). The bare baseline has no compression and ignores the header, so it keeps
 * measuring what it always did: Express serializing 20 cards per request. --encoding=identity
 * measures without the header, the way this bench ran before compression.
 */
const ENCODING = args.encoding ?? 'gzip, deflate, br, zstd';
const REQUEST_HEADERS: Record<string, string> =
  ENCODING === 'identity' ? {} : { 'accept-encoding': ENCODING };
const MAX_SCALING_RATIO = 2;
/** Whole-run watchdog: nothing here may run unbounded. */
const WATCHDOG_MS = 20 * 60_000;

function clampInt(v: string | undefined, dflt: number, min: number, max: number): number {
  const n = v === undefined ? dflt : Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`bad option value: ${v}`);
  return n;
}

// ---------- resources that must be released however we exit ----------
/** A started process that remembers the end of its output (for error messages). */
type Child = ChildProcess & { output: () => string };
const children = new Set<Child>();
const tempDirs = new Set<string>();
function cleanupSync(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
process.on('exit', cleanupSync);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    console.error(`\nbench: ${sig}, stopping`);
    cleanupSync();
    process.exit(130);
  });
}
const watchdog = setTimeout(() => {
  console.error('bench: watchdog expired, stopping');
  cleanupSync();
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

// ---------- data ----------
const SEARCH_COMMON = 'market';
const SEARCH_RARE = 'zeppelin';
/** Every trigram of it is common, yet no 6-word title holds the word seven times in a row. */
const SEARCH_NONE_COMMON = Array(7).fill('market').join(' ');
/** An uncached search that matches nothing must not scan the titles: at most this, at every size. */
const MAX_NO_MATCH_MS = 5;
const READER_EMAIL = 'bench.reader@example.test';
/** Posts and approves in the write rows (an admin: the free plan's post cap does not apply). */
const EDITOR_EMAIL = 'bench.editor@example.test';
/** Each write row must reach this many durable writes per second at the main size. */
const WRITE_TARGET_RPS = 500;
/** Signed-in users whose views and profile edits the write rows make (seeded users 0..n-1). */
const WRITE_USERS = 50;

type Timings = Awaited<ReturnType<typeof timeUncachedBuilds>>;
interface Seeded {
  readableId: string;
  readableIds: string[];
  pendingIds: string[];
  approved: number;
  users: number;
  timings: Timings;
}

async function seedStore(dataDir: string, n: number): Promise<Seeded> {
  const { openStore, ensureIndexes, newId } = await fromDist<StoreModule>('store/index.js');
  const store = await openStore({ dataDir, mongodbDb: 'newsroom', mongodbUri: undefined });
  await ensureIndexes(store);
  const t0 = Date.UTC(2024, 0, 1);

  await store
    .collection('publishers')
    .insertMany(PUBLISHERS.map((publisherName) => ({ _id: newId(), publisherName, logo: IMAGE_URL })));

  const userCount = Math.max(100, n / 10);
  const users: Record<string, unknown>[] = Array.from({ length: userCount }, (_, i) => ({
    _id: newId(),
    // Every user record has a unique public id (docs/decisions/writer-public-ids.md).
    publicId: newId(),
    uid: `bench-uid-${i}`,
    email: `user${i}@example.test`,
    name: `User ${i}`,
    premiumEndAt: i % 7 === 0 ? new Date(Date.now() + 86_400_000).toISOString() : null,
    createdAt: new Date(t0 + i * 1000).toISOString(),
  }));
  users.push({
    _id: newId(),
    publicId: newId(),
    uid: 'bench-reader',
    email: READER_EMAIL,
    name: 'Bench Reader',
    premiumEndAt: null,
    createdAt: new Date(t0).toISOString(),
  });
  users.push({
    _id: newId(),
    publicId: newId(),
    uid: 'bench-editor',
    email: EDITOR_EMAIL,
    name: 'Bench Editor',
    role: 'Admin',
    premiumEndAt: null,
    createdAt: new Date(t0).toISOString(),
  });
  await store.collection('users').insertMany(users as { _id: string }[]);

  let readableId: string | null = null;
  const pendingIds: string[] = [];
  const readableIds: string[] = [];
  let approved = 0;
  await seedArticles(store, n, newId, ({ _id, status, isPremium }) => {
    if (status === 'Approved') approved++;
    if (status === 'Pending') pendingIds.push(_id);
    if (status === 'Approved' && isPremium === 'No') {
      readableId ??= _id;
      if (readableIds.length < 5_000 && _id !== readableId) readableIds.push(_id);
    }
  });
  if (readableId === null) throw new Error('no readable article was seeded');
  await seedReaderHistory(store, readableIds, newId);
  await seedConversation(store, readableId, newId, userCount);

  const timings = await timeUncachedBuilds(store, readableId);
  await store.close();
  return { readableId, readableIds, pendingIds, approved, users: users.length, timings };
}

/**
 * The bench reader follows two publishers and three writers and has read 200 articles, so the
 * "For you" row builds a list from every source (docs/decisions/follows-and-feed.md).
 */
async function seedReaderHistory(store: Store, readableIds: string[], newId: () => string): Promise<void> {
  const { createFollowRepository, followId } = await fromDist<FollowsRepoModule>('follows/repository.js');
  const follows = createFollowRepository(store);
  const publishers = await store.collection('publishers').find({}, { limit: 2 });
  const createdAt = new Date().toISOString();
  for (const p of publishers) {
    const target = p._id;
    const key = String(p.publisherName);
    await follows.insertFollow({
      _id: followId(READER_EMAIL, 'publisher', target),
      follower: READER_EMAIL,
      kind: 'publisher',
      target,
      key,
      createdAt,
    });
  }
  // Three of the writers the seeded articles name (writer0..writer199), with accounts of their own.
  for (let i = 0; i < 3; i++) {
    const email = `writer${i}@example.test`;
    const target = newId();
    await store.collection('users').insertOne({
      _id: target,
      publicId: target,
      uid: `bench-writer-${i}`,
      email,
      name: `Writer ${i}`,
      premiumEndAt: null,
      createdAt,
    });
    await follows.insertFollow({
      _id: followId(READER_EMAIL, 'writer', target),
      follower: READER_EMAIL,
      kind: 'writer',
      target,
      key: email,
      createdAt,
    });
  }
  const read = await store
    .collection('articles')
    .find({ _id: { $in: readableIds.slice(0, 200) } }, { projection: { _id: 1, Tags: 1 } });
  for (const a of read) await follows.addRead(READER_EMAIL, a._id, (a.Tags as string[]) ?? [], createdAt);
}

/** Top-level comments under the commented article: a first page of 20 and more behind it. */
const CONVERSATION_SIZE = 60;
/** Every third top-level comment has this many replies. */
const REPLIES_EACH = 2;

/** A conversation under the first readable article, for the comments row (an article's first page). */
async function seedConversation(
  store: Store,
  articleId: string,
  newId: () => string,
  userCount: number,
): Promise<void> {
  const { createCommentRepository } = await fromDist<CommentsRepoModule>('comments/repository.js');
  const comments = createCommentRepository(store);
  const t0 = Date.now() - CONVERSATION_SIZE * 60_000;
  let k = 0;
  const comment = (parentId: string | null) => {
    const i = k++;
    return {
      _id: newId(),
      articleId,
      articleTitle: 'Bench article',
      parentId,
      authorEmail: `user${i % userCount}@example.test`,
      body: `Comment ${i}: a reader's view of the article, a sentence or two long.`,
      bodyKey: `bench-${i}`,
      state: 'published' as const,
      createdAt: new Date(t0 + i * 30_000).toISOString(),
      editedAt: null,
      replyCount: 0,
      reports: 0,
      reportReasons: [],
      lastReportedAt: null,
    };
  };
  for (let i = 0; i < CONVERSATION_SIZE; i++) {
    const parent = comment(null);
    await comments.insert(parent);
    if (i % 3 === 0) for (let r = 0; r < REPLIES_EACH; r++) await comments.insert(comment(parent._id));
  }
}

/** Median time of the queries behind each answer, called directly (no cache, no HTTP). */
async function timeUncachedBuilds(store: Store, id: string) {
  const { createArticleRepository } = await fromDist<ArticlesRepoModule>('articles/repository.js');
  const { createUserRepository } = await fromDist<UsersRepoModule>('users/repository.js');
  const { createPublisherRepository } = await fromDist<PublishersRepoModule>('publishers/repository.js');
  const articles = createArticleRepository(store);
  const users = createUserRepository(store);
  const publishers = createPublisherRepository(store);
  const { quietServices } = await fromDist<ServicesModule>('services.js');
  const { loadConfig } = await fromDist<ConfigModule>('config.js');
  const { recommendations } = quietServices({
    store,
    clock: { now: () => new Date() },
    logger: pino({ level: 'silent' }),
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: os.tmpdir(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'false',
    }),
  });
  /** Median wall time in ms over 15 runs; with `cpu`, median CPU time (this process's) instead. */
  const median = (fn: () => Promise<unknown>, runs = 15, cpu = false) => medianOf(fn, { runs, cpu });
  const nowIso = new Date().toISOString();
  return {
    // CPU time too: what the search costs, without the turns other processes take on shared cores.
    searchRareCpu: await median(() => articles.listApproved({ search: SEARCH_RARE }, 1, 20), 15, true),
    searchNoneCommonCpu: await median(
      () => articles.listApproved({ search: SEARCH_NONE_COMMON }, 1, 20),
      15,
      true,
    ),
    trending: await median(() => articles.trending(6)),
    approvedPage1: await median(() => articles.listApproved({}, 1, 20)),
    approvedPage10: await median(() => articles.listApproved({}, 10, 20)),
    searchCommon: await median(() => articles.listApproved({ search: SEARCH_COMMON }, 1, 20)),
    searchRare: await median(() => articles.listApproved({ search: SEARCH_RARE }, 1, 20)),
    searchNoneCommon: await median(() => articles.listApproved({ search: SEARCH_NONE_COMMON }, 1, 20)),
    details: await median(() => articles.findById(id)),
    usersCount: await median(() => Promise.all([users.count(), users.countPremium(nowIso)])),
    publishers: await median(() => publishers.list()),
    forYou: await median(() => recommendations.forYou(READER_EMAIL)),
  };
}

// ---------- processes ----------
function start(command: string, argv: string[], env: NodeJS.ProcessEnv, withIpc = false): Child {
  const spawned = spawn(command, argv, {
    cwd: root,
    env,
    stdio: withIpc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  spawned.stdout!.on('data', keep);
  spawned.stderr!.on('data', keep);
  const child = Object.assign(spawned, { output: () => output });
  children.add(child);
  return child;
}

async function waitReady(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${child.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready after ${timeoutMs} ms: ${url}\n${child.output()}`);
}

async function stop(child: Child): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const k of ['FIREBASE_AUTH_EMULATOR_HOST', 'MONGODB_URI', 'STRIPE_SECRET_KEY', 'PUBLIC_URL'])
    delete env[k];
  return env;
}

// ---------- load ----------
interface LoadResult {
  viewsPerSecond: number | null;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerReq: number;
}

async function load(
  url: string,
  extraHeaders: Record<string, string> = {},
  seconds = DURATION,
  warmUp = true,
  churnEnv: Env | null = null,
): Promise<LoadResult> {
  const headers = { ...REQUEST_HEADERS, ...extraHeaders };
  // Short warm-up (JIT, cache fill, keep-alive sockets), then the measured run.
  if (warmUp) await autocannon({ url, connections: Math.min(10, CONNECTIONS), duration: 1, headers });
  const churn = churnEnv ? startViewChurn(churnEnv) : null;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const counted = churn ? await churn.stop() : null;
  return {
    viewsPerSecond: counted === null ? null : counted / seconds,
    rps: r.requests.average,
    mean: r.latency.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    bytesPerReq: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
}

/**
 * Signed-in readers opening articles: PATCH /articles/view-count/:id at VIEWS_PER_SECOND, each on an
 * article this reader has not viewed yet, so each one is counted (a write to `articles`). Runs only
 * while a measurement runs; returns how many views were counted.
 */
const VIEWS_PER_SECOND = 20;
function startViewChurn(env: Env): { stop(): Promise<number> } {
  let counted = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const id = env.readableIds[env.churnCursor++ % env.readableIds.length];
    const p = fetch(`${env.base}/articles/view-count/${id}`, { method: 'PATCH', headers: env.auth })
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => {
        if (body?.counted) counted++;
      })
      .catch(() => {})
      .finally(() => pending.delete(p));
    pending.add(p);
  }, 1000 / VIEWS_PER_SECOND);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return counted;
    },
  };
}

async function checkAnswer(url: string, headers: Headers | undefined): Promise<string> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} -> ${res.status}: ${text.slice(0, 300)}`);
  JSON.parse(text);
  return text;
}

// ---------- one store size ----------
type Headers = Record<string, string>;
interface Scenario {
  name: string;
  path: string;
  headers?: Headers;
  churn?: boolean;
}
type Combined = Omit<LoadResult, 'bytesPerReq'> & { bytesPerReq: number };
interface WriteRow {
  name: string;
  total: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  uncounted: number;
}
interface Env extends Seeded {
  n: number;
  seedMs: number;
  startMs: number;
  api: Child;
  base: string;
  scenarios: Scenario[];
  dataDir: string;
  firstPage: string;
  auth: Headers;
  editorAuth: Headers;
  writers: { email: string; auth: Headers }[];
  churnCursor: number;
  results?: (Scenario & Combined & { bare: Combined })[];
  baseline?: Combined;
  writeResults?: WriteRow[];
}

/** Seeds a temp DATA_DIR with `n` articles and starts the real API on it (loopback port). */
async function prepare(n: number): Promise<Env> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `newsroom-bench-${n}-`));
  tempDirs.add(dataDir);
  const t = Date.now();
  const seeded = await seedStore(dataDir, n);
  const seedMs = Date.now() - t;

  const jwtSecret = randomBytes(48).toString('hex');
  const { signSession } = await fromDist<TokensModule>('auth/tokens.js');
  const token = signSession(jwtSecret, { uid: 'bench-reader', email: READER_EMAIL }, { ttlSeconds: 3600 });

  const port = await freePort();
  const api = start(
    process.execPath,
    [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), 'server/dist/index.js'],
    childEnv({
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // The view churn is one reader counting 20 views a second: far past the per-user default.
      VIEW_RATE_LIMIT_MAX: '1000000',
      // The profile-edit row is one writer editing as fast as it can: far past the per-user edit limit.
      EDIT_RATE_LIMIT_MAX: '1000000',
      DRAFT_SAVE_RATE_LIMIT_MAX: '1000000',
      // The comment row is 50 readers posting as fast as they can: far past the per-user limits.
      COMMENT_RATE_LIMIT_MAX: '1000000',
      COMMENT_DAILY_RATE_LIMIT_MAX: '1000000',
      // Every load comes from one IP; answers rebuilt after the churn's writes must not be throttled.
      PUBLIC_READ_RATE_LIMIT_MAX: '1000000',
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const t2 = Date.now();
  await waitReady(`${base}/health`, api, 120_000);
  const startMs = Date.now() - t2;

  const auth = { authorization: `Bearer ${token}` };
  const bearerOf = (uid: string, email: string): Headers => ({
    authorization: `Bearer ${signSession(jwtSecret, { uid, email }, { ttlSeconds: 3600 })}`,
  });
  const editorAuth = bearerOf('bench-editor', EDITOR_EMAIL);
  const writers = Array.from({ length: WRITE_USERS }, (_, i) => ({
    email: `user${i}@example.test`,
    auth: bearerOf(`bench-uid-${i}`, `user${i}@example.test`),
  }));
  const scenarios: Scenario[] = [
    { name: 'GET /articles/trending', path: '/articles/trending' },
    { name: 'GET /all-articles/approved', path: '/all-articles/approved?page=1&limit=20' },
    {
      name: `GET /all-articles/approved?search=${SEARCH_COMMON}`,
      path: `/all-articles/approved?search=${SEARCH_COMMON}&page=1&limit=20`,
    },
    { name: 'GET /article/data/:id (signed in)', path: `/article/data/${seeded.readableId}`, headers: auth },
    // Signed out: the app's cached page, kept until a comment of that article changes; who may read
    // the article is checked on every request (signed-in answers are built each time).
    {
      name: 'GET /articles/:id/comments (first page)',
      path: `/articles/${seeded.readableId}/comments`,
    },
    { name: 'GET /users-count', path: '/users-count' },
    { name: 'GET /publisher-data', path: '/publisher-data' },
    // Per reader, cached for a minute (docs/decisions/follows-and-feed.md).
    { name: 'GET /me/for-you (signed in)', path: '/me/for-you?page=1&limit=20', headers: auth },
    {
      name: `GET /all-articles/approved + ${VIEWS_PER_SECOND} views/s`,
      path: '/all-articles/approved?page=1&limit=20',
      churn: true,
    },
  ].filter((s) => selected(s.name));
  const firstPage = await checkAnswer(`${base}/all-articles/approved?page=1&limit=20`, {});
  for (const s of scenarios) await checkAnswer(base + s.path, s.headers);
  return {
    n,
    ...seeded,
    seedMs,
    startMs,
    api,
    base,
    scenarios,
    dataDir,
    firstPage,
    auth,
    editorAuth,
    writers,
    churnCursor: 0,
  };
}

async function release(env: Env): Promise<void> {
  await stop(env.api);
  fs.rmSync(env.dataDir, { recursive: true, force: true });
  tempDirs.delete(env.dataDir);
}

/** Resident memory of a child process in MiB (Linux), or null. */
function rssMiB(child: Child): number | null {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** Sums up the rounds of one measurement: mean req/s and latency, worst p99, all failures. */
function combine(rounds: LoadResult[]): Combined {
  const avg = (k: 'rps' | 'mean' | 'p50' | 'viewsPerSecond') =>
    rounds.reduce((acc, r) => acc + (r[k] ?? 0), 0) / rounds.length;
  return {
    rps: avg('rps'),
    mean: avg('mean'),
    p50: avg('p50'),
    p99: Math.max(...rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((acc, r) => acc + r.non2xx, 0),
    errors: rounds.reduce((acc, r) => acc + r.errors, 0),
    bytesPerReq: rounds[0]!.bytesPerReq,
    viewsPerSecond: rounds[0]!.viewsPerSecond === null ? null : avg('viewsPerSecond'),
  };
}

/**
 * Throughput table at the main size. Each endpoint is measured in alternating rounds with the bare
 * Express baseline (bare, API, bare, API; DURATION/2 s each), so load from other processes on this
 * shared machine hits both sides of each comparison alike.
 */
async function runMain(env: Env, rounds = 2): Promise<void> {
  const payload = path.join(env.dataDir, 'bare-payload.json');
  fs.writeFileSync(payload, env.firstPage);
  const barePort = await freePort();
  const bare = start(
    process.execPath,
    [path.join(root, 'bench/bare-express.mjs'), String(barePort), payload],
    childEnv({ NODE_ENV: 'production' }),
    true,
  );
  const seconds = Math.max(1, Math.round(DURATION / rounds));
  try {
    const bareUrl = `http://127.0.0.1:${barePort}/list`;
    await waitReady(bareUrl, bare, 15_000);
    const results = [];
    const bareRounds = [];
    for (const s of env.scenarios) {
      const apiRounds = [];
      const bareHere = [];
      for (let r = 0; r < rounds; r++) {
        bareHere.push(await load(bareUrl, {}, seconds, r === 0));
        apiRounds.push(await load(env.base + s.path, s.headers, seconds, r === 0, s.churn ? env : null));
      }
      bareRounds.push(...bareHere);
      results.push({ ...s, ...combine(apiRounds), bare: combine(bareHere) });
    }
    env.results = results;
    env.baseline = combine(bareRounds);
  } finally {
    await stop(bare);
  }
}

/**
 * Served latency at the smallest and largest size, measured in alternating short rounds
 * (small, big, small, big) so that drifting load from other processes hits both alike.
 */
async function runScaling(small: Env, big: Env, rounds = 2): Promise<ScalingRow[]> {
  const seconds = Math.max(1, Math.round(DURATION / 2));
  const rows: ScalingRow[] = [];
  for (let i = 0; i < small.scenarios.length; i++) {
    const sums = { small: 0, big: 0 };
    for (let r = 0; r < rounds; r++) {
      for (const [key, env] of [
        ['small', small],
        ['big', big],
      ] as const) {
        const s = env.scenarios[i]!;
        sums[key] += (await load(env.base + s.path, s.headers, seconds, r === 0, s.churn ? env : null)).mean;
      }
    }
    rows.push({ name: small.scenarios[i]!.name, small: sums.small / rounds, big: sums.big / rounds });
  }
  return rows;
}

interface ScalingRow {
  name: string;
  small: number;
  big: number;
}

// ---------- writes ----------
/**
 * The write rows, at the main size after the reads: each request is a distinct write that the API
 * acknowledges only once it is durable (the embedded store fsyncs first). Posting runs first and
 * feeds the approval pool with its new Pending articles; approval then approves each pending
 * article exactly once, so it runs until that pool is used up (`amount`) rather than for a duration.
 */
interface WriteRequest {
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  headers: Headers;
  body?: string;
}
interface WriteRowSpec {
  name: string;
  next: () => WriteRequest;
  amount?: () => number;
  onResponse?: (status: number, body: string) => void;
  check?: (body: string) => boolean;
}

function writeRows(env: Env): WriteRowSpec[] {
  // No Accept-Encoding: the bench reads these answers (new ids, `counted`), and they are small.
  const json = (auth: Headers): Headers => ({ ...auth, 'content-type': 'application/json' });
  const pending = [...env.pendingIds];
  let post = 0;
  let view = 0;
  let profile = 0;
  let comment = 0;
  let save = 0;
  return [
    {
      name: 'POST /articles (admin author)',
      next: () => ({
        method: 'POST',
        path: `/articles?email=${encodeURIComponent(EDITOR_EMAIL)}`,
        headers: json(env.editorAuth),
        body: JSON.stringify({
          title: `Bench write ${post++}`,
          photoURL: 'http://localhost:5000/uploads/bench.webp',
          publisher: PUBLISHERS[post % PUBLISHERS.length],
          formatedTags: [TAGS[post % TAGS.length]],
          description: 'A short article posted by the write benchmark. '.repeat(20),
        }),
      }),
      onResponse: (status, body) => {
        if (status === 201) pending.push((JSON.parse(body) as { insertedId: string }).insertedId);
      },
    },
    {
      name: 'PATCH /update/status/:id (approve)',
      // Each pending article once; a reused id would answer 409 and show as a failure.
      amount: () => pending.length,
      next: () => ({
        method: 'PATCH',
        path: `/update/status/${pending.pop() ?? env.readableId}`,
        headers: json(env.editorAuth),
      }),
    },
    {
      name: 'PATCH /articles/view-count/:id (counted)',
      // A new user x article pair every time, so each view is counted (written), none refused.
      next: () => {
        const k = view++;
        const writer = env.writers[k % WRITE_USERS]!;
        const id = env.readableIds[Math.floor(k / WRITE_USERS) % env.readableIds.length];
        return { method: 'PATCH', path: `/articles/view-count/${id}`, headers: json(writer.auth) };
      },
      check: (body) => (JSON.parse(body) as { counted?: boolean }).counted === true,
    },
    {
      name: 'POST /articles/:id/comments',
      // Readers taking turns under the busiest articles; each text new, so none is a duplicate.
      next: () => {
        const k = comment++;
        const reader = env.writers[k % WRITE_USERS]!;
        const id = k % 2 === 0 ? env.readableId : env.readableIds[k % 20]!;
        return {
          method: 'POST',
          path: `/articles/${id}/comments`,
          headers: json(reader.auth),
          body: JSON.stringify({ body: `Bench comment ${k}: a reader answers the writer.` }),
        };
      },
    },
    {
      name: 'PUT /me/drafts/:key (autosave)',
      // Writers typing in turn, each in a few drafts: every save a new text (as a typist's would be).
      next: () => {
        const k = save++;
        const writer = env.writers[k % WRITE_USERS]!;
        return {
          method: 'PUT',
          path: `/me/drafts/bench-draft-${Math.floor(k / WRITE_USERS) % 3}`,
          headers: json(writer.auth),
          body: JSON.stringify({
            title: `Bench draft ${k}`,
            description: `A paragraph the writer is still typing, save ${k}. `.repeat(20),
            publisher: PUBLISHERS[k % PUBLISHERS.length],
            formatedTags: [TAGS[k % TAGS.length]],
          }),
        };
      },
    },
    {
      name: 'PATCH /users/:email (profile)',
      next: () => {
        const k = profile++;
        const writer = env.writers[k % WRITE_USERS]!;
        return {
          method: 'PATCH',
          path: `/users/${encodeURIComponent(writer.email)}`,
          headers: json(writer.auth),
          body: JSON.stringify({ name: `Bench User ${k}`, address: `${k} Bench Street` }),
        };
      },
    },
  ];
}

async function runWrites(env: Env): Promise<void> {
  const rows: WriteRow[] = [];
  for (const row of writeRows(env).filter((r) => selected(r.name))) {
    let uncounted = 0;
    const requests: autocannon.Request[] = [
      {
        setupRequest: () => row.next(),
        onResponse: (status: number, body: string) => {
          row.onResponse?.(status, body);
          if (status < 300 && row.check && !row.check(body)) uncounted++;
        },
      },
    ];
    const run = (extra: Partial<autocannon.Options>) =>
      autocannon({ url: env.base, connections: CONNECTIONS, requests, ...extra });
    if (!row.amount) await run({ connections: Math.min(10, CONNECTIONS), duration: 1 });
    const r = await run(row.amount ? { amount: row.amount() } : { duration: DURATION });
    rows.push({
      name: row.name,
      total: r.requests.total,
      rps: r.duration > 0 ? r.requests.total / r.duration : 0,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      uncounted,
    });
  }
  env.writeResults = rows;
}

function printWrites(run: Env): boolean {
  console.log(
    `\n== writes at ${fmt(run.n)} articles, each durable before it answers; ${CONNECTIONS} connections ` +
      `(target: >= ${WRITE_TARGET_RPS} writes/s) ==`,
  );
  console.log(
    `${pad('endpoint', 44, true)}${pad('writes', 8)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}` +
      `  >=${WRITE_TARGET_RPS}/s`,
  );
  let allPass = true;
  for (const r of run.writeResults!) {
    const ok = r.rps >= WRITE_TARGET_RPS && r.non2xx === 0 && r.errors === 0 && r.uncounted === 0;
    allPass &&= ok;
    let note = r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
    if (r.uncounted) note += `  (${r.uncounted} not counted)`;
    console.log(
      `${pad(r.name, 44, true)}${pad(fmt(r.total), 8)}${pad(fmt(r.rps), 8)}${pad(fmt(r.p50), 8)}` +
        `${pad(fmt(r.p99), 8)}  ${ok ? 'PASS' : 'FAIL'}${note}`,
    );
  }
  return allPass;
}

// ---------- report ----------
const fmt = (x: number, d = 0): string =>
  x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }).replace(/,/g, ' ');
const pad = (s: string, w: number, left = false): string =>
  left ? String(s).padEnd(w) : String(s).padStart(w);

function printMain(run: Env): boolean {
  const b = run.baseline!;
  console.log(
    `\n== ${fmt(run.n)} articles (${fmt(run.approved)} approved), ${fmt(run.users)} users; ` +
      `${CONNECTIONS} connections, ${DURATION} s per row, alternating with bare Express; ` +
      `accept-encoding: ${ENCODING} ==`,
  );
  console.log(
    `baseline bare Express 5, 20 cards via res.json (${fmt(b.bytesPerReq)} B): ` +
      `${fmt(b.rps)} req/s on average, p99 ${fmt(b.p99)} ms (worst round)`,
  );
  console.log(
    `${pad('endpoint', 44, true)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}` +
      `${pad('bytes', 8)}${pad('bare r/s', 9)}${pad('% bare', 9)}  >=80%`,
  );
  let allPass = true;
  for (const r of run.results!) {
    const share = r.rps / r.bare.rps;
    const ok = share >= TARGET_SHARE && r.non2xx === 0 && r.errors === 0;
    allPass &&= ok;
    let note = r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
    if (r.viewsPerSecond !== null) note += `  (${fmt(r.viewsPerSecond, 1)} views/s counted)`;
    console.log(
      `${pad(r.name, 44, true)}${pad(fmt(r.rps), 8)}${pad(fmt(r.p50), 8)}${pad(fmt(r.p99), 8)}` +
        `${pad(fmt(r.bytesPerReq), 8)}${pad(fmt(r.bare.rps), 9)}${pad(fmt(share * 100, 1) + ' %', 9)}` +
        `  ${ok ? 'PASS' : 'FAIL'}${note}`,
    );
  }
  return allPass;
}

function printScaling(small: Env, big: Env, rows: ScalingRow[]): boolean {
  console.log(
    `\n== scaling: ${fmt(small.n)} -> ${fmt(big.n)} articles (target: latency ratio <= ${MAX_SCALING_RATIO}x) ==`,
  );
  console.log(
    `${pad('endpoint (served, under load)', 44, true)}${pad('mean@' + short(small.n), 10)}` +
      `${pad('mean@' + short(big.n), 10)}${pad('ratio', 7)}  <=2x`,
  );
  let allPass = true;
  for (const r of rows) {
    const ratio = r.big / r.small;
    const ok = ratio <= MAX_SCALING_RATIO;
    allPass &&= ok;
    console.log(
      `${pad(r.name, 44, true)}${pad(fmt(r.small, 2), 10)}${pad(fmt(r.big, 2), 10)}` +
        `${pad(fmt(ratio, 2), 7)}  ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  printQueryTimings(small, big);
  return allPass;
}
/** The queries behind the answers, uncached and called directly, at every size measured. */
function printQueryTimings(small: Env, big: Env): void {
  console.log(
    `\n${pad('query behind the answer (uncached, direct)', 44, true)}` +
      sizesRow((n) => pad('ms@' + short(n), 10)) +
      `${pad('ratio', 7)}  <=2x`,
  );
  const labels: Partial<Record<keyof Timings, string>> = {
    trending: 'trending (6 by views)',
    approvedPage1: 'approved page 1',
    approvedPage10: 'approved page 10',
    searchCommon: `approved search "${SEARCH_COMMON}" page 1`,
    details: 'article by _id',
    usersCount: 'users count + premium count',
    publishers: 'publisher list',
    forYou: '"For you" list (follows, tags, trending)',
  };
  for (const [key, label] of Object.entries(labels) as [keyof Timings, string][]) {
    const ratio = big.timings[key] / Math.max(small.timings[key], 0.001);
    const ok = ratio <= MAX_SCALING_RATIO;
    console.log(
      `${pad(label, 44, true)}` +
        sizesRow((n) => pad(fmt(runsBySize.get(n)!.timings[key], 3), 10)) +
        `${pad(fmt(ratio, 1), 7)}  ${ok ? 'ok' : 'OVER'}`,
    );
  }
}
/**
 * The no-match searches have an absolute target instead of a ratio (microseconds scale noisily),
 * judged on CPU time (wall time shown first) so that other processes' turns do not count.
 */
function printNoMatchSearch(): boolean {
  console.log(
    `\n${pad(`uncached search, no match: wall / CPU ms`, 44, true)}` +
      sizesRow((n) => pad('@' + short(n), 16)) +
      `  CPU <=${MAX_NO_MATCH_MS} ms`,
  );
  const labels: Record<'searchRare' | 'searchNoneCommon', string> = {
    searchRare: `approved search "${SEARCH_RARE}"`,
    searchNoneCommon: `approved search "market" x7 (common trigrams)`,
  };
  let allPass = true;
  for (const [key, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
    const ok = sizes.every((n) => runsBySize.get(n)!.timings[`${key}Cpu`] <= MAX_NO_MATCH_MS);
    allPass &&= ok;
    const cell = (n: number) => {
      const t = runsBySize.get(n)!.timings;
      return pad(`${fmt(t[key], 3)} / ${fmt(t[`${key}Cpu`], 3)}`, 16);
    };
    console.log(`${pad(label, 44, true)}${sizesRow(cell)}  ${ok ? 'PASS' : 'FAIL'}`);
  }
  return allPass;
}
const short = (n: number): string => (n >= 1000 ? `${n / 1000}k` : String(n));
const runsBySize = new Map<number, Env>();
const sizesRow = (cell: (n: number) => string): string => sizes.map((n) => cell(n)).join('');

// ---------- query benchmarks ----------
/**
 * The store's query-time targets: moderation pages, searches, view charts and the revenue report over
 * 10 000 to 100 000 records, each a median against its bound (the server's `queries` vitest project,
 * `src/**\/*.performance.test.ts`). Resolves whether every one held.
 */
function runQueryBenchmarks(): Promise<boolean> {
  console.log('bench: query-time targets (server/src/**/*.performance.test.ts)');
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'queries'], {
      cwd: path.join(root, 'server'),
      env: { ...process.env, NEWSROOM_BENCH: '1' },
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

// ---------- main ----------
/** Thrown when --only has printed its rows: the rest of the run is skipped. */
class Finished extends Error {}
try {
  if (!fs.existsSync(path.join(root, 'server/dist/index.js'))) {
    throw new Error('server/dist/index.js is missing: run `npm run build -w server` (npm run bench does)');
  }
  const [l1 = 0, l5 = 0] = os.loadavg();
  console.log(
    `bench: node ${process.version}, ${os.cpus().length} cores, load average ${l1.toFixed(2)} / ${l5.toFixed(2)} ` +
      `(other processes on this machine skew the numbers); sizes ${sizes.map(short).join(', ')}`,
  );
  // The query benchmarks first, alone on the machine (server/vitest.config.ts, project `queries`).
  const queriesPass = ONLY ? true : await runQueryBenchmarks();
  const envs: Env[] = [];
  let mainPass = false;
  let scalePass = true;
  let searchPass = false;
  let writePass = false;
  try {
    for (const n of sizes) {
      const env = await prepare(n);
      envs.push(env);
      runsBySize.set(n, env);
      console.log(
        `bench: ${short(n)} articles seeded in ${fmt(env.seedMs / 1000, 1)} s, ` +
          `API up in ${fmt(env.startMs / 1000, 1)} s`,
      );
    }
    const main = runsBySize.get(MAIN_SIZE)!;
    const small = envs[0]!;
    const big = envs[envs.length - 1]!;
    let t = Date.now();
    if (ONLY) {
      const writes = writeRows(main).filter((r) => selected(r.name));
      if (!main.scenarios.length && !writes.length) throw new Error(`--only=${ONLY} matches no row`);
      if (main.scenarios.length) {
        await runMain(main);
        printMain(main);
      }
      if (writes.length) {
        await runWrites(main);
        printWrites(main);
      }
      printQueryTimings(main, main);
      console.log(`\nAPI resident memory after the runs: ${fmt(rssMiB(main.api) ?? 0)} MiB`);
      throw new Finished();
    }
    await runMain(main);
    console.log(`bench: throughput runs done in ${fmt((Date.now() - t) / 1000)} s`);
    t = Date.now();
    const scaling = small !== big ? await runScaling(small, big) : null;
    console.log(`bench: scaling runs done in ${fmt((Date.now() - t) / 1000)} s`);
    t = Date.now();
    await runWrites(main);
    console.log(`bench: write runs done in ${fmt((Date.now() - t) / 1000)} s`);
    const rss = envs.map((e) => `${short(e.n)} ${fmt(rssMiB(e.api) ?? 0)} MiB`).join(', ');

    mainPass = printMain(main);
    if (scaling) scalePass = printScaling(small, big, scaling);
    writePass = printWrites(main);
    searchPass = printNoMatchSearch();
    console.log(`\nAPI resident memory after the runs: ${rss}`);
  } catch (err) {
    if (!(err instanceof Finished)) throw err;
  } finally {
    for (const env of envs) await release(env);
  }
  if (PROFILE_DIR) console.log(`\nbench: the API's CPU profile is in ${path.relative(root, PROFILE_DIR)}/`);
  if (ONLY) {
    clearTimeout(watchdog);
    cleanupSync();
    process.exit(0);
  }
  if (!sizes.includes(100_000)) console.log('\n(100 000-article run skipped: add --full)');
  const [l1b = 0] = os.loadavg();
  console.log(`\nbench: load average at the end ${l1b.toFixed(2)}`);
  console.log(
    `bench: throughput target ${mainPass ? 'MET' : 'MISSED'}, scaling target ${scalePass ? 'MET' : 'MISSED'}, ` +
      `no-match search target ${searchPass ? 'MET' : 'MISSED'}, write target ${writePass ? 'MET' : 'MISSED'}, ` +
      `query-time targets ${queriesPass ? 'MET' : 'MISSED'}`,
  );
  clearTimeout(watchdog);
  cleanupSync();
  process.exit(args.strict && !(mainPass && scalePass && searchPass && writePass && queriesPass) ? 1 : 0);
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
  cleanupSync();
  process.exit(1);
}
