import type { Article as ArticleAnswer, ArticleCard, ArticleTeaser } from '@newsroom/common';

/**
 * An article as stored: the fields its author and admins are answered (@newsroom/common's Article;
 * timestamps are ISO 8601 strings, UTC), and whatever else older records carry.
 */
export type Article = ArticleAnswer & { [key: string]: unknown };

// What is made from it (list cards, teasers, index entries) are wire types of @newsroom/common too.
export type { ArticleCard, ArticleIndexEntry, ArticleTeaser } from '@newsroom/common';

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

/**
 * The author's name as published: never an e-mail address (older records of an account whose
 * registration stopped before it had a name kept the address as the name): '' then, and screens,
 * the feed and JSON-LD show the publisher instead.
 */
export function publishedName(userInfo: { name?: string | null } | null | undefined): string {
  const name = userInfo?.name ?? '';
  return name.includes('@') ? '' : name;
}

/** What cards and teasers both show: the description cut like the lists, no author email. */
function listed(a: ArticleTeaser): Omit<ArticleTeaser, 'updatedAt'> {
  return {
    _id: a._id,
    articleTitle: a.articleTitle,
    articleImage: a.articleImage,
    articleDescription: (a.articleDescription ?? '').slice(0, LIST_DESCRIPTION_LENGTH),
    publisher: a.publisher,
    Tags: a.Tags ?? [],
    isPremium: a.isPremium,
    createdAt: a.createdAt,
    userInfo: {
      name: publishedName(a.userInfo),
      image: a.userInfo?.image ?? '',
      // The byline's link to the writer's page, when the article was read with it (a public answer).
      ...(a.userInfo?.writerId ? { writerId: a.userInfo.writerId } : {}),
    },
  };
}

export function toCard(a: Article): ArticleCard {
  return { ...listed(a), status: a.status, totalViewCount: a.totalViewCount ?? 0 };
}

/**
 * The full article as anyone but its owner or a moderator may see it: no author email, and no note a
 * moderator left its writer when they requested changes (docs/roles.md).
 */
export function toPublicArticle(
  a: Article,
  writerId?: string,
): Omit<Article, 'userInfo' | 'reviewNote' | 'reviewNoteAt' | 'publishAt'> & {
  userInfo: { name: string; image: string; writerId?: string };
} {
  const { userInfo, reviewNote: _note, reviewNoteAt: _at, publishAt: _scheduled, ...rest } = a;
  return {
    ...rest,
    userInfo: {
      name: publishedName(userInfo),
      image: userInfo?.image ?? '',
      ...(writerId ? { writerId } : {}),
    },
  };
}

/** The teaser of an article (or of a card or public answer, which carry the same fields). */
export function toTeaser(a: ArticleTeaser): ArticleTeaser {
  const teaser: ArticleTeaser = listed(a);
  if (a.updatedAt) teaser.updatedAt = a.updatedAt;
  return teaser;
}
