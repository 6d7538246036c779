/**
 * The site origin in both of its forms: the standalone site process (article data from the API over
 * HTTP) and the API serving the site itself (SERVE_CLIENT). Crawler-visible tags, 404s, robots,
 * sitemap, RSS, caching headers, history fallback and compression.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '../articles/types.js';
import type { Clock } from '../clock.js';
import { newId } from '../store/ids.js';
import { insertArticle, insertPublisher } from '../test/article-fixtures.js';
import { publishArticle, submitArticle } from '../test/actions.js';
import { makeTestApp, type TestApp } from '../test/app.js';
import { createSiteApp } from './app.js';
import { apiSource } from './source.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Newsroom — reliable news." />
    <title>Newsroom</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const ASSET = `console.log(${JSON.stringify('newsroom '.repeat(400))});\n`;
const NASTY_TITLE = `Breaking: </script><script>alert("x")</script> & 'quotes' <!--`;
const STANDALONE_URL = 'https://news.example.test';
const SITE_SECRET = 's'.repeat(48);

const nowMs = Date.UTC(2026, 5, 1);
const clock: Clock = { now: () => new Date(nowMs) };
let dist: string;
let t: TestApp;
let apiServer: Server;
let standalone: Express;
let normal: Article;
let premium: Article;
let nasty: Article;
let pending: Article;
let fillers: Article[];

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  t = await makeTestApp({ clock, config: { serveClient: true, clientDistDir: dist } });
  await insertPublisher(t.store, 'Daily Planet');
  fillers = [];
  for (let i = 0; i < 52; i++) fillers.push(await insertArticle(t.store, { articleTitle: `Filler ${i}` }));
  normal = await insertArticle(t.store, {
    articleTitle: 'Harbour reopens',
    articleDescription: `First line.\n\nSecond   line. ${'More. '.repeat(150)}`,
    userInfo: { name: 'Ada Author', image: 'https://example.test/ada.png', email: 'ada@example.test' },
    Tags: ['travel', 'business'],
  });
  premium = await insertArticle(t.store, { isPremium: 'Yes', articleDescription: 'SECRET '.repeat(300) });
  nasty = await insertArticle(t.store, {
    articleTitle: NASTY_TITLE,
    articleDescription: `<b>bold</b> "quoted" ]]> \u0001 end`,
    userInfo: { name: `O'Brien <admin>`, image: '', email: 'ob@example.test' },
  });
  pending = await insertArticle(t.store, { status: 'Pending', articleTitle: 'Not yet' });

  apiServer = await new Promise<Server>((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = apiServer.address() as AddressInfo;
  standalone = createSiteApp({
    source: apiSource(`http://127.0.0.1:${port}`),
    distDir: dist,
    siteUrl: STANDALONE_URL,
    logger: pino({ level: 'silent' }),
    feedTtlMs: 0,
  });
});
afterAll(async () => {
  await new Promise((resolve) => apiServer?.close(resolve));
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const metaOf = (html: string, attr: 'name' | 'property', key: string) => {
  const found = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return found ? unescape(found[1]!) : null;
};
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const jsonLdOf = (html: string) => {
  const found = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
};
const itemsOf = (xml: string) => [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
const tagOf = (xml: string, tag: string) =>
  unescape(new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '');

const forms = [
  { name: 'standalone site', app: () => standalone, siteUrl: STANDALONE_URL },
  { name: 'API with SERVE_CLIENT', app: () => t.app, siteUrl: 'http://127.0.0.1:5000' },
];

describe.each(forms)('$name', ({ app, siteUrl }) => {
  const html = (url: string) => request(app()).get(url).set('Accept', 'text/html');

  it('renders an approved article page with its title, description, canonical, Open Graph, Twitter and JSON-LD', async () => {
    const res = await html(`/article-details/${normal._id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = res.text;
    const url = `${siteUrl}/article-details/${normal._id}`;
    expect(titleOf(page)).toBe('Harbour reopens');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaOf(page, 'name', 'description')).toBe(
      normal.articleDescription.slice(0, 300).replace(/\s+/g, ' ').trim(),
    );
    expect(page).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaOf(page, 'property', 'og:type')).toBe('article');
    expect(metaOf(page, 'property', 'og:title')).toBe('Harbour reopens');
    expect(metaOf(page, 'property', 'og:url')).toBe(url);
    expect(metaOf(page, 'property', 'og:image')).toBe(normal.articleImage);
    expect(metaOf(page, 'property', 'og:site_name')).toBe('Newsroom');
    expect(metaOf(page, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(page, 'name', 'twitter:image')).toBe(normal.articleImage);
    expect(jsonLdOf(page)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Harbour reopens',
      image: [normal.articleImage],
      datePublished: normal.createdAt,
      author: [{ '@type': 'Person', name: 'Ada Author' }],
      publisher: { '@type': 'Organization', name: 'Daily Planet' },
    });
    // The rest of the shell is untouched: the app still boots.
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(page).toContain('<div id="root"></div>');
  });

  it('escapes a headline and text that try to break out of the markup', async () => {
    const page = (await html(`/article-details/${nasty._id}`)).text;
    expect(titleOf(page)).toBe(NASTY_TITLE);
    expect(metaOf(page, 'property', 'og:title')).toBe(NASTY_TITLE);
    expect(metaOf(page, 'name', 'twitter:description')).toBe('<b>bold</b> "quoted" ]]> end');
    expect(jsonLdOf(page)).toMatchObject({ headline: NASTY_TITLE, author: [{ name: `O'Brien <admin>` }] });
    // Exactly the shell's script elements plus the JSON-LD one: nothing was injected.
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(page).not.toContain('<b>');
  });

  it('answers 404 with the bare shell for unknown, unapproved and malformed ids', async () => {
    for (const id of [newId(), pending._id, 'nope']) {
      const res = await html(`/article-details/${id}`);
      expect(res.status).toBe(404);
      expect(res.text).toBe(SHELL);
      expect(res.text).not.toContain('og:title');
    }
  });

  it('serves robots.txt allowing everything and naming the sitemap', async () => {
    const res = await request(app()).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);
  });

  it('lists the site pages and every approved article in the sitemap, with lastmod', async () => {
    const res = await request(app()).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const approved = [...fillers, normal, premium, nasty].reverse();
    expect(locs).toEqual([
      `${siteUrl}/`,
      `${siteUrl}/all-articles`,
      `${siteUrl}/about-us`,
      ...approved.map((a) => `${siteUrl}/article-details/${a._id}`),
    ]);
    expect(res.text).toContain(
      `<loc>${siteUrl}/article-details/${normal._id}</loc><lastmod>${normal.createdAt}</lastmod>`,
    );
  });

  it('feeds the 50 newest approved articles as RSS 2.0 teasers, premium text never past 300 characters', async () => {
    const res = await request(app()).get('/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const items = itemsOf(res.text);
    const newest = [...fillers, normal, premium, nasty].reverse().slice(0, 50);
    expect(items.map((i) => tagOf(i, 'link'))).toEqual(
      newest.map((a) => `${siteUrl}/article-details/${a._id}`),
    );
    const premiumItem = items[1]!;
    expect(tagOf(premiumItem, 'description').length).toBeLessThanOrEqual(300);
    // 'SECRET ' is 7 characters: at most 43 of them fit in 300.
    expect(res.text.split('SECRET').length - 1).toBeLessThanOrEqual(43);
    expect(premiumItem).toContain('<category>Premium</category>');
    expect(tagOf(items[2]!, 'title')).toBe('Harbour reopens');
    expect(tagOf(items[2]!, 'pubDate')).toBe(new Date(normal.createdAt).toUTCString());
    expect(tagOf(items[0]!, 'title')).toBe(NASTY_TITLE);
  });

  it('caches hashed assets for a year, revalidates the shell, and falls back to the shell for app routes', async () => {
    const asset = await request(app()).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const route of ['/', '/all-articles', '/dashboard/all-users']) {
      const res = await html(route);
      expect(res.status, route).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(SHELL);
    }
    expect((await html('/assets/missing-123.js')).status).toBe(404);
    expect((await html('/missing.png')).status).toBe(404);
    // Not a page navigation: no shell.
    expect((await request(app()).get('/all-articles').set('Accept', 'application/json')).status).toBe(404);
  });

  it('compresses what it serves for clients that accept it', async () => {
    const res = await request(app()).get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(ASSET);
  });
});

describe('API with SERVE_CLIENT', () => {
  it('keeps the API answering JSON, with its own headers, beside the site', async () => {
    const api = await request(t.app).get('/articles/trending');
    expect(api.status).toBe(200);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['content-security-policy']).toBeDefined();
    const missing = await request(t.app).get('/no-such-endpoint').set('Accept', 'application/json');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Not found' });
    // The site's pages get the site's CSP, not the API's (it would block the app), and allow sign-in popups.
    const page = await request(t.app).get('/all-articles').set('Accept', 'text/html');
    expect(page.headers['content-security-policy']).not.toBe(api.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;| )/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('keeps a rendered sitemap while nothing public changes, and shows a new article at once', async () => {
    const before = (await request(t.app).get('/sitemap.xml')).text;
    await submitArticle(t, { title: 'Only admins see it' });
    expect((await request(t.app).get('/sitemap.xml')).text).toBe(before);
    const added = await publishArticle(t, { title: 'Fresh' });
    await expect
      .poll(async () => (await request(t.app).get('/sitemap.xml')).text)
      .toContain(`/article-details/${added}<`);
  });
});

describe('standalone site', () => {
  it('keeps serving the app when the API is down: 503 shell for article pages and feeds', async () => {
    const down = createSiteApp({
      source: apiSource('http://127.0.0.1:9', { timeoutMs: 1_000 }),
      distDir: dist,
      siteUrl: STANDALONE_URL,
      logger: pino({ level: 'silent' }),
    });
    const page = await request(down).get(`/article-details/${normal._id}`).set('Accept', 'text/html');
    expect(page.status).toBe(503);
    expect(page.text).toBe(SHELL);
    expect((await request(down).get('/rss.xml')).status).toBe(503);
    expect((await request(down).get('/').set('Accept', 'text/html')).status).toBe(200);
  });
});

describe('public-read limits', () => {
  let limited: TestApp;
  let server: Server;
  let ids: string[];
  beforeAll(async () => {
    limited = await makeTestApp({
      config: {
        serveClient: true,
        clientDistDir: dist,
        rateLimits: { ...t.deps.config.rateLimits, publicReads: { windowMs: 60_000, max: 2 } },
        siteApiSecret: SITE_SECRET,
      },
    });
    ids = [];
    for (let i = 0; i < 3; i++) ids.push((await insertArticle(limited.store))._id);
    server = await new Promise<Server>((resolve) => {
      const s = limited.app.listen(0, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await limited?.close();
  });

  /**
   * A standalone site on `limited`'s API (`secret`: SITE_API_SECRET) behind one proxy
   * (TRUST_PROXY=1); `visit` asks it for an article page for the visitor that proxy names.
   */
  const standalone = (secret?: string) => {
    const { port } = server.address() as AddressInfo;
    const site = createSiteApp({
      source: apiSource(`http://127.0.0.1:${port}`, { secret }),
      distDir: dist,
      siteUrl: STANDALONE_URL,
      logger: pino({ level: 'silent' }),
      trustProxy: 1,
    });
    return (id: string, ip: string) =>
      request(site).get(`/article-details/${id}`).set('Accept', 'text/html').set('X-Forwarded-For', ip);
  };
  /**
   * GET an article page on the server at `port` from the local address `from` (all of 127.0.0.0/8 is
   * this machine): a visitor at that address, with no proxy in between.
   */
  const visitFrom = (port: number, id: string, from: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; retryAfter?: string }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/article-details/${id}`,
          localAddress: from,
          headers: { accept: 'text/html', ...headers },
          agent: false,
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              retryAfter: res.headers['retry-after'] as string | undefined,
            }),
          );
        },
      );
      req.on('error', reject);
    });

  it('apply to article pages per visitor, in-process and through the standalone site alike', async () => {
    // Through the site: each visitor's address reaches the API with the shared secret, so one
    // visitor's budget is theirs.
    const visit = standalone(SITE_SECRET);
    expect((await visit(ids[0]!, '203.0.113.7')).status).toBe(200);
    expect((await visit(ids[1]!, '203.0.113.7')).status).toBe(200);
    const refused = await visit(ids[2]!, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.text).toBe(SHELL);
    expect((await visit(ids[2]!, '203.0.113.8')).status).toBe(200);
    // Cached articles cost nothing: the refused visitor still reads those.
    expect((await visit(ids[0]!, '203.0.113.7')).status).toBe(200);

    // In-process (SERVE_CLIENT): the same budget, counted on this app's own limiter.
    const { port } = server.address() as AddressInfo;
    const direct = (id: string) => visitFrom(port, id, '127.0.0.4');
    const fresh = [];
    for (let i = 0; i < 3; i++) fresh.push((await insertArticle(limited.store))._id);
    expect((await direct(fresh[0]!)).status).toBe(200);
    expect((await direct(fresh[1]!)).status).toBe(200);
    const inProcess = await direct(fresh[2]!);
    expect(inProcess.status).toBe(429);
    expect(inProcess.retryAfter).toBeDefined();
  });

  it('count each visitor through the site as `npm start` runs it: TRUST_PROXY unset on the API and the site', async () => {
    const { port } = server.address() as AddressInfo;
    // No trustProxy anywhere: the API's is the configuration's default, the site's too.
    const site = createSiteApp({
      source: apiSource(`http://127.0.0.1:${port}`, { secret: SITE_SECRET }),
      distDir: dist,
      siteUrl: STANDALONE_URL,
      logger: pino({ level: 'silent' }),
    });
    const siteServer = await new Promise<Server>((resolve) => {
      const s = site.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const sitePort = (siteServer.address() as AddressInfo).port;
      // Visitors at their own addresses, straight to the site.
      const visit = async (id: string, from: string, headers: Record<string, string> = {}) =>
        (await visitFrom(sitePort, id, from, headers)).status;
      const fresh = [];
      for (let i = 0; i < 4; i++) fresh.push((await insertArticle(limited.store))._id);
      expect(await visit(fresh[0]!, '127.0.0.2')).toBe(200);
      expect(await visit(fresh[1]!, '127.0.0.2')).toBe(200);
      // 127.0.0.2's budget (2) is spent, and naming another address to the site buys nothing.
      expect(await visit(fresh[2]!, '127.0.0.2')).toBe(429);
      expect(await visit(fresh[2]!, '127.0.0.2', { 'x-forwarded-for': '203.0.113.99' })).toBe(429);
      // Another visitor still has theirs: the API counted the visitor, not the site.
      expect(await visit(fresh[2]!, '127.0.0.3')).toBe(200);
      expect(await visit(fresh[3]!, '127.0.0.3')).toBe(200);
    } finally {
      await new Promise((resolve) => siteServer.close(resolve));
    }
  });

  it("believe a caller's visitor address only with the site's secret: anyone else is counted as itself", async () => {
    const fresh = [];
    for (let i = 0; i < 4; i++) fresh.push((await insertArticle(limited.store))._id);
    // A caller on this machine naming a visitor without the secret, or with a wrong one: the header
    // buys nothing, every call counts against the caller's own address.
    const teaser = (id: string, headers: Record<string, string>) =>
      request(limited.app).get(`/articles/public/${id}`).set(headers);
    expect((await teaser(fresh[0]!, { 'x-newsroom-client': '192.0.2.1' })).status).toBe(200);
    expect(
      (await teaser(fresh[1]!, { 'x-newsroom-client': '192.0.2.2', 'x-newsroom-site': 'w'.repeat(40) }))
        .status,
    ).toBe(200);
    expect((await teaser(fresh[2]!, { 'x-newsroom-client': '192.0.2.3' })).status).toBe(429);
    // A site without the secret: its visitors share its own budget at the API (never another's).
    expect((await standalone()(fresh[3]!, '203.0.113.20')).status).toBe(429);
  });
});
