/**
 * The site's headers (policy.ts, routes.ts): a Content-Security-Policy that runs only the site's
 * scripts and its pages' own inline scripts (by hash, never 'unsafe-inline'), connecting only where
 * the build says; Referrer-Policy; HSTS in production; and a form posted by a browser without the
 * app's code is answered without reading it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteApp } from './app.js';
import { contentSecurityPolicy, inlineScriptSources } from './policy.js';
import type { SiteSource } from './source.js';

const THEME = "document.documentElement.classList.add('dark');";
const SHELL = `<!doctype html><html><head><title>Newsroom</title>
<script>${THEME}</script>
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
</head><body><div id="root"></div></body></html>`;

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

const source: SiteSource = {
  cards: () => Promise.resolve([]),
  teaser: () => Promise.resolve(null),
  index: () => Promise.resolve([]),
  newest: () => Promise.resolve([]),
};

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'newsroom-policy-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  writeFileSync(
    path.join(dist, '.vite', 'site-policy.json'),
    JSON.stringify({
      connect: ['https://api.news.example'],
      script: ['https://js.stripe.com'],
      frame: ['https://js.stripe.com'],
      img: ['https://api.news.example'],
    }),
  );
  // The pages whose server-rendered form a browser without scripts may post (the build lists them).
  writeFileSync(
    path.join(dist, '.vite', 'first-screen.json'),
    JSON.stringify(
      ['/login', '/registration', '/about-us'].map((page) => ({
        path: page,
        js: [],
        css: [],
        ...(page === '/about-us' ? {} : { form: true }),
      })),
    ),
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const site = (production = false) =>
  createSiteApp({
    source,
    distDir: dist,
    siteUrl: 'https://news.example',
    logger: pino({ level: 'silent' }),
    production,
    connectSrc: ['https://analytics.news.example'],
    imgSrc: ['http://images.news.example'],
  });

describe('inline scripts in the policy', () => {
  it('names each inline script a page runs by its SHA-256, and no data or external script', () => {
    const html = `<script>${THEME}</script><script type="module">import('/a.js')</script>
      <script type="application/json" id="d">{"a":1}</script><script type="application/ld+json">{}</script>
      <script src="/x.js"></script><script>${THEME}</script>`;
    expect(inlineScriptSources(html)).toEqual([sha(THEME), sha("import('/a.js')")]);
  });

  it("never allows 'unsafe-inline' or 'unsafe-eval' for scripts", () => {
    const csp = contentSecurityPolicy({ connect: [], script: [], frame: [], img: [] }, [sha(THEME)]);
    expect(directive(csp, 'script-src')).toBe(`script-src 'self' ${sha(THEME)}`);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
  });
});

describe('the site answers', () => {
  it('send a CSP naming the page’s inline scripts and the build’s origins, and Referrer-Policy', async () => {
    for (const route of ['/', '/login', '/all-articles', '/no-such-page']) {
      const page = await request(site()).get(route).set('Accept', 'text/html');
      expect(page.status, route).toBe(200);
      const csp = page.headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src'), route).toBe(
        `script-src 'self' ${sha(THEME)} https://js.stripe.com`,
      );
      expect(directive(csp, 'connect-src'), route).toBe(
        "connect-src 'self' https://api.news.example https://analytics.news.example",
      );
      expect(directive(csp, 'frame-src'), route).toBe('frame-src https://js.stripe.com');
      expect(directive(csp, 'img-src'), route).toBe(
        "img-src 'self' data: blob: https: https://api.news.example http://images.news.example",
      );
      expect(page.headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
      expect(page.headers['strict-transport-security'], route).toBeUndefined();
    }
  });

  it('tell browsers to keep to HTTPS in production', async () => {
    const page = await request(site(true)).get('/').set('Accept', 'text/html');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const asset = await request(site(true)).get('/assets/index-abc123.js');
    expect(asset.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('send a form posted without the app back to its page, reading nothing of it', async () => {
    for (const route of ['/login', '/registration']) {
      const posted = await request(site())
        .post(route)
        .type('form')
        .send({ email: 'reader@newsroom.test', password: 'Reader1234' });
      expect(posted.status, route).toBe(303);
      expect(posted.headers.location, route).toBe(route);
      expect(posted.text, route).not.toContain('Reader1234');
    }
    // A page without a form takes no post.
    expect((await request(site()).post('/about-us').type('form').send({ a: 1 })).status).toBe(404);
  });
});
