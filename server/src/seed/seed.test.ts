import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import type { Doc } from '../store/port.js';
import { bearer, emulatorPasswordSignIn, makeTestApp, type TestApp } from '../test/app.js';
import type { User } from '../users/types.js';
import { ALL_TAGS, DEMO_ACCOUNTS } from './content.js';
import { seedDemoData } from './seed.js';

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
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedDemoData', () => {
  it('seeds publishers with logos, 30 varied articles and the demo users', async () => {
    const result = await seed();
    expect(result.contentSeeded).toBe(true);

    const publishers = await t.store
      .collection<Doc & { publisherName: string; logo: string }>('publishers')
      .find({});
    expect(publishers.length).toBeGreaterThanOrEqual(8);
    for (const p of publishers) {
      const meta = await sharp(fileOf(p.logo)).metadata();
      expect(meta.format).toBe('png');
    }

    const articles = await t.store.collection<Article>('articles').find({});
    expect(articles).toHaveLength(30);
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
      expect(a.Tags.every((tag) => (ALL_TAGS as readonly string[]).includes(tag))).toBe(true);
      if (a.status === 'Declined') expect(a.decliningReason).toEqual(expect.any(String));
      else expect(a.decliningReason).toBeNull();
    }
    expect(new Set(articles.flatMap((a) => a.Tags))).toEqual(new Set(ALL_TAGS));
    const byStatus = (s: string) => articles.filter((a) => a.status === s).length;
    expect(byStatus('Approved')).toBeGreaterThanOrEqual(15);
    expect(byStatus('Pending')).toBeGreaterThanOrEqual(3);
    expect(byStatus('Declined')).toBeGreaterThanOrEqual(3);
    expect(
      articles.filter((a) => a.isPremium === 'Yes' && a.status === 'Approved').length,
    ).toBeGreaterThanOrEqual(4);
    expect(new Set(articles.map((a) => a.totalViewCount)).size).toBeGreaterThan(15);
    const times = articles.map((a) => Date.parse(a.createdAt));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * 24 * 3600_000);
    // The reader demo account has posted nothing, so the free plan's one post is still available to it.
    expect(articles.some((a) => a.userInfo.email === 'reader@newsroom.test')).toBe(false);
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
    const logo = path.join(uploadsDir(), 'seed-publisher-1.png');
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
