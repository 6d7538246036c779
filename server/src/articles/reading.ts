/** The articles as readers find them: lists, pages, the sitemap and feed (service.ts composes it). */
import type { ApprovedQuery } from '@newsroom/common';
import type { ArticleAccess, ArticleBase } from './service-base.js';
import {
  isApproved,
  toCard,
  toPublicArticle,
  toTeaser,
  type Article,
  type ArticleCard,
  type ArticleIndexEntry,
  type ArticleTeaser,
} from './types.js';

export const TRENDING_SIZE = 6;
/** A sitemap holds at most 50 000 URLs; the site's own pages take a few. */
export const PUBLIC_INDEX_SIZE = 49_000;
/** RSS carries the newest approved articles. */
export const FEED_SIZE = 50;

export function articleReading({ repo, load, accessOf, deps }: ArticleBase) {
  /** The writer's public id (docs/decisions/writer-public-ids.md), if they still exist. */
  const writerIdOf = async (a: Article): Promise<string | undefined> => {
    const email = a.userInfo?.email;
    return email ? (await deps.users.findByEmail(email))?.publicId : undefined;
  };

  const usesImage = async (url: string) => (await repo.countUsingImage(url)) > 0;

  return {
    /** GET /articles/trending: the approved articles with most views. */
    async trending(): Promise<ArticleCard[]> {
      return (await repo.trending(TRENDING_SIZE)).map(toCard);
    },

    /** GET /all-articles/approved: one page of approved articles, newest first. */
    async approved(q: ApprovedQuery): Promise<ArticleCard[]> {
      const list = await repo.listApproved(
        { search: q.search || undefined, publisher: q.publicationFiler || undefined, tags: q.tags },
        q.page,
        q.limit,
      );
      return list.map(toCard);
    },

    /** GET /premium/articles/only. */
    async premium(page: number, limit: number): Promise<ArticleCard[]> {
      return (await repo.listApproved({ premiumOnly: true }, page, limit)).map(toCard);
    },

    /**
     * An article as anyone may see it (no author email, the writer's public id for their page) with
     * who may see it; null when unknown.
     */
    async publicArticle(id: string): Promise<{ article: unknown; access: ArticleAccess } | null> {
      const article = await repo.findById(id);
      if (!article) return null;
      return { article: toPublicArticle(article, await writerIdOf(article)), access: accessOf(article) };
    },

    /** Approved articles by id, as cards, in one query (in no particular order; gone ones left out). */
    approvedByIds(ids: string[]): Promise<Article[]> {
      return repo.approvedCardsByIds(ids);
    },

    /** The article as stored, or null (what an outbox entry checks its moderation against). */
    stored: (id: string): Promise<Article | null> => repo.findById(id),

    /** The stored article as it is now, with the writer's public id (owner's and admins' details). */
    async find(id: string): Promise<Article> {
      const article = await load(id);
      const writerId = await writerIdOf(article);
      return writerId && article.userInfo
        ? { ...article, userInfo: { ...article.userInfo, writerId } }
        : article;
    },

    /** GET /articles/public/{id}: anyone may see an approved article's teaser (premium or not). */
    isPublic: (access: ArticleAccess) => isApproved(access),

    /** GET /articles/public: id and change time of the newest approved articles (the sitemap). */
    async publicIndex(): Promise<ArticleIndexEntry[]> {
      const rows = await repo.listApprovedIndex(PUBLIC_INDEX_SIZE);
      return rows.map((a) => ({ _id: a._id, lastmod: a.updatedAt ?? a.createdAt }));
    },

    /** The newest approved articles as teasers (the RSS feed). */
    async newestTeasers(limit = FEED_SIZE): Promise<ArticleTeaser[]> {
      return (await repo.listApproved({}, 1, limit)).map(toTeaser);
    },

    /** Articles per publisher name, every status (the admin's publisher statistics). */
    countsByPublisher: repo.countsByPublisher,

    /** Whether an article's cover still points at this image URL (uploads). */
    usesImage,
    /** Every image URL articles show, cover and author photo (the unused-upload sweep). */
    imageUrls: repo.imageUrls,
  };
}
