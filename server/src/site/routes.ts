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
import type { ArticleCard, ArticleTeaser } from '../articles/types.js';
import { loadRenderer, withFirstScreen, type FirstScreenData } from './first-screen-render.js';
import { hintTags, loadFirstScreens, screenFor, withHeadTags } from './first-screen.js';
import { contentSecurityPolicy, inlineScriptSources, loadSitePolicy } from './policy.js';
import { parseShell, renderArticlePage, renderRobots, renderRss, renderSitemap } from './render.js';
import type { SiteChanges } from './changes.js';
import { readAhead, type ReadAhead } from './read-ahead.js';
import type { FirstScreenList, SiteSource } from './source.js';

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
/** Server-rendered pages whose markup is kept (article pages are most of them). */
const RENDERED_PAGES_MAX = 1_000;
/** How long a page waits for its first screen's list before it goes out without it (and its image hint). */
const LEAD_IMAGE_WAIT_MS = 250;

/** The client build next to this package (server/{src,dist}/site → client/dist). */
export function defaultDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../client/dist');
}

/** A first-screen list and the live-event position its read started at (null: not known yet). */
interface PositionedCards {
  cards: ArticleCard[];
  eventId: string | null;
}
/** An article page's teaser and the live-event position its read started at. */
interface TeaserRead {
  teaser: ArticleTeaser;
  eventId: string | null;
}
/** The page data's `eventId`, when the position is known. */
const positioned = (eventId: string | null): Pick<FirstScreenData, 'eventId'> =>
  eventId === null ? {} : { eventId };

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

export function siteRouter(options: SiteOptions): Router {
  const { source, distDir, siteUrl, logger } = options;
  const now = options.now ?? (() => new Date());
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`No client build at ${distDir} (run \`npm run build -w client\`)`);
  }
  const shell = parseShell(readFileSync(indexFile, 'utf8'));
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  const screens = loadFirstScreens(distDir);

  const render = loadRenderer(distDir, logger);
  const policy = loadSitePolicy(distDir);
  const policyOptions = { connect: options.connectSrc, img: options.imgSrc };
  const cspOf = (html: string) => contentSecurityPolicy(policy, inlineScriptSources(html), policyOptions);

  // The first screens' lists (home: trending; all articles: the first page), read at most once per
  // TTL and again on every public change; a slow or failed read only costs the page its first screen
  // and image hint.
  const listTtlMs = options.feedTtlMs ?? 60_000;
  // Each read keeps the event position it started at (SiteChanges.position): a list served later,
  // even while the next read runs, still names the position its own data was read at.
  const positionNow = () => options.changes?.position() ?? null;
  const readList = async (list: FirstScreenList): Promise<PositionedCards> => {
    const eventId = positionNow();
    return { cards: await source.cards(list), eventId };
  };
  const lists: Record<FirstScreenList, ReadAhead<PositionedCards>> = {
    trending: readAhead(() => readList('trending'), {
      ttlMs: listTtlMs,
      now: () => now().getTime(),
      onError: (err) => logger.debug({ err }, 'first screen: trending list not refreshed'),
    }),
    approved: readAhead(() => readList('approved'), {
      ttlMs: listTtlMs,
      now: () => now().getTime(),
      onError: (err) => logger.debug({ err }, 'first screen: approved list not refreshed'),
    }),
  };
  if (render) {
    for (const list of ['trending', 'approved'] as const)
      lists[list].get().catch((err: unknown) => logger.debug({ err }, `first screen: no ${list} list yet`));
  }
  const feeds: Array<{ drop(): void }> = [];
  options.changes?.subscribe(() => {
    lists.trending.changed();
    lists.approved.changed();
    for (const feed of feeds) feed.drop();
  });
  const listOf = async (list: FirstScreenList) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), LEAD_IMAGE_WAIT_MS);
    });
    try {
      return await Promise.race([lists[list].get(), late]);
    } catch (err) {
      logger.debug({ err }, `first screen: no ${list} list`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  // Markup of the server-rendered pages, kept while what they are drawn from is the same: the list
  // pages while their list is (the same object), an article page while its teaser is (the same
  // JSON), the pages drawn from nothing for good. A render costs milliseconds of CPU; a visitor's
  // request no longer does. At most RENDERED_PAGES_MAX pages are kept, the least recently drawn go.
  const rendered = new Map<string, { key: unknown; markup: string | null }>();
  const renderKept = async (pathname: string, key: unknown, data: FirstScreenData) => {
    const kept = rendered.get(pathname);
    if (kept && kept.key === key) {
      rendered.delete(pathname); // most recently used last
      rendered.set(pathname, kept);
      return kept.markup;
    }
    const markup = render ? await render(pathname, data) : null;
    rendered.delete(pathname);
    rendered.set(pathname, { key, markup });
    if (rendered.size > RENDERED_PAGES_MAX) rendered.delete(rendered.keys().next().value!);
    return markup;
  };

  /**
   * A page's HTML with its first-screen hints (docs/decisions/first-screen-hints.md) and, when its
   * data is at hand, its first screen (docs/decisions/server-rendered-first-screen.md).
   */
  const withHints = async (pathname: string, html: string, read?: TeaserRead): Promise<string> => {
    const screen = screenFor(screens, pathname);
    if (!screen) return html;
    // A signed-in screen: its code only (no first screen: it needs the reader's session).
    if (screen.codeOnly) return withHeadTags(html, hintTags(screen));
    const from = screen.leadImage?.from;
    let image: string | null | undefined;
    let data: FirstScreenData | null;
    let markup: string | null;
    if (from === 'article') {
      const teaser = read?.teaser;
      image = teaser?.articleImage;
      data = teaser ? { teaser, ...positioned(read.eventId) } : null;
      markup = teaser && data ? await renderKept(pathname, JSON.stringify(teaser), data) : null;
    } else if (from) {
      const list = from === 'trending' ? 'trending' : 'approved';
      const listRead = await listOf(list);
      const cards = listRead?.value.cards;
      image = cards?.[0]?.articleImage;
      data = listRead
        ? { [list]: cards, fetchedAt: listRead.at, ...positioned(listRead.value.eventId) }
        : null;
      markup = cards && data ? await renderKept(pathname, cards, data) : null;
    } else {
      // Drawn from no data; still where the tab's live stream starts.
      data = positioned(positionNow());
      markup = await renderKept(pathname, null, data);
    }
    const page = withHeadTags(html, hintTags(screen, image, Boolean(markup)));
    return markup && data ? withFirstScreen(page, markup, data) : page;
  };

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
  // without scripts posts it here: nothing is read or kept, the page is shown again.
  router.post(['/login', '/registration', '/all-articles'], (req, res) => {
    res.redirect(303, req.originalUrl);
  });

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
      sendHtml(res, 200, await withHints(req.path, page, { teaser, eventId }));
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

  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        // Vite names everything under assets/ by content hash: a changed file gets a new name.
        if (file.startsWith(assetsDir)) res.setHeader('Cache-Control', IMMUTABLE);
        else if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    }),
  );

  // History fallback: page navigations get the shell; files, assets and API-style requests do not.
  router.use(async (req, res, next) => {
    const navigation =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.path.startsWith('/assets/') &&
      !path.posix.basename(req.path).includes('.') &&
      req.accepts(['html', 'json']) === 'html';
    if (!navigation) return next();
    sendHtml(res, 200, await withHints(req.path, shell.html));
  });

  return router;
}
