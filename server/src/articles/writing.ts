/** A writer's own articles: posting, the free plan's cap, editing and deleting (service.ts composes it). */
import type { CreateArticle, PostingAllowance, UpdateArticle } from '@newsroom/common';
import { Conflict, Forbidden, Invalid, NeedPremium, NotFound } from '../errors.js';
import { articleFacts } from '../events/domain.js';
import { newId } from '../store/ids.js';
import { isAdmin, isPremium, publicName, type User } from '../users/types.js';
import type { ArticleBase } from './service-base.js';
import { isApproved, type Article } from './types.js';

/** Articles a user who is neither premium nor admin may post in total (docs/api-contract.md: 1). */
export const FREE_PLAN_MAX_ARTICLES = 1;
export const FREE_PLAN_MESSAGE = 'You have reached maximum post of free plan';
/** An account without a name (or with an address as its name) cannot post: the byline is public. */
export const NAME_BEFORE_POSTING_MESSAGE = 'Add your name to your profile before posting an article';

/** What an edit or a restore sets: the text, the publisher, and the tags and image when given. */
export type ArticleChange = Pick<Article, 'articleTitle' | 'articleDescription' | 'publisher'> &
  Partial<Pick<Article, 'Tags' | 'articleImage'>>;

const releaser = (caller: User) => ({ email: caller.email, admin: isAdmin(caller) });

async function assertPublisherExists(publishers: ArticleBase['deps']['publishers'], name: string) {
  if (!(await publishers.exists(name))) {
    throw new Invalid('Unknown publisher', [{ path: 'publisher', message: 'Publisher does not exist' }]);
  }
}

/** Declined is final (SPEC): neither an edit nor a restore brings the article back. */
export function assertNotDeclined(article: Pick<Article, 'status'>): void {
  if (article.status === 'Declined') throw new Conflict('A declined article cannot be updated');
}

/** A writer's edit and a restore of an earlier revision: one way back to review (docs/roles.md). */
export function articleEditing({ repo, nowIso, deps }: ArticleBase) {
  const { events, publishers, uploads, revisions } = deps;
  return {
    /**
     * Applies `change` to `article` as a new submission: Pending again (a Scheduled article loses its
     * time), recorded as the next revision (`reason`), `article.edited` said. Never a Declined article.
     */
    async edit(
      article: Article,
      caller: User,
      change: ArticleChange,
      reason: 'edited' | 'restored',
      restoredFrom?: number,
    ): Promise<Article> {
      assertNotDeclined(article);
      await assertPublisherExists(publishers, change.publisher);
      // An article older than revisions gets its state as submitted first, so its history starts there.
      await revisions.recordOriginal(article);
      const set: Partial<Article> = { ...change, status: 'Pending', updatedAt: nowIso() };
      // Edited before its time: back to review, and the time it was scheduled for goes with it.
      if (article.status === 'Scheduled') set.publishAt = null;
      const updated = await repo.updateIf(
        article._id,
        { 'userInfo.email': article.userInfo.email, status: { $ne: 'Declined' } },
        set,
      );
      if (!updated) throw new Conflict('The article changed meanwhile; reload and try again');
      await revisions.record(
        updated,
        { email: caller.email, name: publicName(caller) },
        reason,
        restoredFrom,
      );
      await events.publish({
        type: 'article.edited',
        article: articleFacts(updated),
        wasApproved: isApproved(article),
      });
      if (article.articleImage !== updated.articleImage)
        await uploads.releaseIfUnused(article.articleImage, releaser(caller));
      return updated;
    },
  };
}

export function articleWriting(base: ArticleBase) {
  const { repo, load, isOwner, nowIso, deps } = base;
  const { events, publishers, users, uploads, revisions } = deps;
  const { edit } = articleEditing(base);
  /** How many articles a user may post in total: the free plan's cap, none for premium and admins. */
  const postingCap = (user: User): number | null =>
    isAdmin(user) || isPremium(user, deps.clock.now()) ? null : FREE_PLAN_MAX_ARTICLES;

  return {
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
      await assertPublisherExists(publishers, input.publisher);
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
      await revisions.record(article, { email: author.email, name }, 'submitted');
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
      return edit(
        article,
        caller,
        {
          articleTitle: input.title,
          articleDescription: input.description,
          publisher: input.publisher,
          ...(input.formatedTags && { Tags: input.formatedTags }),
          ...(input.photoURL && { articleImage: input.photoURL }),
        },
        'edited',
      );
    },

    /** DELETE /my-articles/{id}: owner or admin; its uploaded image goes too when nothing else uses it. */
    async remove(id: string, caller: User): Promise<void> {
      const article = await load(id);
      if (!isOwner(article, caller) && !isAdmin(caller))
        throw new Forbidden('Only the author or an admin may delete this article');
      if (!(await repo.deleteById(id))) throw new NotFound('Article not found');
      const shown = await revisions.removeAll(id);
      await events.publish({ type: 'article.deleted', article: articleFacts(article) });
      // Its image, and those of its earlier versions (kept for a restore until now).
      for (const image of new Set([article.articleImage, ...shown]))
        await uploads.releaseIfUnused(image, releaser(caller));
    },
  };
}
