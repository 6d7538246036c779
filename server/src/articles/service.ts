import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { Conflict, Forbidden, HttpError, Invalid, NeedPremium, NotFound } from '../errors.js';
import type { PublisherService } from '../publishers/service.js';
import type { FollowService } from '../follows/service.js';
import { createEventOutbox } from '../outbox/service.js';
import type { MeterService } from '../meter/service.js';
import type { StatsService } from '../stats/service.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';
import type { UploadService } from '../uploads/service.js';
import type { UserService } from '../users/service.js';
import { isAdmin, isModerator, isPremium, type User } from '../users/types.js';
import { articleFacts, type ArticleFacts, type DomainEvents } from '../events/domain.js';
import type { TransactionalMail } from '../mail/messages.js';
import { createArticleRepository } from './repository.js';
import { createModerationQueue } from './moderation-queue.js';
import type { ApprovedQuery, CreateArticle, Meter, PostingAllowance, UpdateArticle } from '@newsroom/common';
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
/** One counted view per signed-in reader per article per 30 minutes. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;
/** Articles a user who is neither premium nor admin may post in total (docs/api-contract.md: 1). */
export const FREE_PLAN_MAX_ARTICLES = 1;
export const FREE_PLAN_MESSAGE = 'You have reached maximum post of free plan';
const PREMIUM_CONTENT_MESSAGE = 'This is a premium article: subscribe to read it';
/** An account without a name (or with an address as its name) cannot post: the byline is public. */
export const NAME_BEFORE_POSTING_MESSAGE = 'Add your name to your profile before posting an article';
/** A sitemap holds at most 50 000 URLs; the site's own pages take a few. */
export const PUBLIC_INDEX_SIZE = 49_000;
/** RSS carries the newest approved articles. */
export const FEED_SIZE = 50;

/** Who may see an article: kept beside its public form (the route edge caches both). */
export interface ArticleAccess {
  status: Article['status'];
  isPremium: Article['isPremium'];
  authorEmail: string;
}

export type ArticleService = ReturnType<typeof createArticleService>;

export function createArticleService(deps: {
  store: Store;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** What happened, once written (cache drops and live events follow it: events/domain.ts). */
  events: DomainEvents;
  publishers: PublisherService;
  users: UserService;
  stats: StatsService;
  follows: FollowService;
  meter: MeterService;
  /** Given every image user (articles, users, publishers): it releases an image no one shows. */
  uploads: UploadService;
}) {
  const repo = createArticleRepository(deps.store);
  const { events, publishers, users, stats, follows, meter, uploads } = deps;
  const usesImage = async (url: string) => (await repo.countUsingImage(url)) > 0;
  const releaser = (caller: User) => ({ email: caller.email, admin: isAdmin(caller) });
  const queue = createModerationQueue(repo);
  const outbox = createEventOutbox(deps.store);

  const nowIso = () => deps.clock.now().toISOString();
  /** How many articles a user may post in total: the free plan's cap, none for premium and admins. */
  const postingCap = (user: User): number | null =>
    isAdmin(user) || isPremium(user, deps.clock.now()) ? null : FREE_PLAN_MAX_ARTICLES;
  const isOwner = (article: Pick<Article, 'userInfo'> | ArticleAccess, user: User) =>
    ('authorEmail' in article ? article.authorEmail : article.userInfo?.email) === user.email;

  const load = async (id: string): Promise<Article> => {
    const article = await repo.findById(id);
    if (!article) throw new NotFound('Article not found');
    return article;
  };

  const assertPublisherExists = async (name: string) => {
    if (!(await publishers.exists(name))) {
      throw new Invalid('Unknown publisher', [{ path: 'publisher', message: 'Publisher does not exist' }]);
    }
  };

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

  /** The writer's public id (docs/decisions/writer-public-ids.md), if they still exist. */
  const writerIdOf = async (a: Article): Promise<string | undefined> => {
    const email = a.userInfo?.email;
    return email ? (await users.findByEmail(email))?.publicId : undefined;
  };

  /** Moderation decides on Pending articles only (docs/roles.md, the transitions table). */
  const assertPending = (article: Article) => {
    if (article.status === 'Pending') return;
    throw new Conflict(
      article.status === 'Changes requested'
        ? 'Changes were requested: the writer edits the article first'
        : `The article is already ${isApproved(article) ? 'Approved' : article.status}`,
    );
  };

  /** Pending → declined or changes requested, with what the moderator said to the writer. */
  /**
   * A moderation's update and, in the same commit, the outbox entry of the writer's mail about it
   * (docs/decisions/event-outbox.md): `mailOf` says which mail; it goes once the article holds
   * `expect` (an entry beside an update that lost a race makes none).
   */
  const moderate = async (
    article: Article,
    filter: Record<string, unknown>,
    set: Partial<Article>,
    expect: Record<string, string>,
    mailOf: (facts: ArticleFacts) => { key: string; mail: TransactionalMail },
  ): Promise<Article | null> => {
    const facts = articleFacts(article);
    const [updated] = await Promise.all([
      repo.updateIf(article._id, filter, set),
      facts.writer
        ? outbox.recordMail({ to: facts.writer, ...mailOf(facts) }, article._id, expect, nowIso())
        : undefined,
    ]);
    return updated;
  };

  const sendBack = async (
    id: string,
    set: Partial<Article> & { status: string },
    mailOf: (facts: ArticleFacts) => { key: string; mail: TransactionalMail },
    expect: Record<string, string> = {},
  ): Promise<Article> => {
    const article = await load(id);
    assertPending(article);
    const updated = await moderate(
      article,
      { status: 'Pending' },
      set,
      { status: set.status, ...expect },
      mailOf,
    );
    if (!updated) throw new Conflict('The article was moderated meanwhile');
    return updated;
  };

  const accessOf = (a: Article): ArticleAccess => ({
    status: a.status,
    isPremium: a.isPremium,
    authorEmail: a.userInfo?.email ?? '',
  });

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

    /** The stored article as it is now, with the writer's public id (owner's and admins' details). */
    /** Approved articles by id, as cards, in one query (in no particular order; gone ones left out). */
    approvedByIds(ids: string[]): Promise<Article[]> {
      return repo.approvedCardsByIds(ids);
    },

    /** The article as stored, or null (what an outbox entry checks its moderation against). */
    stored: (id: string): Promise<Article | null> => repo.findById(id),

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

    /**
     * POST /articles?email: a new Pending, non-premium article by the caller. The free plan counts
     * every article the user ever posted (postedCount, taken atomically on the user record, so
     * neither delete-and-repost nor two simultaneous posts get past the cap, on either engine).
     */
    async create(author: User, input: CreateArticle): Promise<Article> {
      // The byline is the author's name, never their address: an account without one (its
      // registration stopped before the profile) names itself first.
      const name = (author.name || author.displayName || '').trim();
      if (!name || name.includes('@')) {
        throw new Invalid(NAME_BEFORE_POSTING_MESSAGE, [
          { path: 'name', message: NAME_BEFORE_POSTING_MESSAGE },
        ]);
      }
      await assertPublisherExists(input.publisher);
      const claimed = await users.claimPostSlot(author.email, postingCap(author), () =>
        repo.countByAuthor(author.email),
      );
      if (!claimed) throw new NeedPremium(FREE_PLAN_MESSAGE);
      const article: Article = {
        _id: newId(),
        articleTitle: input.title,
        articleImage: input.photoURL,
        articleDescription: input.description,
        publisher: input.publisher,
        Tags: input.formatedTags,
        status: 'Pending',
        isPremium: 'No',
        decliningReason: null,
        createdAt: nowIso(),
        totalViewCount: 0,
        userInfo: {
          email: author.email,
          name,
          image: author.photoURL ?? '',
        },
      };
      try {
        await repo.insert(article);
      } catch (err) {
        await users.releasePostSlot(author.email);
        throw err;
      }
      await events.publish({ type: 'article.submitted', article: articleFacts(article) });
      return article;
    },

    /** GET /me/posting: whether the caller may post another article, before they write it. */
    async postingAllowance(user: User): Promise<PostingAllowance> {
      const maxArticles = postingCap(user);
      const postedCount = user.postedCount ?? (await repo.countByAuthor(user.email));
      return { postedCount, maxArticles, canPost: maxArticles === null || postedCount < maxArticles };
    },

    /** GET /articles/{email}: the author's own articles, everything included, newest first. */
    listByAuthor(email: string): Promise<Article[]> {
      return repo.listByAuthor(email);
    },

    /** PATCH /my-articles/update/{id}: owner only, not once Declined; the article goes back to Pending. */
    async update(id: string, caller: User, input: UpdateArticle): Promise<Article> {
      const article = await load(id);
      if (!isOwner(article, caller)) throw new Forbidden('Only the author may update this article');
      if (article.status === 'Declined') throw new Conflict('A declined article cannot be updated');
      await assertPublisherExists(input.publisher);
      const set: Partial<Article> = {
        articleTitle: input.title,
        articleDescription: input.description,
        publisher: input.publisher,
        status: 'Pending',
        updatedAt: nowIso(),
      };
      if (input.formatedTags) set.Tags = input.formatedTags;
      if (input.photoURL) set.articleImage = input.photoURL;
      const updated = await repo.updateIf(
        id,
        { 'userInfo.email': caller.email, status: { $ne: 'Declined' } },
        set,
      );
      if (!updated) throw new Conflict('The article changed meanwhile; reload and try again');
      await events.publish({
        type: 'article.edited',
        article: articleFacts(updated),
        wasApproved: isApproved(article),
      });
      if (article.articleImage !== updated.articleImage)
        await uploads.releaseIfUnused(article.articleImage, releaser(caller));
      return updated;
    },

    /** DELETE /my-articles/{id}: owner or admin; its uploaded image goes too when nothing else uses it. */
    async remove(id: string, caller: User): Promise<void> {
      const article = await load(id);
      if (!isOwner(article, caller) && !isAdmin(caller))
        throw new Forbidden('Only the author or an admin may delete this article');
      if (!(await repo.deleteById(id))) throw new NotFound('Article not found');
      await events.publish({ type: 'article.deleted', article: articleFacts(article) });
      await uploads.releaseIfUnused(article.articleImage, releaser(caller));
    },

    /** GET /all-articles/counts and GET /all-articles/data (docs/decisions/moderation-order.md). */
    moderationCounts: queue.counts,
    adminPage: queue.page,

    /** PATCH /update/status/{id}: Pending → Approved. */
    async approve(id: string): Promise<Article> {
      assertPending(await load(id));
      // The approval and its follow-ups' outbox entry (the digest's record, the writer's mail) are
      // written together: one durable commit on the embedded engine, and the answer waits for no
      // follow-up (docs/decisions/event-outbox.md). An entry left by a lost race is dropped unused.
      const [updated] = await Promise.all([
        repo.updateIf(id, { status: 'Pending' }, { status: 'Approved', decliningReason: null }),
        outbox.recordApproval(id, nowIso()),
      ]);
      if (!updated) throw new Conflict('The article was moderated meanwhile');
      await events.publish({ type: 'article.approved', article: articleFacts(updated) });
      return updated;
    },

    /** PATCH /article/decline/{id}: Pending → Declined with its reason. */
    async decline(id: string, decliningReason: string): Promise<Article> {
      const updated = await sendBack(
        id,
        { status: 'Declined', decliningReason },
        ({ id: articleId, title }) => ({
          key: `article.declined:${articleId}`,
          mail: { kind: 'article.declined', articleId, title, reason: decliningReason },
        }),
        { decliningReason },
      );
      await events.publish({
        type: 'article.declined',
        article: articleFacts(updated),
        reason: decliningReason,
      });
      return updated;
    },

    /**
     * PATCH /article/request-changes/{id}: Pending → Changes requested with the moderator's note; the
     * writer's next edit makes it Pending again (update). Kept out of every public surface like Pending.
     */
    async requestChanges(id: string, reviewNote: string): Promise<Article> {
      const at = nowIso();
      // Keyed by when: each request is a mail of its own.
      const updated = await sendBack(
        id,
        { status: 'Changes requested', reviewNote, reviewNoteAt: at },
        ({ id: articleId, title }) => ({
          key: `article.changesRequested:${articleId}:${at}`,
          mail: { kind: 'article.changesRequested', articleId, title, note: reviewNote },
        }),
        { reviewNoteAt: at },
      );
      await events.publish({
        type: 'article.changesRequested',
        article: articleFacts(updated),
        note: reviewNote,
        at,
      });
      return updated;
    },

    /** PATCH /make-premium/{id}: isPremium Yes; refused when Declined, harmless when already premium. */
    async makePremium(id: string): Promise<{ article: Article; modified: boolean }> {
      const article = await load(id);
      if (article.status === 'Declined') throw new Conflict('A declined article cannot be made premium');
      if (article.isPremium === 'Yes') return { article, modified: false };
      const updated = await moderate(
        article,
        { status: { $ne: 'Declined' } },
        { isPremium: 'Yes' },
        { isPremium: 'Yes' },
        ({ id: articleId, title }) => ({
          key: `article.madePremium:${articleId}`,
          mail: { kind: 'article.madePremium', articleId, title },
        }),
      );
      if (!updated) throw new Conflict('A declined article cannot be made premium');
      await events.publish({ type: 'article.madePremium', article: articleFacts(updated) });
      return { article: updated, modified: true };
    },
  };
}
