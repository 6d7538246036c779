/**
 * The writer's statistics count the comments on each of their articles (issue 36): what readers see
 * published, replies included, none of another writer's articles, in one query however many articles.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import type { Collection, Store } from '../store/port.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';
import { createViewStatsService } from './view-stats.js';

const unlimited = { windowMs: 60_000, max: 100_000 };

let t: TestApp;
let writer: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let readers: SignedIn[];
let busy: Article;
let quiet: Article;
let theirs: Article;

beforeAll(async () => {
  t = await makeTestApp({
    config: {
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  [writer, other, admin, ...readers] = await Promise.all([
    signInAs(t),
    signInAs(t),
    signInAs(t, { role: 'admin' }),
    signInAs(t),
    signInAs(t),
  ]);
  const by = (who: SignedIn) => ({ name: 'W', image: '', email: who.email });
  busy = await insertArticle(t.store, { articleTitle: 'Busy', userInfo: by(writer) });
  quiet = await insertArticle(t.store, { articleTitle: 'Quiet', userInfo: by(writer) });
  theirs = await insertArticle(t.store, { articleTitle: 'Theirs', userInfo: by(other) });
});
afterAll(async () => {
  await t.close();
});

const comment = async (who: SignedIn, article: Article, body: string, replyTo?: string) => {
  const res = await request(t.app)
    .post(`/articles/${article._id}/comments`)
    .set(bearer(who.token))
    .send({ body, ...(replyTo ? { replyTo } : {}) });
  expect(res.status).toBe(201);
  return res.body._id as string;
};
const myStats = async (who: SignedIn) => {
  const res = await request(t.app).get('/stats/my-article-views?days=7').set(bearer(who.token));
  expect(res.status).toBe(200);
  return res.body as { commentCounts: Record<string, number> };
};

describe('comments in the writer’s statistics', () => {
  it('each of the writer’s articles with its published comments and replies, and no one else’s', async () => {
    const [r1, r2] = readers as [SignedIn, SignedIn];
    const first = await comment(r1, busy, 'Good piece');
    await comment(r2, busy, 'Agreed', first);
    const hidden = await comment(r2, busy, 'Something rude');
    await comment(r1, theirs, 'Nice');
    const hide = await request(t.app)
      .patch(`/admin/comments/${hidden}`)
      .set(bearer(admin.token))
      .send({ hidden: true });
    expect(hide.status).toBe(200);

    // The hidden comment is not counted; an article without comments says 0.
    expect((await myStats(writer)).commentCounts).toEqual({ [busy._id]: 2, [quiet._id]: 0 });
    expect((await myStats(other)).commentCounts).toEqual({ [theirs._id]: 1 });
    // A reader without articles has nothing to count.
    expect((await myStats(r1)).commentCounts).toEqual({});
  });

  it('reads the counts in one query, however many articles the writer has', async () => {
    const counted: string[] = [];
    // The store as the service sees it, noting every read of the comment counts.
    const watched: Store = new Proxy(t.store, {
      get(target, key, receiver) {
        if (key !== 'collection') return Reflect.get(target, key, receiver) as unknown;
        return (name: string) => {
          const collection = target.collection(name);
          if (name !== 'comment_threads') return collection;
          return new Proxy(collection, {
            get(c: Collection, method, r) {
              const value = Reflect.get(c, method, r) as unknown;
              if (typeof value !== 'function') return value;
              return (...args: unknown[]) => {
                counted.push(String(method));
                return (value as (...a: unknown[]) => unknown).apply(c, args);
              };
            },
          });
        };
      },
    });
    for (let i = 0; i < 30; i++) {
      await insertArticle(t.store, {
        articleTitle: `More ${i}`,
        userInfo: { name: 'W', image: '', email: writer.email },
      });
    }
    const stats = createViewStatsService({ ...t.services, store: watched, clock: t.deps.clock });
    const answer = await stats.forWriter({ _id: 'writer', email: writer.email }, 7);
    expect(Object.keys(answer.commentCounts ?? {})).toHaveLength(32);
    expect(answer.commentCounts?.[busy._id]).toBe(2);
    expect(counted).toEqual(['find']);
  });
});
