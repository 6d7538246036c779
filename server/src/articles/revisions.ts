/**
 * An article's history (docs/decisions/revisions.md): its writer and moderators read its revisions and
 * restore an earlier one, which is submitted again like an edit (service.ts composes it).
 */
import type { ArticleRevision } from '@newsroom/common';
import { Forbidden, NotFound } from '../errors.js';
import type { RevisionRecord } from '../revisions/service.js';
import { isModerator, type User } from '../users/types.js';
import type { ArticleBase } from './service-base.js';
import type { Article } from './types.js';
import { articleEditing, assertNotDeclined } from './writing.js';

/** How a writer sees a revision someone else made (a moderator's restore): nobody named. */
export const MODERATOR_BY = 'A moderator';

/**
 * A revision as `caller` may see it: a moderator sees who made it; a writer sees their own name and
 * address, and of a moderator's restore only that a moderator made it.
 */
export function toRevisionAnswer(r: RevisionRecord, caller: User): ArticleRevision {
  const own = r.by.email === caller.email;
  const by = isModerator(caller) || own ? { name: r.by.name, email: r.by.email } : { name: MODERATOR_BY };
  return {
    n: r.n,
    articleTitle: r.articleTitle,
    articleDescription: r.articleDescription,
    articleImage: r.articleImage,
    publisher: r.publisher,
    Tags: r.Tags as ArticleRevision['Tags'],
    by,
    at: r.at,
    reason: r.reason,
    ...(r.restoredFrom !== undefined && { restoredFrom: r.restoredFrom }),
  };
}

export function articleRevisions(base: ArticleBase) {
  const { load, isOwner, deps } = base;
  const { edit } = articleEditing(base);
  /** The article, when `caller` is its writer or a moderator. */
  const loadForHistory = async (id: string, caller: User): Promise<Article> => {
    const article = await load(id);
    if (!isOwner(article, caller) && !isModerator(caller))
      throw new Forbidden("Only the article's writer and moderators may see its history");
    return article;
  };

  return {
    /** GET /articles/{id}/revisions: newest first, the kept number at most. */
    async revisionsOf(id: string, caller: User): Promise<ArticleRevision[]> {
      await loadForHistory(id, caller);
      return (await deps.revisions.list(id)).map((r) => toRevisionAnswer(r, caller));
    },

    /**
     * POST /articles/{id}/revisions/{n}/restore: revision n's text, image, tags and publisher are
     * submitted again as the next revision ('restored'); the article goes back to review as an edit
     * does (not a Declined one).
     */
    async restore(id: string, n: number, caller: User): Promise<Article> {
      const article = await loadForHistory(id, caller);
      assertNotDeclined(article);
      const revision = await deps.revisions.find(id, n);
      if (!revision) throw new NotFound('Revision not found');
      return edit(
        article,
        caller,
        {
          articleTitle: revision.articleTitle,
          articleDescription: revision.articleDescription,
          articleImage: revision.articleImage,
          Tags: revision.Tags as Article['Tags'],
          publisher: revision.publisher,
        },
        'restored',
        n,
      );
    },
  };
}
