import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { Conflict, Forbidden, HttpError, Invalid, NeedPremium, NotFound } from '../errors.js';
import { createPublisherRepository } from '../publishers/repository.js';
import { newId } from '../store/ids.js';
import type { Store } from '../store/port.js';
import { createUploadService } from '../uploads/service.js';
import { createUserRepository } from '../users/repository.js';
import { isAdmin, isPremium, type User } from '../users/types.js';
import { CacheGroup, TRENDING_KEY, type AnswerCache, type CachedAnswer } from '../cache/answer-cache.js';
import { createArticleRepository } from './repository.js';
import type { ApprovedQuery, CreateArticle, UpdateArticle } from './schemas.js';
import { isApproved, LIST_DESCRIPTION_LENGTH, toCard, toPublicArticle, type Article } from './types.js';

export const TRENDING_SIZE = 6;
/** One counted view per signed-in reader per article per 30 minutes. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;
/** Articles a user who is neither premium nor admin may post in total (ARCHITECTURE.md: 1). */
export const FREE_PLAN_MAX_ARTICLES = 1;
export const FREE_PLAN_MESSAGE = 'You have reached maximum post of free plan';
const PREMIUM_CONTENT_MESSAGE = 'This is a premium article: subscribe to read it';

interface DetailsMeta {
  status: Article['status'];
  isPremium: Article['isPremium'];
  authorEmail: string;
}

export type ArticleService = ReturnType<typeof createArticleService>;

export function createArticleService(deps: {
  store: Store;
  cache: AnswerCache;
  config: Config;
  clock: Clock;
  logger: Logger;
}) {
  const repo = createArticleRepository(deps.store);
  const publishers = createPublisherRepository(deps.store);
  const users = createUserRepository(deps.store);
  const uploads = createUploadService(deps);
  const cache = deps.cache;

  const nowIso = () => deps.clock.now().toISOString();
  const isOwner = (article: Pick<Article, 'userInfo'> | DetailsMeta, user: User) =>
    ('authorEmail' in article ? article.authorEmail : article.userInfo?.email) === user.email;

  const load = async (id: string): Promise<Article> => {
    const article = await repo.findById(id);
    if (!article) throw new NotFound('Article not found');
    return article;
  };

  const assertPublisherExists = async (name: string) => {
    if (!(await publishers.findByName(name))) {
      throw new Invalid('Unknown publisher', [{ path: 'publisher', message: 'Publisher does not exist' }]);
    }
  };

  /**
   * Who may read an article: approved ones any signed-in reader (unapproved only owner/admin, else
   * 404 so their existence is not revealed); premium ones premium readers, owner or admin, else 402.
   */
  const assertReadable = (meta: DetailsMeta, caller: User, teaser: () => unknown) => {
    const privileged = isOwner(meta, caller) || isAdmin(caller);
    if (!isApproved(meta) && !privileged) throw new NotFound('Article not found');
    if (meta.isPremium === 'Yes' && !privileged && !isPremium(caller, deps.clock.now())) {
      throw new HttpError(402, PREMIUM_CONTENT_MESSAGE, { needPremium: true, teaser: teaser() });
    }
  };

  const metaOf = (a: Article): DetailsMeta => ({
    status: a.status,
    isPremium: a.isPremium,
    authorEmail: a.userInfo?.email ?? '',
  });

  return {
    async trendingAnswer(): Promise<CachedAnswer> {
      return cache.get(CacheGroup.articleLists, TRENDING_KEY, async () => ({
        value: (await repo.trending(TRENDING_SIZE)).map(toCard),
        meta: undefined,
      }));
    },

    async approvedAnswer(q: ApprovedQuery): Promise<CachedAnswer> {
      const key = JSON.stringify([
        'approved',
        q.search ?? '',
        q.publicationFiler ?? '',
        [...q.tags].sort(),
        q.page,
        q.limit,
      ]);
      return cache.get(CacheGroup.articleLists, key, async () => {
        const list = await repo.listApproved(
          { search: q.search || undefined, publisher: q.publicationFiler || undefined, tags: q.tags },
          q.page,
          q.limit,
        );
        return { value: list.map(toCard), meta: undefined };
      });
    },

    async premiumAnswer(page: number, limit: number): Promise<CachedAnswer> {
      return cache.get(CacheGroup.articleLists, JSON.stringify(['premium', page, limit]), async () => ({
        value: (await repo.listApproved({ premiumOnly: true }, page, limit)).map(toCard),
        meta: undefined,
      }));
    },

    /**
     * GET /article/data/{id}. Anyone but the owner or an admin gets the cached public answer
     * (no author email); the owner and admins get the stored article as it is now.
     */
    async details(
      id: string,
      caller: User,
    ): Promise<{ cached: CachedAnswer<DetailsMeta> } | { article: Article }> {
      const cached = await cache.get<DetailsMeta>(CacheGroup.articleDetails, id, async () => {
        const article = await repo.findById(id);
        return article ? { value: toPublicArticle(article), meta: metaOf(article) } : null;
      });
      if (!cached) throw new NotFound('Article not found');
      const meta = cached.meta;
      if (isOwner(meta, caller) || isAdmin(caller)) return { article: await load(id) };
      assertReadable(meta, caller, () => toCard(JSON.parse(cached.body) as Article));
      return { cached };
    },

    /** PATCH /articles/view-count/{id}: counts at most one view per reader per article per 30 minutes. */
    async countView(id: string, caller: User): Promise<{ counted: boolean; totalViewCount: number }> {
      const article = await load(id);
      assertReadable(metaOf(article), caller, () => toCard(article));
      const now = deps.clock.now();
      const cutoff = new Date(now.getTime() - VIEW_WINDOW_MS).toISOString();
      const updated = await repo.countView(id, caller.email, now.toISOString(), cutoff);
      if (!updated) return { counted: false, totalViewCount: article.totalViewCount ?? 0 };
      return { counted: true, totalViewCount: updated.totalViewCount };
    },

    /**
     * POST /articles?email: a new Pending, non-premium article by the caller. The free plan counts
     * every article the user ever posted (postedCount, taken atomically on the user record, so
     * neither delete-and-repost nor two simultaneous posts get past the cap, on either engine).
     */
    async create(author: User, input: CreateArticle): Promise<Article> {
      await assertPublisherExists(input.publisher);
      const capped = !isAdmin(author) && !isPremium(author, deps.clock.now());
      const claimed = await users.claimPostSlot(author.email, capped ? FREE_PLAN_MAX_ARTICLES : null, () =>
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
          name: author.name || author.displayName || author.email,
          image: author.photoURL ?? '',
        },
      };
      try {
        await repo.insert(article);
      } catch (err) {
        await users.releasePostSlot(author.email);
        throw err;
      }
      return article;
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
      if (article.articleImage !== updated.articleImage) await uploads.releaseIfUnused(article.articleImage);
      return updated;
    },

    /** DELETE /my-articles/{id}: owner or admin; its uploaded image goes too when nothing else uses it. */
    async remove(id: string, caller: User): Promise<void> {
      const article = await load(id);
      if (!isOwner(article, caller) && !isAdmin(caller))
        throw new Forbidden('Only the author or an admin may delete this article');
      if (!(await repo.deleteById(id))) throw new NotFound('Article not found');
      await uploads.releaseIfUnused(article.articleImage);
    },

    /** GET /all-articles/data: every article, newest first, descriptions cut like the lists. */
    async adminPage(page: number, limit: number): Promise<{ articles: Article[]; totalPages: number }> {
      const [total, articles] = await Promise.all([repo.countAll(), repo.page(page, limit)]);
      return {
        articles: articles.map((a) => ({
          ...a,
          articleDescription: (a.articleDescription ?? '').slice(0, LIST_DESCRIPTION_LENGTH),
        })),
        totalPages: Math.ceil(total / limit),
      };
    },

    /** PATCH /update/status/{id}: Pending → Approved. */
    async approve(id: string): Promise<Article> {
      const article = await load(id);
      if (article.status !== 'Pending')
        throw new Conflict(`The article is already ${isApproved(article) ? 'Approved' : article.status}`);
      const updated = await repo.updateIf(
        id,
        { status: 'Pending' },
        { status: 'Approved', decliningReason: null },
      );
      if (!updated) throw new Conflict('The article was moderated meanwhile');
      return updated;
    },

    /** PATCH /article/decline/{id}: Pending → Declined with its reason. */
    async decline(id: string, decliningReason: string): Promise<Article> {
      const article = await load(id);
      if (article.status !== 'Pending')
        throw new Conflict(`The article is already ${isApproved(article) ? 'Approved' : article.status}`);
      const updated = await repo.updateIf(id, { status: 'Pending' }, { status: 'Declined', decliningReason });
      if (!updated) throw new Conflict('The article was moderated meanwhile');
      return updated;
    },

    /** PATCH /make-premium/{id}: isPremium Yes; refused when Declined, harmless when already premium. */
    async makePremium(id: string): Promise<{ article: Article; modified: boolean }> {
      const article = await load(id);
      if (article.status === 'Declined') throw new Conflict('A declined article cannot be made premium');
      if (article.isPremium === 'Yes') return { article, modified: false };
      const updated = await repo.updateIf(id, { status: { $ne: 'Declined' } }, { isPremium: 'Yes' });
      if (!updated) throw new Conflict('A declined article cannot be made premium');
      return { article: updated, modified: true };
    },
  };
}
