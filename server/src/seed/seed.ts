import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { newPublicId } from '../store/ids.js';
import { DuplicateKeyError, type Doc, type Store } from '../store/port.js';
import { isPremium, type User } from '../users/types.js';
import { DEMO_ACCOUNTS, DEMO_ARTICLES, DEMO_PUBLISHERS, type DemoAccount } from './content.js';
import { emulatorAccountDirectory, type AccountDirectory } from './firebase-accounts.js';
import { defaultImageCacheDir } from './image-cache.js';
import { articleCoverSvg, avatarSvg, publisherLogoSvg, renderImage } from './images.js';
import { seedViewHistory, type SeededViews } from './view-history.js';
import { quietServices, type Services } from '../services.js';
import { seedComments } from './comments.js';
import { editedAt, seedRevisions } from './revisions.js';

/** Fixed ids (valid 24-hex) so a re-run finds what an earlier run wrote instead of duplicating it. */
const SEED_MARKER_ID = '5eed00000000000000000001';
const publisherId = (i: number) => `5eed00000000000000a0${i.toString(16).padStart(4, '0')}`;
const articleId = (i: number) => `5eed00000000000000b0${i.toString(16).padStart(4, '0')}`;
const userId = (i: number) => `5eed00000000000000c0${i.toString(16).padStart(4, '0')}`;

const DAY_MS = 24 * 3600_000;
const YEAR_MS = 365 * DAY_MS;

export interface SeedDeps {
  store: Store;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** Where demo logins are created; defaults to the Auth emulator (none without one). */
  accounts?: AccountDirectory | null;
  /** The encoded demo images kept between seeds (seed/image-cache.ts); null: encode every time. */
  imageCacheDir?: string | null;
}

export interface SeedResult {
  /** False when the store already carried the seed marker (content left untouched). */
  contentSeeded: boolean;
  /** Emails of the demo users with a login (and so a store record). */
  accounts: string[];
}

/** What an article shows of its author (kept on the article, so it needs no user record). */
interface Author {
  name: string;
  email: string;
  photoURL: string;
}

/**
 * Demo data on first start: accounts (always ensured, so the printed logins work even if the
 * emulator's accounts were wiped), then publishers, articles and their images once per store.
 * A demo user gets a store record only with a login the seed made for it: without the emulator
 * (a real Firebase project) no user records are written at all, so no role waits for whoever
 * registers the email first. Idempotent: fixed ids, insert-if-missing, images rendered only when absent.
 */
export async function seedDemoData(deps: SeedDeps): Promise<SeedResult> {
  const { store, config, logger } = deps;
  const uploads = path.join(config.dataDir, 'uploads');
  const url = (file: string) => `${config.publicUrl}/uploads/${file}`;
  const accounts = deps.accounts === undefined ? emulatorAccountDirectory(config) : deps.accounts;
  const cacheDir = deps.imageCacheDir === undefined ? defaultImageCacheDir() : deps.imageCacheDir;

  const authors = new Map<DemoAccount['key'], Author>();
  const withLogin: string[] = [];
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const avatar = await renderImage(
      uploads,
      `seed-avatar-${account.key}`,
      'png',
      avatarSvg({ name: account.name, colors: account.colors }),
      cacheDir,
    );
    const user = await ensureDemoUser(deps, accounts, account, i, url(avatar));
    if (user) withLogin.push(user.email);
    authors.set(account.key, {
      name: user?.name ?? account.name,
      email: account.email,
      photoURL: user?.photoURL ?? url(avatar),
    });
  }

  const meta = store.collection<Doc>('meta');
  if (await meta.findOne({ _id: SEED_MARKER_ID })) {
    logger.info('demo data already seeded');
    return { contentSeeded: false, accounts: withLogin };
  }

  const publishers = store.collection<Doc>('publishers');
  for (const [i, p] of DEMO_PUBLISHERS.entries()) {
    const file = await renderImage(
      uploads,
      `seed-publisher-${i + 1}`,
      'png',
      publisherLogoSvg({ name: p.publisherName, colors: p.colors }),
      cacheDir,
    );
    await insertIfMissing(publishers, {
      _id: publisherId(i + 1),
      publisherName: p.publisherName,
      logo: url(file),
      createdAt: deps.clock.now().toISOString(),
    });
  }

  const articles = store.collection<Doc>('articles');
  const now = deps.clock.now().getTime();
  const viewed: SeededViews[] = [];
  for (const [i, a] of DEMO_ARTICLES.entries()) {
    const file = await renderImage(
      uploads,
      `seed-article-${i + 1}`,
      'jpg',
      articleCoverSvg({ title: a.title, tag: a.tags[0]!, publisher: a.publisher, seed: i + 1 }),
      cacheDir,
    );
    const author = authors.get(a.author)!;
    // Spread within the day too, so "newest first" has a stable, believable order.
    const createdAt = new Date(now - a.daysAgo * DAY_MS - ((i * 37) % 600) * 60_000).toISOString();
    await insertIfMissing(articles, {
      _id: articleId(i + 1),
      articleTitle: a.title,
      articleImage: url(file),
      articleDescription: a.paragraphs.join('\n\n'),
      publisher: a.publisher,
      Tags: a.tags,
      status: a.status,
      isPremium: a.isPremium,
      decliningReason: a.decliningReason ?? null,
      ...(a.reviewNote && { reviewNote: a.reviewNote, reviewNoteAt: new Date(now - DAY_MS).toISOString() }),
      ...(a.publishInDays && { publishAt: new Date(now + a.publishInDays * DAY_MS).toISOString() }),
      createdAt,
      ...(a.earlierVersions && { updatedAt: editedAt(a, now) }),
      totalViewCount: a.views,
      userInfo: { image: author.photoURL, name: author.name, email: author.email },
    });
    const seeded = { index: i + 1, articleId: articleId(i + 1), createdAt, image: url(file), now };
    await seedRevisions(store, seeded, a, author);
    viewed.push({
      _id: articleId(i + 1),
      publisher: a.publisher,
      author: author.email,
      createdAt,
      views: a.views,
    });
  }
  await seedViewHistory(store, deps.clock.now(), viewed);
  // The seed writes behind the app, before it starts: its follows and comments say nothing.
  const services = quietServices(deps);
  await seedFollows({ ...deps, services });
  await seedComments({ ...deps, services });
  await seedDraft({ ...deps, services });

  await insertIfMissing(meta, {
    _id: SEED_MARKER_ID,
    kind: 'seed',
    seededAt: deps.clock.now().toISOString(),
  });
  logger.info(
    { publishers: DEMO_PUBLISHERS.length, articles: DEMO_ARTICLES.length, users: withLogin.length },
    'demo data seeded',
  );
  return { contentSeeded: true, accounts: withLogin };
}

/** The demo draft's key (My Articles lists it apart from the articles; docs/roles.md, "Drafts"). */
export const DEMO_DRAFT_KEY = 'seed-draft-harbour-lights';

/** writer1's half-written article: a draft, never an article, until they submit it. */
async function seedDraft(deps: SeedDeps & { services: Services }): Promise<void> {
  const email = DEMO_ACCOUNTS.find((a) => a.key === 'writer1')!.email;
  const writer = await deps.store.collection<User>('users').findOne({ email });
  if (!writer) return; // no logins (see ensureDemoUser): nobody to keep a draft for
  await deps.services.drafts.save(writer, DEMO_DRAFT_KEY, {
    articleId: null,
    title: 'Harbour lights: the last keeper remembers',
    description: [
      'For forty-one years Ewan Marsh climbed the ninety steps of the harbour light every evening.',
      'He kept a log of every ship that passed, and of every night the lamp',
    ].join('\n\n'),
    publisher: DEMO_PUBLISHERS[0]!.publisherName,
    formatedTags: ['culture', 'lifestyle'],
    photoURL: null,
  });
}

/** The demo reader follows the first publisher and the first writer, so "For you" has something to show. */
async function seedFollows(deps: SeedDeps & { services: Services }): Promise<void> {
  const users = deps.store.collection<User>('users');
  const email = (key: DemoAccount['key']) => DEMO_ACCOUNTS.find((a) => a.key === key)!.email;
  const [reader, writer] = await Promise.all([
    users.findOne({ email: email('reader') }),
    users.findOne({ email: email('writer1') }),
  ]);
  if (!reader) return;
  const { follows } = deps.services;
  await follows.follow(reader, 'publisher', publisherId(1));
  if (writer?.publicId) await follows.follow(reader, 'writer', writer.publicId);
}

async function insertIfMissing(collection: ReturnType<Store['collection']>, doc: Doc): Promise<void> {
  if (await collection.findOne({ _id: doc._id })) return;
  try {
    await collection.insertOne(doc);
  } catch (err) {
    // Someone created the same unique name (e.g. a publisher) by hand: keep theirs.
    if (!(err instanceof DuplicateKeyError)) throw err;
  }
}

/**
 * The emulator login and then the store record of one demo user; null (and the store left as it
 * is) when there is no login the seed made for it.
 */
async function ensureDemoUser(
  deps: SeedDeps,
  accounts: AccountDirectory | null,
  account: DemoAccount,
  index: number,
  photoURL: string,
): Promise<User | null> {
  const now = deps.clock.now();
  if (!accounts) return null;
  let uid: string;
  try {
    uid = await accounts.upsert({
      email: account.email,
      password: account.password,
      displayName: account.name,
      photoURL,
      legacyUid: `seed-${account.key}`,
    });
  } catch (err) {
    // The API still starts (public pages work); the login appears once the emulator is reachable.
    deps.logger.warn({ err, email: account.email }, 'could not create the demo login in Firebase Auth');
    return null;
  }
  const users = deps.store.collection<User>('users');
  const existing = await users.findOne({ email: account.email });
  if (!existing) {
    const user: User = {
      _id: userId(index + 1),
      publicId: newPublicId(),
      uid,
      email: account.email,
      name: account.name,
      displayName: account.name,
      photoURL,
      ...(account.phone && { phone: account.phone }),
      ...(account.address && { address: account.address }),
      ...(account.birth && { birth: account.birth }),
      ...(account.gender && { gender: account.gender }),
      ...(account.role === 'admin' && { role: 'Admin' as const }),
      ...(account.role === 'editor' && { editor: true as const }),
      premiumEndAt: account.role === 'premium' ? new Date(now.getTime() + YEAR_MS).toISOString() : null,
      // Staff accounts joined before the articles they wrote.
      createdAt: new Date(now.getTime() - (60 - index) * DAY_MS).toISOString(),
    };
    try {
      await users.insertOne(user);
      return user;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
  }
  // Re-run: keep the record (and any profile edits) but restore what the demo login promises.
  const current = (await users.findOne({ email: account.email }))!;
  const set: Partial<User> = {};
  if (current.uid !== uid) set.uid = uid;
  if (account.role === 'admin' && current.role !== 'Admin') set.role = 'Admin';
  if (account.role === 'editor' && current.editor !== true) set.editor = true;
  if (account.role === 'premium' && !isPremium(current, now)) {
    set.premiumEndAt = new Date(now.getTime() + YEAR_MS).toISOString();
  }
  if (!Object.keys(set).length) return current;
  return (await users.findOneAndUpdate({ email: account.email }, { $set: set })) ?? current;
}
