/**
 * First-screen hints: a landing page's HTML names its route's code (modulepreload) and its leading
 * image (preload with the page's own srcset and sizes), in both forms of the site; pages without
 * hints, a build without the hints file and an API that is down or slow still get their page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import { insertArticle } from '../test/article-fixtures.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { createSiteApp } from './app.js';
import { imagePreload, loadFirstScreens, screenFor } from './first-screen.js';
import { publishArticle } from '../test/actions.js';
import { apiChanges } from './changes.js';
import { apiSource } from './source.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Newsroom</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const CARD_SIZES = '(min-width: 640px) 50vw, 100vw';
const HINTS = [
  {
    path: '/',
    js: ['assets/Home-h1.js', 'assets/api-client-a1.js'],
    css: ['assets/Home-h1.css'],
    leadImage: { from: 'trending', sizes: '(min-width: 768px) 60vw, 100vw' },
  },
  {
    path: '/all-articles',
    js: ['assets/AllArticles-b2.js'],
    css: [],
    leadImage: { from: 'newest', sizes: CARD_SIZES },
  },
  {
    path: '/article-details/:id',
    js: ['assets/ArticleDetails-c3.js'],
    css: [],
    leadImage: { from: 'article', sizes: '100vw' },
  },
  { path: '/login', js: ['assets/Login-d4.js'], css: [] },
];
const UPLOADS = 'http://127.0.0.1:5000/uploads';
const webpSet = (stem: string, widths: number[]) =>
  widths.map((w) => `${UPLOADS}/${stem}-${w}.webp ${w}w`).join(', ');

let dist: string;
let t: TestApp;
let apiServer: Server;
let standalone: ReturnType<typeof createSiteApp>;
let mostRead: Article;
let newest: Article;

function site(apiUrl: string, distDir = dist) {
  return createSiteApp({
    source: apiSource(apiUrl, { timeoutMs: 2_000 }),
    distDir,
    siteUrl: 'https://news.example.test',
    logger: pino({ level: 'silent' }),
    feedTtlMs: 0,
  });
}
const page = (app: Parameters<typeof request>[0], url: string) =>
  request(app).get(url).set('Accept', 'text/html');
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*>/g)].map((m) => m[0]);

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-first-screen-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, '.vite', 'first-screen.json'), JSON.stringify(HINTS));

  t = await makeTestApp({ config: { serveClient: true, clientDistDir: dist } });
  mostRead = await insertArticle(t.store, {
    articleImage: `${UPLOADS}/seed-article-6--1200x675.jpg`,
    totalViewCount: 900,
  });
  await insertArticle(t.store, { totalViewCount: 5 });
  newest = await insertArticle(t.store, { articleImage: 'https://images.example.test/photo.jpg?w=1200' });
  apiServer = await new Promise<Server>((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  standalone = site(`http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await new Promise((resolve) => apiServer?.close(resolve));
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe.each([
  { name: 'standalone site', app: () => standalone },
  { name: 'API with SERVE_CLIENT', app: () => t.app },
])('$name', ({ app }) => {
  it("home names its route's code and styles and preloads the first trending story's image as the page picks it", async () => {
    const res = await page(app(), '/');
    expect(res.status).toBe(200);
    expect(preloads(res.text)).toEqual([
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${webpSet('seed-article-6--1200x675', [400, 800, 1200])}" imagesizes="(min-width: 768px) 60vw, 100vw" fetchpriority="high" />`,
      '<link rel="preload" as="style" crossorigin href="/assets/Home-h1.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/Home-h1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/api-client-a1.js" />',
    ]);
    // In the head, after what the build put there.
    expect(res.text.indexOf('Home-h1.js')).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text.indexOf('index-abc123.js')).toBeLessThan(res.text.indexOf('Home-h1.js'));
  });

  it('all articles preloads the newest story (an image without variants as it is); login only its code', async () => {
    const all = await page(app(), '/all-articles');
    expect(preloads(all.text)).toEqual([
      `<link rel="preload" as="image" href="${newest.articleImage}" fetchpriority="high" />`,
      '<link rel="modulepreload" crossorigin href="/assets/AllArticles-b2.js" />',
    ]);
    expect(preloads((await page(app(), '/login')).text)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/Login-d4.js" />',
    ]);
  });

  it("an article page preloads that article's image; unknown pages and unknown articles get no hints", async () => {
    const article = await page(app(), `/article-details/${mostRead._id}`);
    expect(article.status).toBe(200);
    expect(preloads(article.text)[0]).toContain(
      `imagesrcset="${webpSet('seed-article-6--1200x675', [400, 800, 1200])}"`,
    );
    expect(preloads(article.text)).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ArticleDetails-c3.js" />',
    );

    expect((await page(app(), '/about-the-moon')).text).toBe(SHELL);
    const missing = await page(app(), `/article-details/${'f'.repeat(24)}`);
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(SHELL);
  });
});

describe('without the data or the hints file', () => {
  let silent: NetServer;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // An API that accepts connections and never answers.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('serves home at once with its code hints when the API is down or does not answer', async () => {
    const down = await page(site('http://127.0.0.1:9'), '/');
    expect(down.status).toBe(200);
    expect(preloads(down.text)).toEqual([
      '<link rel="preload" as="style" crossorigin href="/assets/Home-h1.css" />',
      '<link rel="modulepreload" crossorigin href="/assets/Home-h1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/api-client-a1.js" />',
    ]);

    const started = Date.now();
    const slow = await page(site(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`), '/');
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(slow.text).not.toContain('as="image"');
  });

  it('serves the bare shell from a build without the hints file, or with a damaged one', async () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'newsroom-first-screen-plain-'));
    try {
      writeFileSync(path.join(plain, 'index.html'), SHELL);
      expect((await page(site('http://127.0.0.1:9', plain), '/')).text).toBe(SHELL);
      mkdirSync(path.join(plain, '.vite'));
      writeFileSync(path.join(plain, '.vite', 'first-screen.json'), '{"path": "/", "js": [');
      expect(loadFirstScreens(plain)).toEqual([]);
      writeFileSync(
        path.join(plain, '.vite', 'first-screen.json'),
        JSON.stringify([{ path: '/', js: ['../../etc/passwd'], css: [] }]),
      );
      expect(loadFirstScreens(plain)).toEqual([]);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('matching and markup', () => {
  it('matches a hint path with parameters segment by segment', () => {
    const screens = loadFirstScreens(dist);
    expect(screenFor(screens, '/')?.path).toBe('/');
    expect(screenFor(screens, '/article-details/abc')?.path).toBe('/article-details/:id');
    expect(screenFor(screens, '/article-details/abc/more')).toBeNull();
    expect(screenFor(screens, '/all-articles/')).toBeNull();
  });

  it('escapes what it writes into attributes and ignores URLs that are not http(s)', () => {
    expect(imagePreload('https://x.test/a.jpg?q="><script>', '100vw')).toBe(
      '<link rel="preload" as="image" href="https://x.test/a.jpg?q=%22%3E%3Cscript%3E" fetchpriority="high" />',
    );
    expect(imagePreload(`${UPLOADS}/a--800x600.png`, '"50vw"')).toContain('imagesizes="&quot;50vw&quot;"');
    expect(imagePreload('javascript:alert(1)', '100vw')).toBeNull();
    expect(imagePreload('not a url', '100vw')).toBeNull();
  });
});

describe('after a public change', () => {
  it('reads the lists, sitemap and feed again at once in both forms, instead of when their TTL is up', async () => {
    const apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
    const logger = pino({ level: 'silent' });
    const changes = apiChanges(apiUrl, { logger, retryMs: 20 });
    const longTtl = {
      source: apiSource(apiUrl, { timeoutMs: 2_000 }),
      distDir: dist,
      siteUrl: 'https://news.example.test',
      logger,
    };
    const listening = createSiteApp({ ...longTtl, feedTtlMs: 600_000, changes });
    const deaf = createSiteApp({ ...longTtl, feedTtlMs: 600_000 });
    const leadImage = async (app: Parameters<typeof request>[0]) =>
      /<link rel="preload" as="image" href="([^"]+)"/.exec((await page(app, '/all-articles')).text)?.[1];
    try {
      const before = await leadImage(listening);
      expect(await leadImage(deaf)).toBe(before);
      expect(await leadImage(t.app)).toBe(before);
      expect((await request(listening).get('/sitemap.xml')).text).not.toContain('fresh-story');
      await expect.poll(() => t.live.streams.size).toBeGreaterThan(0);

      const freshImage = 'https://images.example.test/fresh-story.jpg';
      const fresh = await publishArticle(t, { photoURL: freshImage });
      await expect.poll(() => leadImage(listening), { timeout: 3_000 }).toBe(freshImage);
      await expect.poll(() => leadImage(t.app), { timeout: 3_000 }).toBe(freshImage);
      expect((await request(listening).get('/sitemap.xml')).text).toContain(`/article-details/${fresh}`);
      // Without the change stream the site keeps its list for the TTL.
      expect(await leadImage(deaf)).toBe(before);
    } finally {
      changes.close();
    }
  });
});
