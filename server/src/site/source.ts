/**
 * Where the site's pages get their public article data: the articles' cached answers in-process (the
 * API serves the site, SERVE_CLIENT=true) or the API's public endpoints over HTTP (the standalone site
 * process, which may not open the single-process embedded store). See docs/decisions/site-server.md.
 */
import type { ArticleAnswers } from '../articles/answers.js';
import { approvedQuerySchema, READER_PAGE_SIZE } from '@newsroom/common';
import { toTeaser, type ArticleCard, type ArticleIndexEntry, type ArticleTeaser } from '../articles/types.js';
import type { MissGuard } from '../cache/answer-cache.js';
import { TooManyRequests } from '../cache/public-read-limit.js';
import { NotFound } from '../errors.js';
import { SITE_CLIENT_HEADER, SITE_SECRET_HEADER } from '../http/site-hop.js';

/** Who asks: their address (forwarded to the API) or their public-read limit (in-process). */
export interface Visitor {
  ip?: string;
  onMiss?: MissGuard;
}

export interface SiteSource {
  /**
   * An approved article's teaser; null when the id is unknown or the article not approved.
   * Throws TooManyRequests when the visitor is over their public-read limit.
   */
  teaser(id: string, visitor?: Visitor): Promise<ArticleTeaser | null>;
  /** Ids and change times of the approved articles, newest first (the sitemap). */
  index(): Promise<ArticleIndexEntry[]>;
  /** The newest approved articles as teasers (the RSS feed). */
  newest(): Promise<ArticleTeaser[]>;
  /**
   * A list as the app's landing screen asks the API for it (the cards of GET /articles/trending, or
   * of GET /all-articles/approved?page=1&limit=READER_PAGE_SIZE): the server-rendered first screen's data.
   */
  cards(list: FirstScreenList): Promise<ArticleCard[]>;
}

export type FirstScreenList = 'trending' | 'approved';
/** The app's page size of the approved list (client/src/lib/api/articles.ts). */
const FIRST_PAGE_SIZE = READER_PAGE_SIZE;

export function serviceSource(articles: ArticleAnswers): SiteSource {
  return {
    async teaser(id, visitor) {
      try {
        return (await articles.teaserAnswer(id, visitor?.onMiss)).meta;
      } catch (err) {
        if (err instanceof NotFound) return null;
        throw err;
      }
    },
    async index() {
      return (await articles.publicIndexAnswer()).meta;
    },
    newest: () => articles.newestTeasers(),
    async cards(list) {
      const answer =
        list === 'trending'
          ? await articles.trendingAnswer()
          : await articles.approvedAnswer(
              approvedQuerySchema.parse({ page: '1', limit: String(FIRST_PAGE_SIZE) }),
            );
      return JSON.parse(answer.body) as ArticleCard[];
    },
  };
}

/** RSS size; the API's largest list page. */
const FEED_PAGE = '/all-articles/approved?limit=50';

/**
 * The API over HTTP. With `secret` (SITE_API_SECRET, the API's too) each call for a visitor names
 * them, and the API's per-address limits count the visitor (http/site-hop.ts); without it the API
 * counts every visitor's reads as this process's.
 */
export function apiSource(apiUrl: string, options: { secret?: string; timeoutMs?: number } = {}): SiteSource {
  const base = apiUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const get = async (path: string, clientIp?: string): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (clientIp && options.secret) {
      headers[SITE_SECRET_HEADER] = options.secret;
      headers[SITE_CLIENT_HEADER] = clientIp;
    }
    return fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
  };
  const json = async <T>(res: Response, path: string): Promise<T> => {
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  return {
    async teaser(id, visitor) {
      const path = `/articles/public/${encodeURIComponent(id)}`;
      const res = await get(path, visitor?.ip);
      if (res.status === 404 || res.status === 400 || res.status === 429) {
        await res.body?.cancel();
        if (res.status === 429) throw new TooManyRequests('Too many requests');
        return null;
      }
      return toTeaser(await json<ArticleTeaser>(res, path));
    },
    async index() {
      return json<ArticleIndexEntry[]>(await get('/articles/public'), '/articles/public');
    },
    async newest() {
      const cards = await json<ArticleTeaser[]>(await get(FEED_PAGE), FEED_PAGE);
      return cards.map(toTeaser);
    },
    async cards(list) {
      const path =
        list === 'trending' ? '/articles/trending' : `/all-articles/approved?page=1&limit=${FIRST_PAGE_SIZE}`;
      return json<ArticleCard[]>(await get(path), path);
    },
  };
}
