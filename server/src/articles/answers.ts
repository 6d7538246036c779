import {
  answerOf,
  CacheGroup,
  TRENDING_KEY,
  type AnswerCache,
  type CachedAnswer,
  type MissGuard,
} from '../cache/answer-cache.js';
import { NotFound } from '../errors.js';
import type { User } from '../users/types.js';
import type { ApprovedQuery, Meter } from '@newsroom/common';
import type { ArticleAccess, ArticleService } from './service.js';
import { toCard, toTeaser, type Article, type ArticleIndexEntry, type ArticleTeaser } from './types.js';

export type ArticleAnswers = ReturnType<typeof createArticleAnswers>;

/**
 * The articles' public reads as cached, serialized answers with their ETags: the route edge of the
 * articles component (its routes and the site's pages in the API process). The service answers plain
 * values; this caches them. `onMiss`: the caller's public-read limit, checked only when not cached.
 */
export function createArticleAnswers(cache: AnswerCache, articles: ArticleService) {
  const cards = (build: () => Promise<unknown>) => async () => ({ value: await build(), meta: undefined });

  /** An article as anyone may see it (no author email), cached per id, with who may see it. */
  const publicDetails = (id: string, onMiss?: MissGuard) =>
    cache.get<ArticleAccess>(
      CacheGroup.articleDetails,
      id,
      async () => {
        const found = await articles.publicArticle(id);
        return found ? { value: found.article, meta: found.access } : null;
      },
      onMiss,
    );
  // Derived from the cached details answer, so every write that drops that answer drops its teaser.
  const teasers = new WeakMap<CachedAnswer<ArticleAccess>, CachedAnswer<ArticleTeaser>>();

  return {
    trendingAnswer(onMiss?: MissGuard): Promise<CachedAnswer> {
      return cache.get(CacheGroup.articleLists, TRENDING_KEY, cards(articles.trending), onMiss);
    },

    approvedAnswer(q: ApprovedQuery, onMiss?: MissGuard): Promise<CachedAnswer> {
      const key = JSON.stringify([
        'approved',
        q.search ?? '',
        q.publicationFiler ?? '',
        [...q.tags].sort(),
        q.page,
        q.limit,
      ]);
      return cache.get(
        CacheGroup.articleLists,
        key,
        cards(() => articles.approved(q)),
        onMiss,
      );
    },

    premiumAnswer(page: number, limit: number): Promise<CachedAnswer> {
      const key = JSON.stringify(['premium', page, limit]);
      return cache.get(
        CacheGroup.articleLists,
        key,
        cards(() => articles.premium(page, limit)),
      );
    },

    /**
     * GET /article/data/{id}. Anyone but the owner or an admin gets the cached public answer
     * (no author email); the owner and admins get the stored article as it is now; a reader on the
     * meter gets the public answer with their meter (`metered`: never cached for anyone else).
     */
    async details(
      id: string,
      caller: User,
    ): Promise<
      | { cached: CachedAnswer<ArticleAccess> }
      | { article: Article }
      | { metered: { article: unknown; meter: Meter } }
    > {
      const cached = await publicDetails(id);
      if (!cached) throw new NotFound('Article not found');
      const teaser = () => toCard(JSON.parse(cached.body) as Article);
      const how = articles.readAs(cached.meta, caller, teaser);
      if (how === 'stored') return { article: await articles.find(id) };
      if (how === 'metered') {
        const meter = await articles.meterRead(id, caller, teaser);
        return { metered: { article: JSON.parse(cached.body) as unknown, meter } };
      }
      return { cached };
    },

    /** The article as anyone may see it, when approved (a gift link's full text); null else. */
    async approvedPublic(id: string): Promise<{ article: unknown; access: ArticleAccess } | null> {
      const cached = await publicDetails(id);
      if (!cached || !articles.isPublic(cached.meta)) return null;
      return { article: JSON.parse(cached.body) as unknown, access: cached.meta };
    },

    /** Who may read the approved article of that id, and its title (parsed only when asked); null else. */
    async approvedAccess(id: string): Promise<{ access: ArticleAccess; title: () => string } | null> {
      const cached = await publicDetails(id);
      if (!cached || !articles.isPublic(cached.meta)) return null;
      const title = () => (JSON.parse(cached.body) as { articleTitle?: string }).articleTitle ?? '';
      return { access: cached.meta, title };
    },

    /**
     * GET /articles/public/{id}: an approved article's teaser for anyone (premium or not: the
     * full text still needs a session); 404 for unknown and unapproved ones alike.
     */
    async teaserAnswer(id: string, onMiss?: MissGuard): Promise<CachedAnswer<ArticleTeaser>> {
      const details = await publicDetails(id, onMiss);
      if (!details || !articles.isPublic(details.meta)) throw new NotFound('Article not found');
      let teaser = teasers.get(details);
      if (!teaser) {
        const value = toTeaser(JSON.parse(details.body) as ArticleTeaser);
        teaser = answerOf(value, value);
        teasers.set(details, teaser);
      }
      return teaser;
    },

    /** GET /articles/public: id and change time of the newest approved articles (the sitemap). */
    publicIndexAnswer(onMiss?: MissGuard): Promise<CachedAnswer<ArticleIndexEntry[]>> {
      return cache.get(
        CacheGroup.articleLists,
        'public-index',
        async () => {
          const value = await articles.publicIndex();
          return { value, meta: value };
        },
        onMiss,
      );
    },

    /** The newest approved articles as teasers (the RSS feed; not cached). */
    newestTeasers: () => articles.newestTeasers(),
  };
}
