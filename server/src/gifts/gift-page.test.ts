/**
 * The article page of a gift link (`/article-details/{id}?gift=TOKEN`) as the site renders it before
 * any script runs: the teaser, as for every visitor; the full text only comes from the API.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, makeTestApp, signInAs, type TestApp } from '../test/app.js';
import { insertArticle } from '../test/article-fixtures.js';

const SHELL = `<!doctype html><html><head><title>Newsroom</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-gift-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1);\n');
  t = await makeTestApp({ config: { serveClient: true, clientDistDir: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

it('serves the teaser page for a gift URL, to crawlers too, with the canonical URL without the token', async () => {
  const giver = await signInAs(t, { role: 'premium' });
  const article = await insertArticle(t.store, {
    isPremium: 'Yes',
    articleTitle: 'Gifted story',
    articleDescription: `${'Opening. '.repeat(40)}SECRET-ENDING`,
  });
  const { link } = (
    await request(t.app).post('/gift-links').set(bearer(giver.token)).send({ articleId: article._id })
  ).body;
  const page = await request(t.app)
    .get(`/article-details/${article._id}?gift=${link.token}`)
    .set('Accept', 'text/html')
    .set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
  expect(page.status).toBe(200);
  expect(page.text).toContain('<title>Gifted story</title>');
  expect(page.text).not.toContain('SECRET-ENDING');
  expect(page.text).not.toContain(link.token);
  expect(page.text).toContain(
    `<link rel="canonical" href="http://127.0.0.1:5000/article-details/${article._id}"`,
  );
  // The link itself is still unopened: rendering the page took no reader's seat.
  const mine = await request(t.app).get('/me/gift-links').set(bearer(giver.token));
  expect(mine.body.links[0]).toMatchObject({ _id: link._id, readers: 0, status: 'unopened' });
});
