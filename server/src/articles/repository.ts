import { createHash } from 'node:crypto';
import { DuplicateKeyError, type Collection, type Filter, type Store } from '../store/port.js';
import type { Article, ViewRecord } from './types.js';

/** Card fields only: lists never load what the cards do not show. */
const CARD_PROJECTION = {
  _id: 1,
  articleTitle: 1,
  articleImage: 1,
  articleDescription: 1,
  publisher: 1,
  Tags: 1,
  status: 1,
  isPremium: 1,
  createdAt: 1,
  totalViewCount: 1,
  userInfo: 1,
} as const;

/** The 24-hex _id of the view window of one reader on one article. */
function viewWindowId(articleId: string, email: string): string {
  return createHash('sha256').update(`${articleId}\n${email}`).digest('hex').slice(0, 24);
}

/** Statuses that read as Approved ('Accepted' is never written; older records may carry it). */
const APPROVED_STATUSES = ['Approved', 'Accepted'];

export interface ApprovedFilter {
  search?: string;
  publisher?: string;
  tags?: string[];
  premiumOnly?: boolean;
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Reads of approved articles only: the public lists, the sitemap, recommendations, writers' pages. */
function approvedQueries(articles: () => Collection<Article>) {
  return {
    /** Approved articles, newest first; search is plain text (regex-escaped), tags match any-of. */
    listApproved(filter: ApprovedFilter, page: number, limit: number): Promise<Article[]> {
      const query: Filter = { status: 'Approved' };
      if (filter.premiumOnly) query.isPremium = 'Yes';
      if (filter.search) query.articleTitle = { $regex: escapeRegex(filter.search), $options: 'i' };
      if (filter.publisher) query.publisher = filter.publisher;
      if (filter.tags?.length) query.Tags = { $in: filter.tags };
      // Sort keys match the {status, createdAt, _id} index exactly so the engine can walk it; `_id`
      // orders articles made in the same millisecond, so pages never repeat or skip one.
      return articles().find(query, {
        sort: { createdAt: -1, _id: -1 },
        skip: (page - 1) * limit,
        limit,
        projection: CARD_PROJECTION,
      });
    },

    /** Ids and change times of the newest approved articles (the sitemap), nothing else loaded. */
    listApprovedIndex(limit: number): Promise<Pick<Article, '_id' | 'createdAt' | 'updatedAt'>[]> {
      return articles().find(
        { status: 'Approved' },
        { sort: { createdAt: -1, _id: -1 }, limit, projection: { _id: 1, createdAt: 1, updatedAt: 1 } },
      );
    },

    /**
     * The newest approved articles whose `field` holds `value` (a publisher, a writer's e-mail, a
     * tag), leaving out `exclude`: ids and dates only. Walks that field's {field, createdAt, _id}
     * index; the status is matched as a set (Accepted reads as Approved) so the embedded engine walks
     * that index rather than every approved article.
     */
    newestApprovedWith(
      field: 'publisher' | 'userInfo.email' | 'Tags',
      value: string,
      exclude: string[],
      limit: number,
    ): Promise<Pick<Article, '_id' | 'createdAt'>[]> {
      const query: Filter = { [field]: value, status: { $in: APPROVED_STATUSES } };
      if (exclude.length) query._id = { $nin: exclude };
      return articles().find(query, {
        sort: { createdAt: -1, _id: -1 },
        limit,
        projection: { _id: 1, createdAt: 1 },
      });
    },

    /** The approved articles with most views, leaving out `exclude`: ids only. */
    trendingIds(exclude: string[], limit: number): Promise<Pick<Article, '_id'>[]> {
      const query: Filter = { status: 'Approved' };
      if (exclude.length) query._id = { $nin: exclude };
      return articles().find(query, { sort: { totalViewCount: -1, _id: -1 }, limit, projection: { _id: 1 } });
    },

    /** Approved articles by id, as cards (in no particular order). */
    approvedCardsByIds(ids: string[]): Promise<Article[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return articles().find(
        { _id: { $in: ids }, status: { $in: APPROVED_STATUSES } },
        { projection: CARD_PROJECTION },
      );
    },

    /** Whether `email` wrote at least one approved article (index {userInfo.email}): a writer. */
    async hasApprovedBy(email: string): Promise<boolean> {
      const found = await articles().findOne(
        { 'userInfo.email': email, status: { $in: APPROVED_STATUSES } },
        { projection: { _id: 1 } },
      );
      return found !== null;
    },

    /**
     * Which of these e-mails wrote at least one approved article: one query (index {userInfo.email})
     * reading the ids and authors of their approved articles.
     */
    async approvedAuthorsAmong(emails: string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const found = await articles().find(
        { 'userInfo.email': { $in: emails }, status: { $in: APPROVED_STATUSES } },
        { projection: { _id: 1, 'userInfo.email': 1 } },
      );
      return new Set(found.map((a) => a.userInfo?.email ?? ''));
    },

    /** One page of a writer's approved articles, newest first, and how many there are. */
    async approvedByAuthor(
      email: string,
      page: number,
      limit: number,
    ): Promise<{ articles: Article[]; total: number }> {
      const query: Filter = { 'userInfo.email': email, status: { $in: APPROVED_STATUSES } };
      const [list, total] = await Promise.all([
        articles().find(query, {
          sort: { createdAt: -1, _id: -1 },
          skip: (page - 1) * limit,
          limit,
          projection: CARD_PROJECTION,
        }),
        articles().countDocuments(query),
      ]);
      return { articles: list, total };
    },

    /** The approved articles with most views. */
    trending(limit: number): Promise<Article[]> {
      return articles().find(
        { status: 'Approved' },
        // Sort keys match the {status, totalViewCount, _id} index exactly so the engine can walk it.
        { sort: { totalViewCount: -1, _id: -1 }, limit, projection: CARD_PROJECTION },
      );
    },
  };
}

/**
 * Counting views: one per viewer per article per window. Each (article, viewer) pair has one window
 * record whose _id is derived from the pair.
 */
function viewCounting(
  store: Store,
  articles: () => Collection<Article>,
  views: () => Collection<ViewRecord>,
) {
  /**
   * The view windows this repository is claiming right now (see beginView): the article service,
   * built once per app (services.ts), holds the one repository that counts views.
   */
  const claimingViews = new Set<string>();
  const increment = (articleId: string) =>
    articles().findOneAndUpdate({ _id: articleId }, { $inc: { totalViewCount: 1 } });

  /**
   * Several processes may write: the window is claimed first, conditionally, so a race between
   * them counts once; the `_id`'s uniqueness settles two first views. False: not this view's to count.
   */
  async function claimShared(window: ViewRecord, cutoffIso: string): Promise<boolean> {
    const moved = await views().findOneAndUpdate(
      { _id: window._id, lastCountedAt: { $lte: cutoffIso } },
      { $set: { lastCountedAt: window.lastCountedAt } },
    );
    if (moved) return true;
    try {
      await views().insertOne(window);
      return true;
    } catch (err) {
      if (err instanceof DuplicateKeyError) return false;
      throw err;
    }
  }

  /**
   * One process owns the embedded store: a window being claimed is known here, so the claim
   * needs no durable answer before the count is written beside it.
   */
  async function beginEmbedded(
    window: ViewRecord,
    cutoffIso: string,
  ): Promise<{ counted: Promise<Article | null> } | null> {
    const { _id } = window;
    if (claimingViews.has(_id)) return null;
    claimingViews.add(_id);
    let claim: Promise<unknown> | null = null;
    try {
      const kept = await views().findOne({ _id });
      if (kept && kept.lastCountedAt > cutoffIso) return null;
      claim = kept
        ? views().updateOne({ _id }, { $set: { lastCountedAt: window.lastCountedAt } })
        : views().insertOne(window);
      const counted = Promise.all([claim, increment(window.articleId)]).then(([, article]) => article);
      return { counted };
    } finally {
      if (claim) void claim.finally(() => claimingViews.delete(_id)).catch(() => undefined);
      else claimingViews.delete(_id);
    }
  }

  return {
    /** Drops the view windows counted at or before `cutoffIso` (they no longer hold back a count). */
    async deleteViewWindowsBefore(cutoffIso: string): Promise<number> {
      const { deletedCount } = await views().deleteMany({ lastCountedAt: { $lte: cutoffIso } });
      return deletedCount;
    },

    /**
     * Starts counting one view per viewer per article per window. Null when the view falls inside the
     * current window (nothing is written); else `counted` settles once the view is durable, with the
     * article after its `$inc` (null if it is gone). The caller may issue writes of its own before
     * awaiting it: on the embedded engine they share one durable commit
     * (docs/decisions/one-commit-per-view.md).
     */
    async beginView(
      articleId: string,
      viewerEmail: string,
      nowIso: string,
      cutoffIso: string,
    ): Promise<{ counted: Promise<Article | null> } | null> {
      const window: ViewRecord = {
        _id: viewWindowId(articleId, viewerEmail),
        articleId,
        email: viewerEmail,
        lastCountedAt: nowIso,
      };
      if (store.kind === 'embedded') return beginEmbedded(window, cutoffIso);
      if (!(await claimShared(window, cutoffIso))) return null;
      return { counted: increment(articleId) };
    },
  };
}

/** The only place that builds queries on `articles` and `views`. */
export function createArticleRepository(store: Store) {
  const articles = () => store.collection<Article>('articles');
  const views = () => store.collection<ViewRecord>('views');

  return {
    findById(id: string): Promise<Article | null> {
      return articles().findOne({ _id: id });
    },

    insert(article: Article): Promise<void> {
      return articles().insertOne(article);
    },

    countByAuthor(email: string): Promise<number> {
      return articles().countDocuments({ 'userInfo.email': email });
    },

    /** The ids of the author's articles (index {userInfo.email}). */
    async idsByAuthor(email: string): Promise<string[]> {
      const rows = await articles().find({ 'userInfo.email': email }, { projection: { _id: 1 } });
      return rows.map((a) => a._id);
    },

    listByAuthor(email: string): Promise<Article[]> {
      return articles().find({ 'userInfo.email': email }, { sort: { createdAt: -1, _id: -1 } });
    },

    ...approvedQueries(articles),

    countWithStatus(status: string): Promise<number> {
      return articles().countDocuments({ status });
    },

    /**
     * `limit` articles from the `skip`-th on among those whose status is one of `statuses`, newest
     * first. Each status walks the {status, createdAt} index and stops after skip + limit entries;
     * several are merged here. A page costs its offset, never the whole collection.
     */
    async newestWithStatus(statuses: readonly string[], skip: number, limit: number): Promise<Article[]> {
      // The sort must be exactly the index's other keys for the embedded engine to walk it.
      const sort = { createdAt: -1, _id: -1 } as const;
      if (statuses.length === 1) return articles().find({ status: statuses[0] }, { sort, skip, limit });
      const runs = await Promise.all(
        statuses.map((status) => articles().find({ status }, { sort, limit: skip + limit })),
      );
      const newestFirst = (a: Article, b: Article) =>
        a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;
      return runs
        .flat()
        .sort(newestFirst)
        .slice(skip, skip + limit);
    },

    /**
     * Scheduled articles whose time has come (`publishAt` at or before `nowIso`), soonest first. Few
     * articles are Scheduled at once: the {status, createdAt} index finds them, the time is checked here.
     */
    async dueScheduled(nowIso: string, limit: number): Promise<Article[]> {
      const scheduled = await articles().find({ status: 'Scheduled' }, { sort: { createdAt: -1, _id: -1 } });
      return scheduled
        .filter((a) => typeof a.publishAt === 'string' && a.publishAt <= nowIso)
        .sort((a, b) => (a.publishAt! < b.publishAt! ? -1 : 1))
        .slice(0, limit);
    },

    /**
     * Applies `$set` only while the article still matches `expect` (e.g. still Pending), so a
     * concurrent write cannot slip between the check and the update. Null when it no longer matches.
     */
    updateIf(id: string, expect: Filter, set: Partial<Article>): Promise<Article | null> {
      return articles().findOneAndUpdate({ ...expect, _id: id }, { $set: set });
    },

    async deleteById(id: string): Promise<boolean> {
      const { deletedCount } = await articles().deleteOne({ _id: id });
      if (deletedCount > 0) await views().deleteMany({ articleId: id });
      return deletedCount > 0;
    },

    /** Articles per publisher name, every status, in one aggregation. */
    async countsByPublisher(): Promise<Map<string, number>> {
      const rows = await articles().aggregate<{ _id: unknown; articleCount: number }>([
        { $group: { _id: '$publisher', articleCount: { $sum: 1 } } },
      ]);
      return new Map(
        rows.filter((r) => typeof r._id === 'string').map((r) => [r._id as string, r.articleCount]),
      );
    },

    countUsingImage(url: string): Promise<number> {
      return articles().countDocuments({ articleImage: url });
    },

    /** Every image URL articles show (cover and author photo), in one pass over the collection. */
    async imageUrls(): Promise<string[]> {
      const rows = await articles().find({}, { projection: { articleImage: 1, 'userInfo.image': 1 } });
      return rows.flatMap((a) => [a.articleImage, a.userInfo?.image]).filter((u) => typeof u === 'string');
    },

    ...viewCounting(store, articles, views),
  };
}
