/**
 * Who reads an article in full, and counting their views (service.ts composes it): premium, the
 * meter (docs/decisions/gift-links-and-meter.md) and one counted view per reader per 30 minutes.
 */
import type { Meter } from '@newsroom/common';
import { HttpError, NotFound } from '../errors.js';
import { isModerator, isPremium, type User } from '../users/types.js';
import type { ArticleAccess, ArticleBase } from './service-base.js';
import { isApproved, toCard } from './types.js';

/** One counted view per signed-in reader per article per 30 minutes. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;
const PREMIUM_CONTENT_MESSAGE = 'This is a premium article: subscribe to read it';

export function articleViews({ repo, load, accessOf, isOwner, deps }: ArticleBase) {
  const { meter, events, stats, follows } = deps;
  /** 402 with what a non-subscriber may see, and their meter when there is one. */
  const premiumRefusal = (teaser: () => unknown, used?: Meter) =>
    new HttpError(402, PREMIUM_CONTENT_MESSAGE, {
      needPremium: true,
      teaser: teaser(),
      ...(used ? { meter: used } : {}),
    });

  /**
   * Who may read an article: approved ones any signed-in reader (unapproved only owner and moderators,
   * else 404 so their existence is not revealed); premium ones premium readers, owner or moderator, else
   * 'metered' (the meter decides: docs/decisions/gift-links-and-meter.md) or, with no meter, 402.
   */
  const readableAs = (access: ArticleAccess, caller: User, teaser: () => unknown): 'full' | 'metered' => {
    const privileged = isOwner(access, caller) || isModerator(caller);
    if (!isApproved(access) && !privileged) throw new NotFound('Article not found');
    if (access.isPremium === 'Yes' && !privileged && !isPremium(caller, deps.clock.now())) {
      if (meter.enabled) return 'metered';
      throw premiumRefusal(teaser);
    }
    return 'full';
  };

  return {
    /**
     * GET /article/data/{id} for this caller: 'stored' (the owner and moderators read the stored
     * article as it is now, `find`), 'public' (the public form); 404 or 402 (with `teaser()`) else.
     */
    readAs(access: ArticleAccess, caller: User, teaser: () => unknown): 'stored' | 'public' | 'metered' {
      if (isOwner(access, caller) || isModerator(caller)) return 'stored';
      return readableAs(access, caller, teaser) === 'metered' ? 'metered' : 'public';
    },

    /**
     * A reader without premium opens a premium article ('metered' by readAs): in full while this
     * month's free reads last (re-opening one already counted is free), else 402 with their meter.
     */
    async meterRead(id: string, caller: User, teaser: () => unknown): Promise<Meter> {
      const opened = await meter.open(caller.email, id);
      if (!opened.allowed) throw premiumRefusal(teaser, opened.meter);
      return opened.meter;
    },

    /** PATCH /articles/view-count/{id}: counts at most one view per reader per article per 30 minutes. */
    async countView(id: string, caller: User): Promise<{ counted: boolean; totalViewCount: number }> {
      const article = await load(id);
      // A metered reader's view counts once the article is on their meter (the read claims it).
      if (
        readableAs(accessOf(article), caller, () => toCard(article)) === 'metered' &&
        !(await meter.has(caller.email, id))
      ) {
        throw premiumRefusal(() => toCard(article));
      }
      const now = deps.clock.now();
      const cutoff = new Date(now.getTime() - VIEW_WINDOW_MS).toISOString();
      const notCounted = { counted: false, totalViewCount: article.totalViewCount ?? 0 };
      const view = await repo.beginView(id, caller.email, now.toISOString(), cutoff);
      if (!view) return notCounted;
      // Only a counted view goes into the per-day history, written now so it joins the count's durable
      // commit (docs/decisions/one-commit-per-view.md); the count stands even if that write fails.
      const history = stats.recordView(article, now).catch((err: unknown) => {
        deps.logger.warn({ err, articleId: id }, 'could not record the view in the daily history');
      });
      // The reader's own history too ("For you", related reading: docs/decisions/follows-and-feed.md).
      const reading = follows.recordRead(caller.email, article, now).catch((err: unknown) => {
        deps.logger.warn({ err, articleId: id }, "could not record the view in the reader's history");
      });
      const [updated] = await Promise.all([view.counted, history, reading]);
      if (!updated) return notCounted;
      await events.publish({ type: 'article.viewed', articleId: id, reader: caller.email });
      return { counted: true, totalViewCount: updated.totalViewCount };
    },
  };
}
