/**
 * Property-based fuzzing of every documented operation (fast-check): generated valid and invalid
 * inputs (src/test/fuzz-inputs.ts) sent over HTTP as anonymous, normal, premium and admin callers
 * and with forged tokens. For every call: never a 5xx, the answer is documented (status, media
 * type, body schema), and on a 4xx nothing in the store's business collections or the upload
 * folder changed. Bounded in time: FUZZ_MS in all (default 5 s inside `npm test`; `npm run fuzz`
 * gives it minutes), FUZZ_SEED replays a run.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import type { Doc } from '../store/port.js';
import { AUTHOR_DAILY_VIEWS, PUBLISHER_DAILY_VIEWS } from '../stats/view-history.js';
import { signInAs, type SignedIn } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { forgedIdToken } from '../test/emulator.js';
import {
  CALLER_EMAIL,
  CALLERS,
  inputOf,
  type Caller,
  type FuzzInput,
  type IdSlot,
} from '../test/fuzz-inputs.js';
import { answerChecker, documentedOperations, type Answer, type DocOperation } from '../test/openapi.js';
import { buildWorld, pngImage, PUBLISHER, STRIPE_WEBHOOK_SECRET, type World } from '../test/openapi-world.js';
import { listen } from '../test/sse.js';
import { DOCS_ASSETS } from './assets.js';
import { openApiDocument } from './document.js';

const doc = openApiDocument();
const operations = documentedOperations(doc);
const BUDGET_MS = Number(process.env.FUZZ_MS ?? 5_000);
const PER_OPERATION_MS = Math.max(50, Math.floor(BUDGET_MS / operations.length));
/** Inside `npm test` a handful per operation (at least MIN_RUNS); given a budget, as many as it allows. */
const RUNS = process.env.FUZZ_MS ? 1_000_000 : 12;
const MIN_RUNS = 2;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** What a refused request must leave as it was (lastSeenAt: any authenticated request may touch it). */
const BUSINESS_COLLECTIONS = [
  'users',
  'articles',
  'publishers',
  'payments',
  'payment_intents',
  'uploads',
  'views',
  'article_revisions',
  AUTHOR_DAILY_VIEWS,
  PUBLISHER_DAILY_VIEWS,
];

let w: World;
let base: string;
let closeServer: () => Promise<void>;
/** The user whose id the admin-only user routes get (the callers keep their roles). */
let target: SignedIn;
let png: Buffer;
const check = answerChecker(doc);
/** Statuses answered per operation, printed after a `npm run fuzz` run (what the inputs reached). */
const answered = new Map<string, Map<number, number>>();

beforeAll(async () => {
  w = await buildWorld();
  target = await signInAs(w.t, { name: 'Tess Target' });
  png = await pngImage();
  const server = await listen(w.t.app);
  base = server.base;
  closeServer = server.close;
}, 60_000);
afterAll(async () => {
  await closeServer();
  await w.close();
  if (!process.env.FUZZ_MS) return;
  const rows = [...answered].map(
    ([id, counts]) => `${id.padEnd(28)} ${[...counts].map(([s, n]) => `${s}×${n}`).join(' ')}`,
  );
  console.log(`answers per operation:\n${rows.join('\n')}`);
});

/** JSON with object keys sorted: an engine may reorder a document's fields when it rewrites one. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/**
 * Each business collection (and the upload folder's file names) as JSON, by name. A user's
 * postedCount is taken as what it stands for: a record without one is backfilled with its
 * author's article count on the first post attempt, refused or not, which changes nothing seen.
 */
async function snapshot(): Promise<Record<string, string>> {
  const parts: Record<string, string> = {};
  const docs: Record<string, Doc[]> = {};
  for (const name of BUSINESS_COLLECTIONS) {
    docs[name] = await w.t.store.collection(name).find({}, { sort: { _id: 1 } });
  }
  const postedBy = (email: unknown) =>
    docs.articles!.filter((a) => (a as unknown as Article).userInfo?.email === email).length;
  docs.users = docs.users!.map(({ lastSeenAt: _seen, ...user }) => ({
    ...user,
    postedCount: user.postedCount ?? postedBy(user.email),
  }));
  for (const name of BUSINESS_COLLECTIONS) parts[name] = canonical(docs[name]);
  const files = await readdir(path.join(w.t.deps.config.dataDir, 'uploads')).catch(() => []);
  parts['uploads/'] = JSON.stringify(files.sort());
  return parts;
}

/** What differs between two snapshots: the parts that changed, each from its first difference on. */
function changes(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before)
    .filter((name) => before[name] !== after[name])
    .map((name) => {
      const [a, b] = [before[name]!, after[name]!];
      let i = 0;
      while (a[i] === b[i]) i++;
      return `${name}: …${a.slice(Math.max(0, i - 80), i + 120)} → …${b.slice(Math.max(0, i - 80), i + 120)}`;
    });
}

/** The id a slot stands for now (an article in that state is made when none is left). */
async function resolveId(slot: IdSlot): Promise<string> {
  if (slot === 'unknown') return 'f'.repeat(24);
  if (slot === 'user:target') {
    return (await w.t.store.collection('users').findOne({ email: target.email }))!._id;
  }
  const articles = w.t.store.collection<Article>('articles');
  const userInfo = { name: 'Rita Reader', image: 'https://example.test/r.png', email: w.reader.email };
  if (slot === 'writer:public') {
    // The world's reader as a writer: an approved article of theirs, and their public id.
    if (!(await articles.findOne({ 'userInfo.email': w.reader.email, status: 'Approved' })))
      await insertArticle(w.t.store, { status: 'Approved', isPremium: 'No', userInfo });
    return (await w.t.store.collection('users').findOne({ email: w.reader.email }))!.publicId as string;
  }
  const filter: Partial<Article> =
    slot === 'article:premium'
      ? { status: 'Approved', isPremium: 'Yes' }
      : slot === 'article:own'
        ? { 'userInfo.email': w.reader.email }
        : { status: slot.slice('article:'.length) as Article['status'], isPremium: 'No' };
  const found = await articles.findOne(filter);
  if (found) return found._id;
  const state = slot === 'article:own' ? { status: 'Pending' as const } : filter;
  const made = await insertArticle(w.t.store, { isPremium: 'No', ...state, userInfo });
  return made._id;
}

function credential(op: DocOperation, caller: Caller): string | undefined {
  const schemes = (op.spec.security as Record<string, unknown>[]).flatMap((s) => Object.keys(s));
  if (caller === 'anonymous') return undefined;
  if (schemes.includes('firebase')) {
    if (caller === 'forged') return forgedIdToken({ uid: 'forged-uid', email: w.admin.email });
    return w[caller].idToken;
  }
  if (caller === 'forged') return jwt.sign({ uid: 'x', email: w.admin.email }, 'not-our-secret');
  return w[caller].token;
}

/** The input with CALLER_EMAIL replaced by the caller's email, wherever it is. */
function withCallerEmail(input: FuzzInput, email: string): FuzzInput {
  const swap = (value: unknown): unknown => {
    if (value === CALLER_EMAIL) return email;
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    }
    return value;
  };
  return swap(input) as FuzzInput;
}

/** A path segment that routing and URL parsing keep as one segment ('' and dot segments would not be). */
const segment = (value: string) => {
  const encoded = encodeURIComponent(value);
  return /^(\.|%2e){0,2}$/i.test(encoded) ? `x${encoded}` : encoded;
};

async function send(op: DocOperation, input: FuzzInput, ids: Record<string, string>): Promise<Answer> {
  const url = new URL(base + op.path.replace(/:(\w+)/g, (_m, name: string) => segment(ids[name]!)));
  for (const [key, value] of Object.entries(input.query)) {
    for (const v of [value ?? []].flat()) url.searchParams.append(key, v);
  }
  const headers: Record<string, string> = {};
  const token = credential(op, input.caller);
  if (token && op.operationId === 'events' && input.tokenInQuery) url.searchParams.set('token', token);
  else if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  const b = input.body;
  if (b?.kind === 'json' || b?.kind === 'raw') {
    headers['content-type'] = 'application/json';
    body = b.kind === 'json' ? JSON.stringify(b.value) : b.text;
  } else if (b?.kind === 'multipart') {
    body = new FormData();
    const bytes =
      b.bytes === 'png' ? png : b.bytes === 'garbage' ? Buffer.from('not an image') : Buffer.alloc(0);
    body.append(b.field, new Blob([bytes]), 'upload.png');
  } else if (b?.kind === 'webhook') {
    body = JSON.stringify(b.event) ?? 'null';
    headers['content-type'] = 'application/json';
    headers['stripe-signature'] = b.signed
      ? w.stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_WEBHOOK_SECRET })
      : 't=1,v1=00';
  }
  const res = await fetch(url, { method: op.method.toUpperCase(), headers, body, redirect: 'manual' });
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (type === 'text/event-stream') {
    await res.body?.cancel();
    return { status: res.status, type, body: null };
  }
  const text = await res.text();
  return { status: res.status, type, body: type === 'application/json' && text ? JSON.parse(text) : text };
}

describe('fuzzing every documented operation', () => {
  const fixtures = () => ({
    emails: [w.reader.email, w.other.email, w.premium.email, w.admin.email, target.email],
    publisher: PUBLISHER,
    sessionToken: w.reader.token,
    files: { getUpload: [w.uploadPath.split('/').pop()!], apiReferenceAsset: Object.keys(DOCS_ASSETS) },
  });

  it('covers every caller kind', () => {
    expect(CALLERS).toEqual(['anonymous', 'reader', 'premium', 'admin', 'forged']);
  });

  for (const op of operations) {
    it(
      `${op.method.toUpperCase()} ${op.path}: no 5xx, answers as documented, a 4xx changes nothing`,
      async () => {
        // Runs past the operation's share of the budget pass without a call (after MIN_RUNS real ones).
        // fast-check's own time limit (long runs) abandons the run under way; it is awaited below,
        // so its writes never land inside the next operation's before/after snapshots.
        const deadline = Date.now() + PER_OPERATION_MS;
        let made = 0;
        let underWay: Promise<unknown> = Promise.resolve();
        const property = fc.asyncProperty(inputOf(op, doc, fixtures()), async (generated) => {
          if (made >= MIN_RUNS && Date.now() > deadline) return;
          made++;
          const run = fuzzOnce(op, generated);
          underWay = run.catch(() => undefined);
          await run;
        });
        const long = process.env.FUZZ_MS
          ? { interruptAfterTimeLimit: PER_OPERATION_MS, markInterruptAsFailure: false }
          : {};
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true, ...long });
        await underWay;
      },
      PER_OPERATION_MS + 60_000,
    );
  }
});

/** One generated call: never a 5xx, answered as documented, and a refusal changes nothing. */
async function fuzzOnce(op: DocOperation, generated: FuzzInput): Promise<void> {
  const own =
    generated.caller === 'anonymous' || generated.caller === 'forged' ? w.reader : w[generated.caller];
  const input = withCallerEmail(generated, own.email);
  const ids: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.params)) {
    ids[name] = typeof value === 'string' ? value : await resolveId(value.slot);
  }
  const before = await snapshot();
  const answer = await send(op, input, ids);
  const counts = answered.get(op.operationId) ?? new Map<number, number>();
  answered.set(op.operationId, counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1));
  const said = `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
  expect(answer.status, said).toBeLessThan(500);
  expect(check(op, answer), said).toEqual([]);
  if (answer.status >= 400)
    expect(changes(before, await snapshot()), `${said} changed the store`).toEqual([]);
}
