import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import type { Doc } from '../store/port.js';
import { firebaseAuth } from '../auth/firebase-admin.js';
import { bearer, emulatorPasswordSignIn, makeTestApp, type TestApp } from '../test/app.js';
import { emulatorSignUp, uniqueEmail } from '../test/emulator.js';
import type { User } from '../users/types.js';
import { ALL_TAGS, DEMO_ACCOUNTS } from './content.js';
import { emulatorAccountDirectory } from './firebase-accounts.js';
import { seedDemoData, type SeedDeps } from './seed.js';

let t: TestApp;
const logger = pino({ level: 'silent' });
const seed = () => seedDemoData({ store: t.store, config: t.deps.config, clock: systemClock, logger });
const uploadsDir = () => path.join(t.deps.config.dataDir, 'uploads');
const fileOf = (url: string) => {
  const prefix = `${t.deps.config.publicUrl}/uploads/`;
  expect(url.startsWith(prefix)).toBe(true);
  return path.join(uploadsDir(), url.slice(prefix.length));
};

interface Article extends Doc {
  articleTitle: string;
  articleImage: string;
  articleDescription: string;
  publisher: string;
  Tags: string[];
  status: string;
  isPremium: string;
  decliningReason: string | null;
  createdAt: string;
  totalViewCount: number;
  userInfo: { name: string; image: string; email: string };
}

beforeAll(async () => {
  t = await makeTestApp({ identity: 'firebase' });
});
afterAll(async () => {
  await t.close();
});

describe('seedDemoData', () => {
  // Makes every demo image with sharp: CPU-bound, and slow beside other test files on 2 cores.
  it('seeds publishers with logos, 31 varied articles and the demo users', async () => {
    const result = await seed();
    expect(result.contentSeeded).toBe(true);

    const publishers = await t.store
      .collection<Doc & { publisherName: string; logo: string }>('publishers')
      .find({});
    expect(publishers.length).toBeGreaterThanOrEqual(8);
    for (const p of publishers) {
      const meta = await sharp(fileOf(p.logo)).metadata();
      expect(meta.format).toBe('png');
      expect(p.logo).toMatch(/--400x400\.png$/);
      expect((await sharp(fileOf(p.logo).replace(/\.png$/, '-400.webp')).metadata()).format).toBe('webp');
    }

    const articles = await t.store.collection<Article>('articles').find({});
    expect(articles).toHaveLength(31);
    const names = new Set(publishers.map((p) => p.publisherName));
    const authors = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    for (const a of articles) {
      expect(names.has(a.publisher)).toBe(true);
      expect(authors.has(a.userInfo.email)).toBe(true);
      expect(a.articleTitle.length).toBeLessThanOrEqual(150);
      expect(a.articleDescription.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(existsSync(fileOf(a.userInfo.image))).toBe(true);
      const meta = await sharp(fileOf(a.articleImage)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 675 });
      // The same responsive variants as an upload: WebP at 400, 800 and 1200, JPEG at 400 and 800.
      expect(a.articleImage).toMatch(/\/seed-article-\d+--1200x675\.jpg$/);
      for (const [suffix, format, width] of [
        ['-400.webp', 'webp', 400],
        ['-800.webp', 'webp', 800],
        ['-1200.webp', 'webp', 1200],
        ['-400.jpg', 'jpeg', 400],
        ['-800.jpg', 'jpeg', 800],
      ] as const) {
        const variant = await sharp(fileOf(a.articleImage).replace(/\.jpg$/, suffix)).metadata();
        expect([variant.format, variant.width], suffix).toEqual([format, width]);
      }
      expect(a.Tags.every((tag) => (ALL_TAGS as readonly string[]).includes(tag))).toBe(true);
      if (a.status === 'Declined') expect(a.decliningReason).toEqual(expect.any(String));
      else expect(a.decliningReason).toBeNull();
    }
    expect(new Set(articles.flatMap((a) => a.Tags))).toEqual(new Set(ALL_TAGS));
    const byStatus = (s: string) => articles.filter((a) => a.status === s).length;
    expect(byStatus('Approved')).toBeGreaterThanOrEqual(15);
    expect(byStatus('Pending')).toBeGreaterThanOrEqual(3);
    expect(byStatus('Declined')).toBeGreaterThanOrEqual(3);
    // One sent back to its writer, with the editor's note (docs/roles.md).
    expect(articles.filter((a) => a.status === 'Changes requested').map((a) => typeof a.reviewNote)).toEqual([
      'string',
    ]);
    // One edited twice by its writer: three revisions, the last its text (docs/decisions/revisions.md).
    const revised = articles.find((a) =>
      a.articleTitle.startsWith('Regional league introduces video review'),
    )!;
    const revisions = await t.store
      .collection<Doc & { n: number; reason: string; articleDescription: string; at: string }>(
        'article_revisions',
      )
      .find({ articleId: revised._id }, { sort: { n: 1 } });
    expect(revisions.map((r) => [r.n, r.reason])).toEqual([
      [1, 'submitted'],
      [2, 'edited'],
      [3, 'edited'],
    ]);
    expect(new Set(revisions.map((r) => r.articleDescription)).size).toBe(3);
    expect(revisions[2]!.articleDescription).toBe(revised.articleDescription);
    expect(revisions[0]!.at).toBe(revised.createdAt);
    expect(revisions[2]!.at).toBe(revised.updatedAt);
    // One scheduled by an editor, published three days after the seed (docs/roles.md).
    const scheduled = articles.filter((a) => a.status === 'Scheduled');
    expect(scheduled).toHaveLength(1);
    const inDays = (Date.parse(String(scheduled[0]!.publishAt)) - Date.now()) / 86_400_000;
    expect(inDays).toBeGreaterThan(2.9);
    expect(inDays).toBeLessThanOrEqual(3);
    expect(
      articles.filter((a) => a.isPremium === 'Yes' && a.status === 'Approved').length,
    ).toBeGreaterThanOrEqual(4);
    expect(new Set(articles.map((a) => a.totalViewCount)).size).toBeGreaterThan(15);
    const times = articles.map((a) => Date.parse(a.createdAt));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * 24 * 3600_000);
    // writer1's half-written draft: kept apart from the articles (and not one of the 31).
    const drafts = await t.store.collection<Doc & { owner: string; title: string }>('drafts').find({});
    expect(drafts.map((d) => [d.owner, d.title])).toEqual([
      ['daniel.mercer@newsroom.test', 'Harbour lights: the last keeper remembers'],
    ]);
    expect(articles.some((a) => a.articleTitle.startsWith('Harbour lights'))).toBe(false);
    // The reader demo account has posted nothing, so the free plan's one post is still available to it.
    expect(articles.some((a) => a.userInfo.email === 'reader@newsroom.test')).toBe(false);
  }, 120_000);

  it("seeds a conversation under the first article: comments, the writer's reply, and one a moderator hid", async () => {
    const first = (
      await t.store.collection<Article>('articles').find({}, { sort: { _id: 1 }, limit: 1 })
    )[0]!;
    const page = await request(t.app).get(`/articles/${first._id}/comments?sort=oldest`);
    expect(page.status).toBe(200);
    expect(page.body.commentCount).toBe(3);
    const [opening, second] = page.body.comments;
    expect(opening.body).toMatch(/^Finally\./);
    expect(opening.replies).toHaveLength(1);
    expect(opening.replies[0]).toMatchObject({ isWriter: true, author: { name: 'Amelia Hart' } });
    expect(second.body).toMatch(/^Ten years/);
    expect(page.body.comments).toHaveLength(2);
    const hidden = await t.store.collection<Doc & { state: string }>('comments').find({ state: 'hidden' });
    expect(hidden).toHaveLength(1);
  });

  it('the demo logins work end to end with the right roles', async () => {
    const expected = {
      'admin@newsroom.test': { password: 'Admin1234', isAdmin: true, isPremium: false },
      'premium@newsroom.test': { password: 'Premium1234', isAdmin: false, isPremium: true },
      'reader@newsroom.test': { password: 'Reader1234', isAdmin: false, isPremium: false },
    };
    for (const [email, want] of Object.entries(expected)) {
      const { idToken } = await emulatorPasswordSignIn(email, want.password);
      const jwt = await request(t.app).post('/jwt').set(bearer(idToken)).send({ email });
      expect(jwt.status).toBe(200);
      const admin = await request(t.app).get('/check/isAdmin').query({ email }).set(bearer(jwt.body.token));
      expect(admin.body).toEqual({ isAdmin: want.isAdmin });
      const premium = await request(t.app).get('/isPremium').query({ email }).set(bearer(jwt.body.token));
      expect(premium.body).toBe(want.isPremium);
      const profile = await request(t.app).get(`/users/${email}`).set(bearer(jwt.body.token));
      expect(profile.body.photoURL).toMatch(/\/uploads\/seed-avatar-.+\.png$/);
    }
    const premium = await t.store.collection<User>('users').findOne({ email: 'premium@newsroom.test' });
    const days = (Date.parse(premium!.premiumEndAt!) - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(360);
  });

  it('is idempotent: a re-run adds nothing and rewrites no image', async () => {
    const count = async () => ({
      users: await t.store.collection('users').countDocuments({}),
      publishers: await t.store.collection('publishers').countDocuments({}),
      articles: await t.store.collection('articles').countDocuments({}),
    });
    const before = await count();
    const logo = path.join(uploadsDir(), 'seed-publisher-1--400x400.png');
    const mtime = statSync(logo).mtimeMs;
    const again = await seed();
    expect(again.contentSeeded).toBe(false);
    expect(await count()).toEqual(before);
    expect(statSync(logo).mtimeMs).toBe(mtime);

    // Even without the marker (a run interrupted before writing it), fixed ids prevent duplicates.
    await t.store.collection('meta').deleteMany({});
    expect((await seed()).contentSeeded).toBe(true);
    expect(await count()).toEqual(before);
  });

  it('a re-run keeps profile edits but restores what the demo logins promise', async () => {
    const users = t.store.collection<User>('users');
    await users.updateOne(
      { email: 'premium@newsroom.test' },
      { $set: { premiumEndAt: new Date(Date.now() - 1000).toISOString(), phone: '999000' } },
    );
    await users.updateOne({ email: 'admin@newsroom.test' }, { $unset: { role: '' } });
    await seed();
    const premium = await users.findOne({ email: 'premium@newsroom.test' });
    expect(Date.parse(premium!.premiumEndAt!)).toBeGreaterThan(Date.now());
    expect(premium!.phone).toBe('999000');
    expect((await users.findOne({ email: 'admin@newsroom.test' }))?.role).toBe('Admin');
  });
});

describe('SEED_DEMO_DATA', () => {
  const secret = 'x'.repeat(40);
  it('defaults to on, except in production', async () => {
    const { loadConfig } = await import('../config.js');
    const base = { DATA_DIR: t.deps.config.dataDir, JWT_SECRET: secret };
    expect(loadConfig(base).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(() => loadConfig({ ...base, SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
  });
});

describe('demo logins and their records', () => {
  const RANDOM_SEED_UID = /^seed-[0-9a-f]{24}$/;

  it('every demo user record belongs to an emulator login with a random uid', async () => {
    const auth = firebaseAuth(t.deps.config);
    const records = await t.store.collection<User>('users').find({});
    expect(records.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const uids = new Set<string>();
    for (const record of records) {
      const login = await auth.getUserByEmail(record.email);
      expect(login.uid).toMatch(RANDOM_SEED_UID);
      expect(record.uid).toBe(login.uid);
      uids.add(login.uid);
    }
    expect(uids.size).toBe(DEMO_ACCOUNTS.length);
  });

  it('after a restart with a new store and the persisted emulator accounts, the demo logins still work', async () => {
    // A new store; the same DATA_DIR, so the images already rendered are reused.
    const fresh = await makeTestApp({ identity: 'firebase', config: { dataDir: t.deps.config.dataDir } });
    try {
      await seedDemoData({ store: fresh.store, config: fresh.deps.config, clock: systemClock, logger });
      const { idToken, uid } = await emulatorPasswordSignIn('admin@newsroom.test', 'Admin1234');
      const jwt = await request(fresh.app)
        .post('/jwt')
        .set(bearer(idToken))
        .send({ email: 'admin@newsroom.test' });
      expect(jwt.status).toBe(200);
      expect((await request(fresh.app).get('/all-users').set(bearer(jwt.body.token))).status).toBe(200);
      expect(
        (await fresh.store.collection<User>('users').findOne({ email: 'admin@newsroom.test' }))?.uid,
      ).toBe(uid);
    } finally {
      await fresh.close();
    }
  });

  it('without logins (a real Firebase project, or the emulator unreachable) no user record is written', async () => {
    for (const variant of ['no directory', 'emulator unreachable'] as const) {
      const fresh = await makeTestApp({
        identity: 'firebase',
        config: {
          dataDir: t.deps.config.dataDir,
          ...(variant === 'emulator unreachable' && { firebaseAuthEmulatorHost: '127.0.0.1:9' }),
        },
      });
      try {
        const deps: SeedDeps = { store: fresh.store, config: fresh.deps.config, clock: systemClock, logger };
        const result = await seedDemoData(variant === 'no directory' ? { ...deps, accounts: null } : deps);
        expect(result.accounts, variant).toEqual([]);
        expect(await fresh.store.collection('users').countDocuments({}), variant).toBe(0);
        const articles = await fresh.store.collection<Article>('articles').find({});
        expect(articles, variant).toHaveLength(31);
        const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
        expect(articles.some((a) => a.userInfo.email === admin.email && a.userInfo.name === admin.name)).toBe(
          true,
        );
      } finally {
        await fresh.close();
      }
    }
  });

  it('the directory creates random uids, keeps passwords, and leaves accounts it did not create alone', async () => {
    const directory = emulatorAccountDirectory(t.deps.config)!;
    const auth = firebaseAuth(t.deps.config);
    const login = { displayName: 'Demo', photoURL: 'https://img.example/d.png' };

    const email = uniqueEmail('demo');
    const uid = await directory.upsert({ ...login, email, password: 'First1234' });
    expect(uid).toMatch(RANDOM_SEED_UID);
    expect((await auth.getUser(uid)).emailVerified).toBe(true);
    expect(await directory.upsert({ ...login, email, password: 'Second1234' })).toBe(uid);
    expect((await emulatorPasswordSignIn(email, 'First1234')).uid).toBe(uid);

    // Someone registered the email first: the seed refuses to adopt (or verify) that account.
    const foreign = await emulatorSignUp(uniqueEmail('taken'));
    await expect(directory.upsert({ ...login, email: foreign.email, password: 'Demo1234' })).rejects.toThrow(
      /did not create/,
    );
    expect((await auth.getUser(foreign.uid)).emailVerified).toBe(false);

    // A login from before random uids moves to one, keeping its (demo) password.
    const legacyEmail = uniqueEmail('legacy');
    const legacyUid = `seed-legacy-${Date.now()}`;
    await auth.createUser({ uid: legacyUid, email: legacyEmail, password: 'Legacy1234' });
    const moved = await directory.upsert({ ...login, email: legacyEmail, password: 'Legacy1234', legacyUid });
    expect(moved).toMatch(RANDOM_SEED_UID);
    expect((await emulatorPasswordSignIn(legacyEmail, 'Legacy1234')).uid).toBe(moved);
  });

  it('two instances seeding the same project at once end with one login, both using it', async () => {
    const directory = emulatorAccountDirectory(t.deps.config)!;
    const other = emulatorAccountDirectory(t.deps.config)!;
    const account = { displayName: 'Demo', photoURL: 'https://img.example/d.png', password: 'Both1234' };
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail(`race${round}`);
      const uids = await Promise.all([
        directory.upsert({ ...account, email }),
        other.upsert({ ...account, email }),
      ]);
      expect(uids[0]).toBe(uids[1]);
      expect((await emulatorPasswordSignIn(email, 'Both1234')).uid).toBe(uids[0]);
    }
  });
});
