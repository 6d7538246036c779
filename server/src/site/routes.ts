/**
 * The site origin: the built client (client/dist) with immutable caching for hashed assets and a
 * history fallback, plus what crawlers and link previews read before any JavaScript runs
 * (robots.txt, sitemap.xml, rss.xml, the article page's head). Mounted by the standalone site
 * process (index.ts) and, with SERVE_CLIENT=true, by the API after its own routes.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { MissGuard } from '../cache/answer-cache.js';
import { TooManyRequests } from '../cache/public-read-limit.js';
import { ID_PATTERN } from '@newsroom/common';
import { loadAppCode, loadRenderer } from './first-screen-render.js';
import { firstScreenPages } from './first-screen-pages.js';
import { loadFirstScreens } from './first-screen.js';
import { contentSecurityPolicy, inlineScriptSources, loadSitePolicy } from './policy.js';
import { parseShell, renderArticlePage, renderRobots, renderRss, renderSitemap } from './render.js';
import type { SiteChanges } from './changes.js';
import type { SiteSource } from './source.js';

export interface SiteOptions {
  source: SiteSource;
  /** The client build (index.html and assets/). */
  distDir: string;
  /** Absolute origin visitors use, without a trailing slash (canonical links, sitemap, feed). */
  siteUrl: string;
  logger: Logger;
  now?: () => Date;
  /**
   * How long the first screens' lists and a rendered sitemap or feed are reused (default one minute)
   * when no change is announced.
   */
  feedTtlMs?: number;
  /** Public changes of article data: the lists, sitemap and feed are read again at once. */
  changes?: SiteChanges;
  /** In-process: the visitor's public-read limit, checked when an article is not cached. */
  missGuard?: (req: Request, res: Response) => MissGuard;
  /** Production: browsers are told to use HTTPS only (Strict-Transport-Security). */
  production?: boolean;
  /** Origins the pages may connect to besides the build's own (SITE_CONNECT_SRC). */
  connectSrc?: string[];
  /** Origins besides https: and the build's API the pages show images from (SITE_IMG_SRC). */
  imgSrc?: string[];
}

const ARTICLE_ID = ID_PATTERN;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FEED_CACHE_CONTROL = 'public, max-age=300';

/** The client build next to this package (server/{src,dist}/site → client/dist). */
export function defaultDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../client/dist');
}

/** A year, as HSTS preload lists ask. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers of every site answer. When the API serves the site, helmet's API defaults are replaced:
 * the site's Content-Security-Policy names its pages' inline scripts and the origins the client
 * build uses (policy.ts; each page answer sets its own), and COOP same-origin would break Google
 * sign-in's popup.
 */
function siteHeaders(csp: string, production: boolean): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (production) res.setHeader('Strict-Transport-Security', HSTS);
    else res.removeHeader('Strict-Transport-Security');
    next();
  };
}

/**
 * A body rebuilt at most once per `ttlMs`; concurrent misses share one build, failures are not kept.
 * `drop()` forgets it (the data changed): the next request builds it anew.
 */
function briefly<T>(ttlMs: number, now: () => number, build: () => Promise<T>) {
  let kept: { body: T; until: number } | null = null;
  let pending: Promise<T> | null = null;
  let generation = 0;
  return {
    get(): Promise<T> {
      if (kept && kept.until > now()) return Promise.resolve(kept.body);
      if (pending) return pending;
      const started = generation;
      const building = build()
        .then((body) => {
          if (started === generation) kept = { body, until: now() + ttlMs };
          return body;
        })
        .finally(() => {
          if (pending === building) pending = null;
        });
      pending = building;
      return building;
    },
    drop(): void {
      // A build already running may have read the data before the change: neither kept nor shared.
      generation += 1;
      kept = null;
      pending = null;
    },
  };
}

/** The build's files: hashed assets cached for good, the rest briefly (HTML revalidated). */
function builtFiles(distDir: string): RequestHandler {
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  return express.static(distDir, {
    index: false,
    setHeaders(res, file) {
      // Vite names everything under assets/ by content hash: a changed file gets a new name.
      if (file.startsWith(assetsDir)) res.setHeader('Cache-Control', IMMUTABLE);
      else if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
}

/** A browser navigating to a page of the app: not a file, an asset or an API-style request. */
function isPageNavigation(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.path.startsWith('/assets/') &&
    !path.posix.basename(req.path).includes('.') &&
    req.accepts(['html', 'json']) === 'html'
  );
}

export function siteRouter(options: SiteOptions): Router {
  const { source, distDir, siteUrl, logger } = options;
  const now = options.now ?? (() => new Date());
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`No client build at ${distDir} (run \`npm run build -w client\`)`);
  }
  const shell = parseShell(readFileSync(indexFile, 'utf8'));
  const screens = loadFirstScreens(distDir);

  const render = loadRenderer(distDir, logger);
  const appCode = loadAppCode(distDir);
  const policy = loadSitePolicy(distDir);
  const policyOptions = { connect: options.connectSrc, img: options.imgSrc };
  const cspOf = (html: string) => contentSecurityPolicy(policy, inlineScriptSources(html), policyOptions);

  // Each page names the live-event position its data was read at: the app's live stream resumes there.
  const positionNow = () => options.changes?.position() ?? null;
  const pages = firstScreenPages({
    source,
    logger,
    now,
    screens,
    render,
    appCode,
    listTtlMs: options.feedTtlMs ?? 60_000,
    positionNow,
  });
  const feeds: Array<{ drop(): void }> = [];
  options.changes?.subscribe(() => {
    pages.changed();
    for (const feed of feeds) feed.drop();
  });

  const sendHtml = (res: Response, status: number, html: string) => {
    res
      .status(status)
      .set('Cache-Control', 'no-cache')
      .set('Content-Security-Policy', cspOf(html))
      .type('html')
      .send(html);
  };

  const feed = (type: string, name: string, build: () => Promise<string>): RequestHandler => {
    const cached = briefly(options.feedTtlMs ?? 60_000, () => now().getTime(), build);
    feeds.push(cached);
    return async (_req, res) => {
      let body: string;
      try {
        body = await cached.get();
      } catch (err) {
        logger.warn({ err }, `${name}: article data unavailable`);
        res.status(503).set('Retry-After', '30').type('text/plain').send('Service unavailable');
        return;
      }
      res.set('Cache-Control', FEED_CACHE_CONTROL).type(type).send(body);
    };
  };

  const router = Router();
  router.use(siteHeaders(cspOf(shell.html), options.production ?? false));

  // A form of a server-rendered page is held until the app runs (client/index.html); a browser
  // without scripts posts it here: nothing is read or kept, the page is shown again. Which pages have
  // one: client/src/app/first-screen.ts (`form`), through the build's first-screen.json.
  const formPages = screens.filter((screen) => screen.form).map((screen) => screen.path);
  if (formPages.length) {
    router.post(formPages, (req, res) => {
      res.redirect(303, req.originalUrl);
    });
  }

  router.get('/robots.txt', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/plain').send(renderRobots(siteUrl));
  });
  router.get(
    '/sitemap.xml',
    feed('application/xml', 'sitemap', async () => renderSitemap(siteUrl, await source.index())),
  );
  router.get(
    '/rss.xml',
    feed('application/rss+xml', 'rss', async () => renderRss(siteUrl, await source.newest(), now())),
  );

  // The SPA shell with the article's head tags; unknown or unapproved ids: the bare shell, 404.
  router.get('/article-details/:id', async (req, res) => {
    const id = req.params.id;
    if (!ARTICLE_ID.test(id)) return sendHtml(res, 404, shell.html);
    try {
      const eventId = positionNow();
      const teaser = await source.teaser(id, { ip: req.ip, onMiss: options.missGuard?.(req, res) });
      if (!teaser) return sendHtml(res, 404, shell.html);
      const page = renderArticlePage(shell, teaser, siteUrl);
      sendHtml(res, 200, await pages.withHints(req.path, page, { teaser, eventId }));
    } catch (err) {
      if (err instanceof TooManyRequests) {
        if (!res.get('Retry-After')) res.set('Retry-After', '60');
        return sendHtml(res, 429, shell.html);
      }
      // Readers still get the app; crawlers are told to come back.
      logger.warn({ err }, 'article page: article data unavailable');
      res.set('Retry-After', '30');
      sendHtml(res, 503, shell.html);
    }
  });

  router.use(builtFiles(distDir));

  // History fallback: page navigations get the shell; files, assets and API-style requests do not.
  router.use(async (req, res, next) => {
    if (!isPageNavigation(req)) return next();
    sendHtml(res, 200, await pages.withHints(req.path, shell.html));
  });

  return router;
}
