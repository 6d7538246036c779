/**
 * Server-rendered pages cost the site a render only when what they show changed (routes.ts): the
 * pages drawn from nothing (login, registration, about) once, an article page once per version of
 * its teaser, a list page once per list.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleTeaser } from '../articles/types.js';
import { createSiteApp } from './app.js';
import type { SiteSource } from './source.js';

const SHELL = `<!doctype html><html><head><title>Newsroom</title></head><body>
    <div id="root"><header>masthead</header><!--/first-screen--></div></body></html>`;
const ID = 'b'.repeat(24);
const HINTS = [
  { path: '/login', js: [], css: [] },
  { path: '/about-us', js: [], css: [] },
  { path: '/article-details/:id', js: [], css: [], leadImage: { from: 'article', sizes: '100vw' } },
  {
    path: '/add-articles',
    js: ['assets/AddArticle-a1.js'],
    css: ['assets/AddArticle-a1.css'],
    codeOnly: true,
  },
];
/** The build's renderer stand-in: counts its renders per page (on globalThis, shared with the test). */
const RENDERER = `export async function renderFirstScreen(pathname, data) {
  const counts = (globalThis.__renders ??= {});
  counts[pathname] = (counts[pathname] ?? 0) + 1;
  return '<main>' + pathname + ' ' + (data.teaser ? data.teaser.articleTitle : '') + '</main>';
}`;

let dist: string;
let teaser: ArticleTeaser;
const renders = () => (globalThis as { __renders?: Record<string, number> }).__renders ?? {};

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-rendered-'));
  mkdirSync(path.join(dist, '.vite', 'ssr'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, '.vite', 'first-screen.json'), JSON.stringify(HINTS));
  writeFileSync(path.join(dist, '.vite', 'ssr', 'server.js'), RENDERER);
  teaser = {
    _id: ID,
    articleTitle: 'First version',
    articleImage: 'https://images.example.test/a.jpg',
    articleDescription: 'Teaser',
    publisher: 'Daily',
    Tags: [],
    isPremium: 'No',
    createdAt: '2026-01-01T00:00:00.000Z',
    userInfo: { name: 'Ann', image: '' },
  };
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('server-rendered pages', () => {
  it('are drawn once while what they show stays the same, again when it changes', async () => {
    const source: SiteSource = {
      cards: () => Promise.resolve([]),
      // A new object on every read, as the API or the answer cache gives it.
      teaser: (id) => Promise.resolve(id === ID ? structuredClone(teaser) : null),
      index: () => Promise.resolve([]),
      newest: () => Promise.resolve([]),
    };
    const site = createSiteApp({
      source,
      distDir: dist,
      siteUrl: 'https://news.example',
      logger: pino({ level: 'silent' }),
    });
    const page = (url: string) => request(site).get(url).set('Accept', 'text/html');
    for (let i = 0; i < 3; i++) {
      expect((await page('/login')).text).toContain('<main>/login </main>');
      expect((await page('/about-us')).text).toContain('<main>/about-us </main>');
      expect((await page(`/article-details/${ID}`)).text).toContain('First version');
    }
    expect(renders()).toEqual({ '/login': 1, '/about-us': 1, [`/article-details/${ID}`]: 1 });

    teaser = { ...teaser, articleTitle: 'Second version', updatedAt: '2026-01-02T00:00:00.000Z' };
    expect((await page(`/article-details/${ID}`)).text).toContain('Second version');
    expect((await page(`/article-details/${ID}`)).text).toContain('Second version');
    expect(renders()[`/article-details/${ID}`]).toBe(2);
  });

  it('a signed-in screen gets its code announced and no first screen (it needs the session)', async () => {
    const site = createSiteApp({
      source: {
        cards: () => Promise.resolve([]),
        teaser: () => Promise.resolve(null),
        index: () => Promise.resolve([]),
        newest: () => Promise.resolve([]),
      },
      distDir: dist,
      siteUrl: 'https://news.example',
      logger: pino({ level: 'silent' }),
    });
    const res = await request(site).get('/add-articles').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/AddArticle-a1.js" />');
    // Preloaded, not applied: the screen applies its styles when it is drawn.
    expect(res.text).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/AddArticle-a1.css" />',
    );
    expect(res.text).not.toContain('<main>');
    expect(res.text).not.toContain('first-screen-data');
    expect(renders()['/add-articles']).toBeUndefined();
  });
});
