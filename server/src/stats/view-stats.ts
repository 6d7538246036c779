import type { MyArticleViews, PublisherViews } from '@newsroom/common';
import type { Clock } from '../clock.js';
import { createWriterArticleIds } from '../articles/writers.js';
import { createCommentCounts } from '../comments/service.js';
import type { FollowService } from '../follows/service.js';
import type { PublisherService } from '../publishers/service.js';
import type { Store } from '../store/port.js';
import { createViewHistoryRepository } from './repository.js';
import { lastDays, monthsOf, type PublisherViewsMonth } from './view-history.js';

/** One line of a chart: views on each of the answer's days (same order) and their sum. */
type ViewSeries = Omit<MyArticleViews['articles'][number], '_id'>;

const empty = (days: string[]): ViewSeries => ({ views: days.map(() => 0), periodViews: 0 });

/** Folds publishers' month counters into one dense series per publisher, over `days` only. */
function seriesByPublisher(days: string[], rows: PublisherViewsMonth[]) {
  const out = new Map<string, ViewSeries>();
  for (const { publisher, days: counts } of rows) {
    let s = out.get(publisher);
    if (!s) out.set(publisher, (s = empty(days)));
    for (const [i, day] of days.entries()) {
      const count = counts?.[day];
      if (typeof count !== 'number') continue;
      s.views[i]! += count;
      s.periodViews += count;
    }
  }
  return out;
}

/** Views per day for a writer's own articles and, for admins, per publisher. */
export function createViewStatsService(deps: {
  store: Store;
  clock: Clock;
  publishers: PublisherService;
  follows: FollowService;
}) {
  const history = createViewHistoryRepository(deps.store);
  const { publishers, follows } = deps;
  const articleIdsOf = createWriterArticleIds(deps.store);
  const commentCounts = createCommentCounts(deps.store);

  return {
    /**
     * GET /stats/my-article-views: the caller's articles only (found by their own email). The writer's
     * screen joins these by id with the article list it already holds, so no article is read here.
     */
    async forAuthor(email: string, dayCount: number): Promise<MyArticleViews> {
      const days = lastDays(deps.clock.now(), dayCount);
      const index = new Map(days.map((d, i) => [d, i]));
      const series = new Map<string, ViewSeries>();
      for (const row of await history.authorDays(email, days)) {
        const i = index.get(row.day);
        if (i === undefined) continue;
        for (const [articleId, count] of Object.entries(row.articles ?? {})) {
          if (typeof count !== 'number' || count === 0) continue;
          let s = series.get(articleId);
          if (!s) series.set(articleId, (s = empty(days)));
          s.views[i]! += count;
          s.periodViews += count;
        }
      }
      return { days, articles: [...series].map(([_id, s]) => ({ _id, ...s })) };
    },

    /**
     * GET /stats/my-article-views: the caller's views per day, how many readers follow them and the
     * comments on each of their articles (two queries in all: their article ids, then those counts).
     */
    async forWriter(writer: { _id: string; email: string }, dayCount: number): Promise<MyArticleViews> {
      const [views, followers, comments] = await Promise.all([
        this.forAuthor(writer.email, dayCount),
        follows.followerCount(writer._id),
        articleIdsOf(writer.email).then(commentCounts),
      ]);
      return { ...views, followers, commentCounts: comments.counts };
    },

    /** GET /stats/publisher-views (admin): every publisher, most viewed first. */
    async forPublishers(dayCount: number): Promise<PublisherViews> {
      const days = lastDays(deps.clock.now(), dayCount);
      const [rows, known] = await Promise.all([history.publisherMonths(monthsOf(days)), publishers.list()]);
      const series = seriesByPublisher(days, rows);
      // Publishers without views in the period are listed too, at zero.
      for (const p of known) if (!series.has(p.publisherName)) series.set(p.publisherName, empty(days));
      const list = [...series.entries()]
        .map(([publisher, s]) => ({ publisher, ...s }))
        .sort((a, b) => b.periodViews - a.periodViews || a.publisher.localeCompare(b.publisher));
      return { days, publishers: list, periodViews: list.reduce((n, p) => n + p.periodViews, 0) };
    },
  };
}
