import path from 'node:path';
import type { Config } from '../config.js';
import { pendingBackfills, runBackfills } from './backfills.js';
import { openEmbeddedStore } from './embedded/index.js';
import { openMongoStore } from './mongo.js';
import { indexNameOf, type IndexSpec, type Store } from './port.js';

export * from './port.js';
export { newId, isId } from './ids.js';

/** MongoDB when MONGODB_URI is set, else the embedded durable store in `${dataDir}/db`. */
export async function openStore(
  config: Pick<Config, 'mongodbUri' | 'mongodbDb' | 'dataDir'>,
): Promise<Store> {
  if (config.mongodbUri) {
    return openMongoStore({ uri: config.mongodbUri, dbName: config.mongodbDb, substring: substringFields() });
  }
  return openEmbeddedStore({ dir: path.join(config.dataDir, 'db') });
}

/**
 * Every index the app's queries use, built by the migration step (docs/decisions/indexes-at-scale.md
 * lists each query and its index).
 */
export const INDEXES: Record<string, IndexSpec[]> = {
  users: [
    { keys: { email: 1 }, unique: true },
    // All Users, newest first; the counts of GET /users-count and /active-users; the photo check.
    { keys: { createdAt: -1, _id: -1 } },
    { keys: { premiumEndAt: 1 } },
    { keys: { lastSeenAt: 1 } },
    { keys: { photoURL: 1 } },
    // A writer's page and follows by public id (store/backfills.ts gives older records theirs).
    { keys: { publicId: 1 }, unique: true },
  ],
  articles: [
    // Lists page by these sorts; `_id` last breaks ties, so equal keys never repeat or skip a row.
    // The admin queues walk the first one per status too.
    { keys: { status: 1, createdAt: -1, _id: -1 } },
    { keys: { status: 1, totalViewCount: -1, _id: -1 } },
    { keys: { 'userInfo.email': 1 } },
    { keys: { publisher: 1 } },
    { keys: { Tags: 1 } },
    // Whether an uploaded image is still an article's cover (releasing it).
    { keys: { articleImage: 1 } },
    // Title search: trigrams on both engines (docs/decisions/search-index.md).
    { keys: { articleTitle: 1 }, kind: 'substring' },
    // Newest approved per publisher, writer and tag: "For you", writers' pages, related reading.
    { keys: { publisher: 1, createdAt: -1, _id: -1 } },
    { keys: { 'userInfo.email': 1, createdAt: -1, _id: -1 } },
    { keys: { Tags: 1, createdAt: -1, _id: -1 } },
  ],
  // Every submitted version of an article (docs/decisions/revisions.md): numbered per article, one
  // number once (two edits at once cannot take the same), read newest first.
  article_revisions: [{ keys: { articleId: 1, n: -1 }, unique: true }],
  publishers: [{ keys: { publisherName: 1 }, unique: true }, { keys: { logo: 1 } }],
  // A pass once per PaymentIntent; a user's passes, newest first (the billing page).
  // The admins' revenue view reads date ranges (docs/decisions/revenue-view.md): passes per source and
  // purchase date, subscriptions per plan and start or end, paid invoices by date, live ones per plan.
  payments: [
    { keys: { paymentIntentId: 1 }, unique: true },
    { keys: { email: 1, grantedAt: -1, _id: -1 } },
    { keys: { source: 1, grantedAt: 1, _id: 1 } },
  ],
  // Subscriptions and their invoices (docs/decisions/subscriptions.md): a user's, newest first; an
  // invoice by the PaymentIntent a refund names; the periods taken back of one subscription.
  subscriptions: [
    { keys: { email: 1, createdAt: -1, seq: -1, _id: -1 } },
    { keys: { status: 1, plan: 1 } },
    { keys: { plan: 1, createdAt: 1, _id: 1 } },
    { keys: { plan: 1, endedAt: 1, _id: 1 } },
  ],
  billing_invoices: [
    { keys: { email: 1, createdAt: -1, _id: -1 } },
    { keys: { paymentIntentId: 1 } },
    { keys: { subscriptionId: 1 } },
    { keys: { status: 1, createdAt: 1, _id: 1 } },
  ],
  payment_intents: [{ keys: { uid: 1, seconds: 1 }, unique: true }],
  // Premium given without a payment (an admin's days, premium from before the ledger): a user's.
  premium_grants: [{ keys: { email: 1, grantedAt: -1, _id: -1 } }],
  views: [{ keys: { articleId: 1, email: 1 } }, { keys: { lastCountedAt: 1 } }],
  // By URL (release, serving checks); by age (the unused-upload sweep's candidates).
  uploads: [{ keys: { url: 1 } }, { keys: { createdAt: 1 } }],
  // Views per day (stats/view-history.ts): per author and day, per publisher and month.
  author_daily_views: [{ keys: { authorDay: 1 } }, { keys: { day: 1 } }],
  publisher_daily_views: [{ keys: { month: 1 } }],
  // Mail (docs/decisions/email.md): the sender's due mails; a person's mail history, newest first;
  // digests whose slot has come; approvals since a reader's last digest.
  mail_outbox: [{ keys: { status: 1, nextAttemptAt: 1 } }, { keys: { to: 1, createdAt: -1, _id: -1 } }],
  mail_preferences: [{ keys: { email: 1 }, unique: true }, { keys: { nextDigestAt: 1 } }],
  digest_articles: [{ keys: { approvedAt: 1 } }],
  // Gift links (docs/decisions/gift-links-and-meter.md): opened by token, listed per creator, newest
  // first. Their readers, the creators' monthly counts and the meter are found by derived `_id`s.
  gift_links: [{ keys: { token: 1 }, unique: true }, { keys: { creator: 1, createdAt: -1, _id: -1 } }],
  // Comments (docs/decisions/comments.md): an article's comments and a comment's replies by time; an
  // author's (duplicates); the reported ones and the newest of all (moderation). Threads, reports and
  // bans are found by derived `_id`s.
  comments: [
    { keys: { articleId: 1, parentId: 1, createdAt: -1, _id: -1 } },
    { keys: { authorEmail: 1, articleId: 1, createdAt: -1 } },
    { keys: { lastReportedAt: -1, _id: -1 } },
    { keys: { createdAt: -1, _id: -1 } },
  ],
  comment_reports: [{ keys: { commentId: 1 } }],
  // A writer's drafts, the last saved first (docs/roles.md, "Drafts"); one is found by its derived `_id`,
  // a deleted article's update drafts by its id.
  drafts: [{ keys: { owner: 1, updatedAt: -1, _id: -1 } }, { keys: { articleId: 1 } }],
  // Follows and reading history (docs/decisions/follows-and-feed.md): what a reader follows, a
  // target's followers; a reader's latest reads, an article's latest readers.
  follows: [{ keys: { follower: 1, createdAt: -1, _id: -1 } }, { keys: { target: 1 } }],
  reads: [
    { keys: { reader: 1, at: -1, _id: -1 } },
    { keys: { articleId: 1, at: -1, _id: -1 } },
    // The sweep of reads older than READS_KEPT_DAYS.
    { keys: { at: 1 } },
  ],
};

/**
 * Indexes an earlier version created that a declared one now replaces (by name): dropped once the
 * replacement exists, so neither engine keeps maintaining them. Only these are ever dropped, never an
 * index a database administrator added.
 */
export const RETIRED_INDEXES: Record<string, string[]> = {
  // Replaced by the same keys with `_id` last (stable paging).
  articles: ['status_1_createdAt_-1', 'status_1_totalViewCount_-1'],
};

export async function ensureIndexes(store: Store): Promise<void> {
  for (const [name, specs] of Object.entries(INDEXES)) {
    const collection = store.collection(name);
    // Before the indexes: a unique one needs its field on every document.
    await runBackfills(store, name);
    for (const spec of specs) await collection.createIndex(spec);
    const retired = RETIRED_INDEXES[name] ?? [];
    if (retired.length === 0) continue;
    const existing = await collection.indexNames();
    for (const index of retired) if (existing.includes(index)) await collection.dropIndex(index);
  }
}

/**
 * What `migrate` would still do on this database: declared indexes it lacks, retired ones it still
 * has, by name, and fields to backfill. An instance on a database server refuses to start while this
 * is not empty.
 */
export async function pendingMigrations(store: Store): Promise<string[]> {
  const pending: string[] = [];
  for (const [name, specs] of Object.entries(INDEXES)) {
    const existing = await store.collection(name).indexNames();
    for (const spec of specs) {
      const index = indexNameOf(spec);
      if (!existing.includes(index)) pending.push(`${name}.${index}`);
    }
    for (const index of RETIRED_INDEXES[name] ?? []) {
      if (existing.includes(index)) pending.push(`${name}.${index} (retired)`);
    }
  }
  pending.push(...(await pendingBackfills(store)));
  return pending;
}

/**
 * The migration step (`npm run migrate -w server`, or every start on the embedded engine): backfills
 * the fields unique indexes need, builds the declared indexes, drops retired ones. Safe to run again
 * and from several machines at once.
 */
export async function migrate(store: Store): Promise<void> {
  await ensureIndexes(store);
}

/** Per collection, the fields INDEXES gives a 'substring' index (the MongoDB engine keeps their trigrams). */
export function substringFields(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, specs] of Object.entries(INDEXES)) {
    const fields = specs.filter((s) => s.kind === 'substring').flatMap((s) => Object.keys(s.keys));
    if (fields.length) out[name] = fields;
  }
  return out;
}
