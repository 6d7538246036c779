/**
 * An article sent back to its writer ('Changes requested') is in no public surface: the lists,
 * search, trending, the premium list, a writer's page, related reading, "For you", the sitemap, RSS,
 * the server-rendered first screens (drawn from trending and the approved list) and the article page. A twin approved the same way is in each of
 * them, so every check below would see the sent-back one if it leaked.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '../test/article-fixtures.js';
import { bearer, makeTestApp, signInAs, type SignedIn, type TestApp } from '../test/app.js';

const SHELL = `<!doctype html><html lang="en"><head><title>Newsroom</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>`;

let dist: string;
let t: TestApp;
let writer: SignedIn;
let editor: SignedIn;
let reader: SignedIn;
const ids = { shown: '', sentBack: '', shownPremium: '', sentBackPremium: '' };
const SHOWN = 'Harbour ferries run again';
const SENT_BACK = 'Tidewater ledger uncovered';

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  t = await makeTestApp({ config: { serveClient: true, clientDistDir: dist } });
  await insertPublisher(t.store, 'Daily Planet');
  [writer, editor, reader] = await Promise.all([
    signInAs(t, { role: 'premium', name: 'Wendy Writer' }),
    signInAs(t, { role: 'editor', name: 'Eddie Editor' }),
    signInAs(t, { role: 'premium', name: 'Rex Reader' }),
  ]);
  const post = async (title: string) => {
    const res = await request(t.app)
      .post(`/articles?email=${encodeURIComponent(writer.email)}`)
      .set(bearer(writer.token))
      .send({
        title,
        photoURL: 'https://example.test/photo.jpg',
        publisher: 'Daily Planet',
        formatedTags: ['travel'],
        description: `${title}: the full story.`,
      });
    expect(res.status).toBe(201);
    return res.body.insertedId as string;
  };
  const moderate = (p: string, body: object = {}) =>
    request(t.app).patch(p).set(bearer(editor.token)).send(body).expect(200);
  ids.shown = await post(SHOWN);
  ids.sentBack = await post(SENT_BACK);
  ids.shownPremium = await post(`${SHOWN} (premium)`);
  ids.sentBackPremium = await post(`${SENT_BACK} (premium)`);
  for (const id of [ids.shownPremium, ids.sentBackPremium]) await moderate(`/make-premium/${id}`);
  for (const id of [ids.shown, ids.shownPremium]) await moderate(`/update/status/${id}`);
  for (const id of [ids.sentBack, ids.sentBackPremium])
    await moderate(`/article/request-changes/${id}`, { reviewNote: 'Secret note to the writer' });
  // The reader follows the writer, so "For you" would list whatever of theirs is public.
  const profile = await request(t.app).get(`/users/${writer.email}`).set(bearer(writer.token));
  await request(t.app)
    .post(`/follows/writers/${profile.body.publicId as string}`)
    .set(bearer(reader.token))
    .expect(200);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** Whether a public answer shows the approved twin and not the sent-back one (nor its note). */
function showsOnlyTheApproved(text: string, twin = SHOWN) {
  expect(text).toContain(twin);
  expect(text).not.toContain(SENT_BACK);
  expect(text).not.toContain(ids.sentBack);
  expect(text).not.toContain(ids.sentBackPremium);
  expect(text).not.toContain('Secret note');
}

describe("a 'Changes requested' article", () => {
  it('is in none of the API’s public lists, searches or pages', async () => {
    const writerId = (await request(t.app).get(`/users/${writer.email}`).set(bearer(writer.token))).body
      .publicId as string;
    const lists: Array<[string, SignedIn | null]> = [
      ['/all-articles/approved', null],
      [`/all-articles/approved?search=${encodeURIComponent('Tidewater')}`, null],
      ['/all-articles/approved?search=ledger&tags=travel', null],
      ['/articles/trending', null],
      ['/articles/public', null],
      [`/writers/${writerId}`, null],
      [`/articles/related/${ids.shownPremium}`, null],
      ['/premium/articles/only', reader],
      ['/me/for-you', reader],
    ];
    for (const [url, as] of lists) {
      const res = await request(t.app)
        .get(url)
        .set(as ? bearer(as.token) : {});
      expect(res.status, url).toBe(200);
      if (url.includes('search=')) {
        // Searches for its own words find nothing.
        expect(res.body, url).toEqual([]);
        continue;
      }
      if (url === '/articles/public') {
        expect(res.text).toContain(ids.shown);
        expect(res.text).not.toContain(ids.sentBack);
        continue;
      }
      showsOnlyTheApproved(res.text);
    }
    for (const id of [ids.sentBack, ids.sentBackPremium]) {
      expect((await request(t.app).get(`/articles/public/${id}`)).status).toBe(404);
      expect((await request(t.app).get(`/article/data/${id}`).set(bearer(reader.token))).status).toBe(404);
    }
  });

  // The server-rendered first screens are drawn from GET /articles/trending and the first page of
  // GET /all-articles/approved (FirstScreenData, common/src/wire.ts), both checked above.
  it('is in neither the sitemap, the RSS feed nor an article page of the site', async () => {
    const sitemap = await request(t.app).get('/sitemap.xml');
    expect(sitemap.text).toContain(`/article-details/${ids.shown}`);
    expect(sitemap.text).not.toContain(ids.sentBack);
    expect(sitemap.text).not.toContain(ids.sentBackPremium);
    showsOnlyTheApproved((await request(t.app).get('/rss.xml')).text);
    for (const id of [ids.sentBack, ids.sentBackPremium]) {
      const html = await request(t.app).get(`/article-details/${id}`);
      expect(html.status).toBe(404);
      expect(html.text).not.toContain(SENT_BACK);
    }
  });
});
