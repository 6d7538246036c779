import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.js';
import type { EmbeddedStore } from '../store/embedded/index.js';
import { newId } from '../store/ids.js';
import { getArticle, insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';
import type { ArticleCard } from './types.js';
import { purgeEndedViewWindows } from './view-sweep.js';

let nowMs = Date.now();
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let admin: SignedIn;
let premium: SignedIn;
let reader: SignedIn;
let author: SignedIn;

beforeAll(async () => {
  t = await makeTestApp({ clock });
  [admin, premium, reader, author] = await Promise.all([
    signInAs(t, { role: 'admin' }),
    signInAs(t, { role: 'premium' }),
    signInAs(t, { role: 'reader' }),
    signInAs(t, { role: 'reader', name: 'Ada Author' }),
  ]);
  await insertPublisher(t.store, 'Daily Planet');
});
afterAll(async () => {
  await t.close();
});

const byAuthor = () => ({ name: 'Ada Author', image: 'https://example.test/ada.png', email: author.email });
const titles = (body: ArticleCard[]) => body.map((a) => a.articleTitle);

describe('GET /articles/trending', () => {
  it('answers the 6 approved articles with most views, as cards without the author email, to anyone', async () => {
    const views = [1005, 1001, 1007, 1003, 1002, 1006, 1004, 1000];
    for (const [i, totalViewCount] of views.entries()) {
      await insertArticle(t.store, {
        articleTitle: `Trend ${totalViewCount}`,
        totalViewCount,
        isPremium: i === 0 ? 'Yes' : 'No',
        userInfo: byAuthor(),
        articleDescription: 'x'.repeat(5000),
      });
    }
    await insertArticle(t.store, { articleTitle: 'Pending star', status: 'Pending', totalViewCount: 99_999 });
    await insertArticle(t.store, {
      articleTitle: 'Declined star',
      status: 'Declined',
      totalViewCount: 99_998,
    });

    const res = await request(t.app).get('/articles/trending');
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual([
      'Trend 1007',
      'Trend 1006',
      'Trend 1005',
      'Trend 1004',
      'Trend 1003',
      'Trend 1002',
    ]);
    const premiumCard = res.body.find((a: ArticleCard) => a.articleTitle === 'Trend 1005');
    expect(premiumCard.isPremium).toBe('Yes');
    for (const card of res.body as ArticleCard[]) {
      expect(card.userInfo).toEqual({ name: 'Ada Author', image: 'https://example.test/ada.png' });
      expect(card.articleDescription).toHaveLength(300);
      expect(card).not.toHaveProperty('decliningReason');
      expect(JSON.stringify(card)).not.toContain(author.email);
    }
  });

  it('answers 304 to a matching ETag, and a new order once a counted view changes it', async () => {
    const first = await request(t.app).get('/articles/trending');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await request(t.app).get('/articles/trending').set('If-None-Match', etag)).status).toBe(304);

    // Make 'Trend 1006' overtake 'Trend 1007' through the API (two readers' views).
    const target = (first.body as ArticleCard[]).find((a) => a.articleTitle === 'Trend 1006')!;
    // A write by another process (the raw store, not the app's) is not seen while the cache is valid...
    await t.deps.store
      .collection('articles')
      .updateOne({ _id: target._id }, { $set: { totalViewCount: 1007 } });
    expect((await request(t.app).get('/articles/trending').set('If-None-Match', etag)).status).toBe(304);
    // ...but a counted view through the API invalidates it.
    const counted = await request(t.app)
      .patch(`/articles/view-count/${target._id}`)
      .set(bearer(reader.token));
    expect(counted.body).toEqual({ counted: true, totalViewCount: 1008 });
    const after = await request(t.app).get('/articles/trending').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(titles(after.body).slice(0, 2)).toEqual(['Trend 1006', 'Trend 1007']);
  });
});

describe('GET /all-articles/approved', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    await insertPublisher(t.store, 'Search Herald');
    await insertPublisher(t.store, 'Other Herald');
    const make = async (articleTitle: string, extra: Parameters<typeof insertArticle>[1] = {}) =>
      (
        await insertArticle(t.store, {
          articleTitle,
          publisher: 'Search Herald',
          userInfo: byAuthor(),
          ...extra,
        })
      )._id;
    ids = {
      old: await make('Old Rust news', { Tags: ['technology'], createdAt: '2025-01-01T00:00:00.000Z' }),
      mid: await make('C++ (guide) for cooks', {
        Tags: ['food', 'science'],
        createdAt: '2025-02-01T00:00:00.000Z',
      }),
      newest: await make('Rust on the beach', { Tags: ['travel'], createdAt: '2025-03-01T00:00:00.000Z' }),
      prem: await make('Rusty premium', {
        Tags: ['finance'],
        isPremium: 'Yes',
        createdAt: '2025-02-15T00:00:00.000Z',
      }),
      pending: await make('Rust pending', { status: 'Pending' }),
      declined: await make('Rust declined', { status: 'Declined', decliningReason: 'No' }),
      other: await make('Rust elsewhere', {
        publisher: 'Other Herald',
        createdAt: '2025-04-01T00:00:00.000Z',
      }),
    };
  });

  const get = (query: string) => request(t.app).get(`/all-articles/approved${query}`);

  it('lists approved articles newest first, premium ones flagged, pending and declined never', async () => {
    const res = await get('?publicationFiler=Search%20Herald');
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual([
      'Rust on the beach',
      'Rusty premium',
      'C++ (guide) for cooks',
      'Old Rust news',
    ]);
    expect(res.body[1]).toMatchObject({ _id: ids.prem, isPremium: 'Yes', status: 'Approved' });
    for (const card of res.body as ArticleCard[]) {
      expect(Object.keys(card.userInfo).sort()).toEqual(['image', 'name']);
      expect(card.articleDescription.length).toBeLessThanOrEqual(300);
    }
  });

  it('matches the title case-insensitively as plain text (regex characters are literal)', async () => {
    expect(titles((await get('?search=rUsT&publicationFiler=Search%20Herald')).body)).toEqual([
      'Rust on the beach',
      'Rusty premium',
      'Old Rust news',
    ]);
    expect(titles((await get(`?search=${encodeURIComponent('c++ (GUIDE)')}`)).body)).toEqual([
      'C++ (guide) for cooks',
    ]);
    expect((await get(`?search=${encodeURIComponent('.*')}`)).body).toEqual([]);
    expect((await get(`?search=${encodeURIComponent('^Rust')}`)).body).toEqual([]);
  });

  it('filters by tags (comma-separated, any of them) and by publisher', async () => {
    expect(titles((await get('?tags=travel,food&publicationFiler=Search%20Herald')).body)).toEqual([
      'Rust on the beach',
      'C++ (guide) for cooks',
    ]);
    expect(titles((await get('?publicationFiler=Other%20Herald')).body)).toEqual(['Rust elsewhere']);
    expect((await get('?publicationFiler=Nobody')).body).toEqual([]);
    // Empty parameters mean no filter (the client sends them as they are).
    const all = await get('?search=&publicationFiler=&tags=');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(4);
  });

  it('is bounded: 20 by default, page and limit choose a slice', async () => {
    for (let i = 0; i < 22; i += 1)
      await insertArticle(t.store, { articleTitle: `Bulk ${i}`, publisher: 'Bulk Press' });
    const first = await get('?publicationFiler=Bulk%20Press');
    expect(first.body).toHaveLength(20);
    expect(titles(first.body)[0]).toBe('Bulk 21');
    const page2 = await get('?publicationFiler=Bulk%20Press&limit=10&page=3');
    expect(titles(page2.body)).toEqual(['Bulk 1', 'Bulk 0']);
  });

  it.each([
    ['an unknown tag', '?tags=technology,weather'],
    ['a limit outside 3, 5, 10, 20, 50', '?limit=1000'],
    ['a page of 0', '?page=0'],
    ['a repeated parameter', '?search=a&search=b'],
    ['an operator in brackets', '?search[$ne]=x'],
    ['a NUL in the search', '?search=a%00b'],
    ['a control character in the search', '?search=%1B%5B31m'],
    ['a NUL in the publisher', '?publicationFiler=Daily%00'],
    ['a NUL among the tags', '?tags=politics%00'],
  ])('answers 400 JSON for %s', async (_case, query) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('pages articles of the same moment by _id (newest id first): each on exactly one page', async () => {
    await insertPublisher(t.store, 'Tied Times');
    const at = '2024-06-01T00:00:00.000Z';
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(newId());
    // Stored out of _id order, all at one instant.
    for (const i of [3, 0, 6, 4, 2, 5, 1]) {
      const _id = made[i]!;
      await insertArticle(t.store, { _id, createdAt: at, publisher: 'Tied Times', userInfo: byAuthor() });
    }
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await get(`?publicationFiler=Tied%20Times&limit=3&page=${page}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.map((a: { _id: string }) => a._id));
    }
    expect(seen).toEqual([...made].reverse());
  });

  it('revalidates with ETag and shows an article once it is approved', async () => {
    const pendingId = ids.pending!;
    const first = await get('?publicationFiler=Search%20Herald');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toContain('no-cache');
    expect((await get('?publicationFiler=Search%20Herald').set('If-None-Match', etag)).status).toBe(304);

    const approved = await request(t.app).patch(`/update/status/${pendingId}`).set(bearer(admin.token));
    expect(approved.status).toBe(200);
    const after = await get('?publicationFiler=Search%20Herald').set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(titles(after.body)).toContain('Rust pending');
  });
});

describe('GET /article/data/:id', () => {
  let open: string;
  let pending: string;
  let prem: string;
  beforeAll(async () => {
    open = (
      await insertArticle(t.store, {
        articleTitle: 'Open',
        userInfo: byAuthor(),
        articleDescription: 'F'.repeat(900),
      })
    )._id;
    pending = (
      await insertArticle(t.store, { articleTitle: 'Draft', status: 'Pending', userInfo: byAuthor() })
    )._id;
    prem = (
      await insertArticle(t.store, {
        articleTitle: 'Gold',
        isPremium: 'Yes',
        userInfo: byAuthor(),
        articleDescription: 'G'.repeat(900),
      })
    )._id;
  });
  const get = (id: string, who?: SignedIn) => {
    const req = request(t.app).get(`/article/data/${id}`);
    return who ? req.set(bearer(who.token)) : req;
  };

  it('gives a signed-in reader the full text without the author email', async () => {
    const res = await get(open, reader);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: open, articleTitle: 'Open', status: 'Approved', isPremium: 'No' });
    expect(res.body.articleDescription).toHaveLength(900);
    expect(res.body.userInfo).toEqual({
      name: 'Ada Author',
      image: 'https://example.test/ada.png',
      writerId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    expect(JSON.stringify(res.body)).not.toContain(author.email);
    const again = await get(open, reader).set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('gives the owner and admins the author email', async () => {
    expect((await get(open, author)).body.userInfo.email).toBe(author.email);
    expect((await get(open, admin)).body.userInfo.email).toBe(author.email);
  });

  it('refuses anonymous readers with 401', async () => {
    expect((await get(open)).status).toBe(401);
  });

  it('hides an unapproved article from everyone but its owner and admins (404)', async () => {
    expect((await get(pending, reader)).status).toBe(404);
    expect((await get(pending, premium)).status).toBe(404);
    expect((await get(pending, author)).body.articleTitle).toBe('Draft');
    expect((await get(pending, admin)).body.status).toBe('Pending');
  });

  it('answers 402 needPremium with a teaser for a premium article to a normal reader', async () => {
    const res = await get(prem, reader);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ needPremium: true, message: expect.any(String) });
    expect(res.body.teaser).toMatchObject({ _id: prem, articleTitle: 'Gold', isPremium: 'Yes' });
    expect(res.body.teaser.articleDescription).toHaveLength(300);
    expect(JSON.stringify(res.body)).not.toContain(author.email);
  });

  it('opens a premium article to premium readers, admins and its owner', async () => {
    for (const who of [premium, admin, author]) {
      const res = await get(prem, who);
      expect(res.status).toBe(200);
      expect(res.body.articleDescription).toHaveLength(900);
    }
  });

  it('follows moderation at once: a cached answer is dropped when the article changes', async () => {
    const a = await insertArticle(t.store, { articleTitle: 'Soon premium', userInfo: byAuthor() });
    const first = await get(a._id, reader);
    expect(first.status).toBe(200);
    expect((await get(a._id, reader).set('If-None-Match', first.headers.etag as string)).status).toBe(304);
    expect((await request(t.app).patch(`/make-premium/${a._id}`).set(bearer(admin.token))).status).toBe(200);
    const after = await get(a._id, reader).set('If-None-Match', first.headers.etag as string);
    expect(after.status).toBe(402);
    expect(after.body.needPremium).toBe(true);
    expect((await get(a._id, premium)).body.isPremium).toBe('Yes');
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await get('not-an-id', reader)).status).toBe(400);
    expect((await get(newId(), reader)).status).toBe(404);
  });
});

describe('PATCH /articles/view-count/:id', () => {
  it('counts one view per reader per article per 30 minutes', async () => {
    const { _id } = await insertArticle(t.store, { articleTitle: 'Viewed', totalViewCount: 0 });
    const view = (who: SignedIn) =>
      request(t.app).patch(`/articles/view-count/${_id}`).set(bearer(who.token));

    expect((await view(reader)).body).toEqual({ counted: true, totalViewCount: 1 });
    expect((await view(reader)).body).toEqual({ counted: false, totalViewCount: 1 });
    expect((await view(premium)).body).toEqual({ counted: true, totalViewCount: 2 });

    nowMs += 29 * 60_000;
    expect((await view(reader)).body).toEqual({ counted: false, totalViewCount: 2 });
    nowMs += 2 * 60_000;
    expect((await view(reader)).body).toEqual({ counted: true, totalViewCount: 3 });
    expect((await view(reader)).body).toEqual({ counted: false, totalViewCount: 3 });

    expect((await getArticle(t.store, _id))?.totalViewCount).toBe(3);
    const windows = await t.store.collection('views').find({ articleId: _id });
    expect(windows.map((w) => w.email).sort()).toEqual([premium.email, reader.email].sort());

    // The details answer follows the count.
    expect(
      (await request(t.app).get(`/article/data/${_id}`).set(bearer(admin.token))).body.totalViewCount,
    ).toBe(3);
  });

  it('makes a counted view durable in one journal sync, and a view inside its window writes nothing', async () => {
    const { _id } = await insertArticle(t.store, { articleTitle: 'Synced once' });
    const journal = (t.deps.store as EmbeddedStore).stats;
    const view = () => request(t.app).patch(`/articles/view-count/${_id}`).set(bearer(premium.token));
    await request(t.app).get(`/users/${premium.email}`).set(bearer(premium.token)); // lastSeenAt written
    await t.store.waitDurable();

    const before = journal.fsyncs;
    expect((await view()).body).toEqual({ counted: true, totalViewCount: 1 });
    // The window, the count and both daily history counters share one group commit.
    expect(journal.fsyncs - before).toBe(1);
    const refused = journal.fsyncs;
    expect((await view()).body).toEqual({ counted: false, totalViewCount: 1 });
    expect(journal.fsyncs - refused).toBe(0);
  });

  it('counts concurrent calls of one reader once', async () => {
    const { _id } = await insertArticle(t.store, { articleTitle: 'Raced' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(t.app).patch(`/articles/view-count/${_id}`).set(bearer(reader.token)),
      ),
    );
    expect(results.filter((r) => r.body.counted === true)).toHaveLength(1);
    expect((await getArticle(t.store, _id))?.totalViewCount).toBe(1);
  });

  it('refuses what the reader may not open, changing nothing', async () => {
    const draft = await insertArticle(t.store, { status: 'Pending', userInfo: byAuthor() });
    const gold = await insertArticle(t.store, { isPremium: 'Yes', userInfo: byAuthor() });
    const view = (id: string, who?: SignedIn) => {
      const req = request(t.app).patch(`/articles/view-count/${id}`);
      return who ? req.set(bearer(who.token)) : req;
    };
    expect((await view(draft._id)).status).toBe(401);
    expect((await view(draft._id, reader)).status).toBe(404);
    const refused = await view(gold._id, reader);
    expect(refused.status).toBe(402);
    expect(refused.body.needPremium).toBe(true);
    expect((await view('zzz', reader)).status).toBe(400);
    expect((await view(newId(), reader)).status).toBe(404);
    expect((await getArticle(t.store, draft._id))?.totalViewCount).toBe(0);
    expect((await getArticle(t.store, gold._id))?.totalViewCount).toBe(0);
    expect(
      await t.store.collection('views').countDocuments({ articleId: { $in: [draft._id, gold._id] } }),
    ).toBe(0);

    expect((await view(gold._id, premium)).body.counted).toBe(true);
    expect((await view(draft._id, author)).body.counted).toBe(true);
  });
});

describe('view counting limits', () => {
  it('refuses a burst of view counts by one user across many articles with 429 {message} + Retry-After', async () => {
    const limited = await makeTestApp({
      clock,
      config: {
        rateLimits: { ...t.deps.config.rateLimits, viewCounts: { windowMs: 60_000, max: 5 } },
      },
    });
    try {
      await insertPublisher(limited.store, 'Daily Planet');
      const [fast, other] = [await signInAs(limited), await signInAs(limited)];
      const ids = await Promise.all(
        Array.from({ length: 8 }, async () => (await insertArticle(limited.store))._id),
      );
      const view = (id: string, who: SignedIn) =>
        request(limited.app).patch(`/articles/view-count/${id}`).set(bearer(who.token));

      const answers = [];
      for (const id of ids) answers.push(await view(id, fast));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = answers[5]!;
      expect(refused.body).toEqual({ message: expect.stringMatching(/too many/i) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      for (const id of ids.slice(5)) expect((await getArticle(limited.store, id))?.totalViewCount).toBe(0);
      expect(await limited.store.collection('views').countDocuments({})).toBe(5);

      // Per user: another reader on the same IP still counts.
      expect((await view(ids[7]!, other)).body).toEqual({ counted: true, totalViewCount: 1 });
    } finally {
      await limited.close();
    }
  });

  it('purges view windows older than 30 minutes; a later view still counts once', async () => {
    const a = await insertArticle(t.store, { articleTitle: 'Purged A' });
    const b = await insertArticle(t.store, { articleTitle: 'Purged B' });
    const view = (id: string, who: SignedIn) =>
      request(t.app).patch(`/articles/view-count/${id}`).set(bearer(who.token));
    const windows = () => t.store.collection('views').countDocuments({ articleId: { $in: [a._id, b._id] } });

    expect((await view(a._id, reader)).body.counted).toBe(true);
    expect((await view(b._id, reader)).body.counted).toBe(true);
    nowMs += 20 * 60_000;
    expect((await view(a._id, premium)).body.counted).toBe(true);
    expect(await windows()).toBe(3);

    // 20 minutes in, nothing has ended yet.
    await purgeEndedViewWindows({ store: t.store, clock });
    expect(await windows()).toBe(3);

    // 30 minutes after the reader's views (10 after the premium one): only the reader's go.
    nowMs += 10 * 60_000;
    expect(await purgeEndedViewWindows({ store: t.store, clock })).toBeGreaterThanOrEqual(2);
    const left = await t.store.collection('views').find({ articleId: { $in: [a._id, b._id] } });
    expect(left.map((w) => [w.articleId, w.email])).toEqual([[a._id, premium.email]]);

    // The premium reader's window still holds; the reader's next view counts once, as before.
    expect((await view(a._id, premium)).body.counted).toBe(false);
    expect((await view(a._id, reader)).body).toEqual({ counted: true, totalViewCount: 3 });
    expect((await view(a._id, reader)).body).toEqual({ counted: false, totalViewCount: 3 });

    nowMs += 31 * 60_000;
    await purgeEndedViewWindows({ store: t.store, clock });
    expect(await windows()).toBe(0);
  });
});

describe('GET /premium/articles/only', () => {
  it('lists approved premium articles for premium readers and admins', async () => {
    await insertArticle(t.store, {
      articleTitle: 'Premium listed',
      isPremium: 'Yes',
      userInfo: byAuthor(),
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    await insertArticle(t.store, {
      articleTitle: 'Premium pending',
      isPremium: 'Yes',
      status: 'Pending',
      createdAt: '2030-02-01T00:00:00.000Z',
    });
    for (const who of [premium, admin]) {
      const res = await request(t.app).get('/premium/articles/only').set(bearer(who.token));
      expect(res.status).toBe(200);
      expect(res.body[0].articleTitle).toBe('Premium listed');
      expect(res.body.every((a: ArticleCard) => a.isPremium === 'Yes' && a.status === 'Approved')).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain(author.email);
    }
  });

  it('answers 402 needPremium to a normal reader and 401 to anonymous', async () => {
    const res = await request(t.app).get('/premium/articles/only').set(bearer(reader.token));
    expect(res.status).toBe(402);
    expect(res.body.needPremium).toBe(true);
    expect((await request(t.app).get('/premium/articles/only')).status).toBe(401);
  });

  it('answers 402 once the subscription has run out', async () => {
    const until = nowMs;
    nowMs += 366 * 24 * 3600_000;
    try {
      expect((await request(t.app).get('/premium/articles/only').set(bearer(premium.token))).status).toBe(
        402,
      );
    } finally {
      nowMs = until;
    }
  });
});
