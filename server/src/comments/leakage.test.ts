/**
 * A premium article's comments never reach someone who may not read the article, through any surface
 * that exists (docs/decisions/comments.md): the comment routes, the teaser, the lists, RSS, the sitemap
 * and the server-rendered first screen of the article page. The free article's comment is the control:
 * the same search finds it where comments are shown.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import { bearer, makeTestApp, signInAs, testConfig, type SignedIn, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';

const SHELL = `<!doctype html><html><head><title>Newsroom</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;
const SECRET = 'PREMIUM-COMMENT-7f3a';
const OPEN = 'FREE-COMMENT-19c2';
let dist: string;
let t: TestApp;
let reader: SignedIn;
let premiumReader: SignedIn;
let paid: Article;
let free: Article;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-comments-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n');
  const unlimited = { windowMs: 60_000, max: 100_000 };
  t = await makeTestApp({
    config: {
      serveClient: true,
      clientDistDir: dist,
      rateLimits: { ...testConfig('/tmp').rateLimits, comments: unlimited, commentsDaily: unlimited },
    },
  });
  [reader, premiumReader] = await Promise.all([
    signInAs(t, { name: 'Rex Reader' }),
    signInAs(t, { role: 'premium', name: 'Priya Premium' }),
  ]);
  paid = await insertArticle(t.store, { isPremium: 'Yes', articleTitle: 'Paid story' });
  free = await insertArticle(t.store, { articleTitle: 'Free story' });
  const secret = await request(t.app)
    .post(`/articles/${paid._id}/comments`)
    .set(bearer(premiumReader.token))
    .send({ body: `A reply: ${SECRET}` });
  expect(secret.status).toBe(201);
  const open = await request(t.app)
    .post(`/articles/${free._id}/comments`)
    .set(bearer(reader.token))
    .send({ body: `A reply: ${OPEN}` });
  expect(open.status).toBe(201);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const text = (res: request.Response) => res.text || JSON.stringify(res.body);

it('the comment routes answer 402 without the text to a reader and a signed-out visitor; premium readers read it', async () => {
  for (const call of [
    request(t.app).get(`/articles/${paid._id}/comments`),
    request(t.app).get(`/articles/${paid._id}/comments`).set(bearer(reader.token)),
  ]) {
    const res = await call;
    expect(res.status).toBe(402);
    expect(text(res)).not.toContain(SECRET);
  }
  const allowed = await request(t.app).get(`/articles/${paid._id}/comments`).set(bearer(premiumReader.token));
  expect(text(allowed)).toContain(SECRET);
  expect(text(await request(t.app).get(`/articles/${free._id}/comments`))).toContain(OPEN);
});

it('the teaser, the lists, RSS, the sitemap and the rendered article page carry no comment text', async () => {
  const surfaces = [
    request(t.app).get(`/articles/public/${paid._id}`),
    request(t.app).get('/all-articles/approved?limit=50'),
    request(t.app).get('/articles/trending'),
    request(t.app).get('/articles/public'),
    request(t.app).get('/premium/articles/only').set(bearer(premiumReader.token)),
    request(t.app).get(`/article/data/${paid._id}`).set(bearer(reader.token)),
    request(t.app).get('/rss.xml'),
    request(t.app).get('/sitemap.xml'),
    request(t.app).get(`/article-details/${paid._id}`).set('Accept', 'text/html'),
    request(t.app)
      .get(`/article-details/${paid._id}`)
      .set('Accept', 'text/html')
      .set('User-Agent', 'Googlebot/2.1'),
  ];
  for (const call of surfaces) {
    const res = await call;
    expect([200, 402]).toContain(res.status);
    expect(text(res)).not.toContain(SECRET);
  }
});
