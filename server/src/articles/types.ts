/** An article as stored. Timestamps are ISO 8601 strings (UTC). */
export interface Article {
  _id: string;
  articleTitle: string;
  articleImage: string;
  articleDescription: string;
  publisher: string;
  Tags: string[];
  /** 'Accepted' is never produced; read as Approved. */
  status: 'Pending' | 'Accepted' | 'Approved' | 'Declined';
  isPremium: 'Yes' | 'No';
  decliningReason: string | null;
  createdAt: string;
  updatedAt?: string;
  totalViewCount: number;
  userInfo: { image: string; name: string; email: string };
  [key: string]: unknown;
}

/** What the cards of public lists show: no author email, no declining reason, description cut. */
export type ArticleCard = Pick<
  Article,
  | '_id'
  | 'articleTitle'
  | 'articleImage'
  | 'articleDescription'
  | 'publisher'
  | 'Tags'
  | 'status'
  | 'isPremium'
  | 'createdAt'
  | 'totalViewCount'
> & { userInfo: { name: string; image: string } };

/**
 * What anyone may see of an approved article (link previews, feeds, the signed-out page): no
 * author email, no view count, the description cut like the lists.
 */
export type ArticleTeaser = Pick<
  Article,
  | '_id'
  | 'articleTitle'
  | 'articleImage'
  | 'articleDescription'
  | 'publisher'
  | 'Tags'
  | 'isPremium'
  | 'createdAt'
> & { updatedAt?: string; userInfo: { name: string; image: string } };

/** One approved article in the public index (the sitemap); lastmod is updatedAt, else createdAt. */
export type { ArticleIndexEntry } from '@newsroom/common';

/** One counted view window per (article, viewer). */
export interface ViewRecord {
  _id: string;
  articleId: string;
  email: string;
  lastCountedAt: string;
  [key: string]: unknown;
}

export const LIST_DESCRIPTION_LENGTH = 300;

export function isApproved(article: Pick<Article, 'status'>): boolean {
  return article.status === 'Approved' || article.status === 'Accepted';
}

export function toCard(a: Article): ArticleCard {
  return {
    _id: a._id,
    articleTitle: a.articleTitle,
    articleImage: a.articleImage,
    articleDescription: (a.articleDescription ?? '').slice(0, LIST_DESCRIPTION_LENGTH),
    publisher: a.publisher,
    Tags: a.Tags ?? [],
    status: a.status,
    isPremium: a.isPremium,
    createdAt: a.createdAt,
    totalViewCount: a.totalViewCount ?? 0,
    userInfo: { name: a.userInfo?.name ?? '', image: a.userInfo?.image ?? '' },
  };
}

/** The full article as anyone but its owner or an admin may see it: no author email. */
export function toPublicArticle(
  a: Article,
): Omit<Article, 'userInfo'> & { userInfo: { name: string; image: string } } {
  const { userInfo, ...rest } = a;
  return { ...rest, userInfo: { name: userInfo?.name ?? '', image: userInfo?.image ?? '' } };
}

/** The teaser of an article (or of a card or public answer, which carry the same fields). */
export function toTeaser(a: ArticleTeaser): ArticleTeaser {
  const teaser: ArticleTeaser = {
    _id: a._id,
    articleTitle: a.articleTitle,
    articleImage: a.articleImage,
    articleDescription: (a.articleDescription ?? '').slice(0, LIST_DESCRIPTION_LENGTH),
    publisher: a.publisher,
    Tags: a.Tags ?? [],
    isPremium: a.isPremium,
    createdAt: a.createdAt,
    userInfo: { name: a.userInfo?.name ?? '', image: a.userInfo?.image ?? '' },
  };
  if (a.updatedAt) teaser.updatedAt = a.updatedAt;
  return teaser;
}
