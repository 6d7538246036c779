/**
 * What the parts of the comments service share (service.ts composes them): its dependencies, who may
 * read an article's comments, loading a comment, saying what changed and moving a comment between
 * states (each article's count kept by conditional moves, so concurrent changes never count twice).
 */
import { COMMENT_BANNED_MESSAGE } from '@newsroom/common';
import type { ArticleAccess } from '../articles/service.js';
import type { Clock } from '../clock.js';
import { HttpError, NeedPremium, NotFound } from '../errors.js';
import type { CommentChange, DomainEvents } from '../events/domain.js';
import type { Filter, Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import { isAdmin, isModerator, isPremium, type User } from '../users/types.js';
import { commentAnswerer } from './answer.js';
import { createCommentRepository, type CommentRecord, type CommentState } from './repository.js';

const PREMIUM_COMMENTS_MESSAGE = 'The comments of a premium article are for those who may read it';

/**
 * The approved article of that id: who may read it and its title (the articles' cached answer, its
 * text read only when a comment needs the title); null else.
 */
export type CommentableArticle = (
  id: string,
) => Promise<{ access: ArticleAccess; title: () => string } | null>;

/** A gift link the caller was let in by (GET /articles/{id}/comments?gift&readerKey). */
export interface GiftPass {
  token: string;
  readerKey?: string;
}

export interface CommentServiceDeps {
  store: Store;
  clock: Clock;
  events: DomainEvents;
  article: CommentableArticle;
  /** Whether a gift link lets the caller in to the article (its readers read its comments). */
  giftAdmits?: (articleId: string, pass: GiftPass, caller: User | null) => Promise<boolean>;
  users: UserService;
}

export type CommentBase = ReturnType<typeof commentBase>;

export function commentBase(deps: CommentServiceDeps) {
  const repo = createCommentRepository(deps.store);
  const { users } = deps;
  const now = () => deps.clock.now();
  const answerer = commentAnswerer(deps.store, repo, users);

  const mayRead = (access: ArticleAccess, caller: User | null) =>
    access.isPremium !== 'Yes' ||
    // Editors read every article to moderate it, so its comments too (docs/roles.md).
    (!!caller && (access.authorEmail === caller.email || isModerator(caller) || isPremium(caller, now())));

  /**
   * The article, when the caller may read its comments: 404 unknown or unapproved, 402 premium (unless
   * a gift link of it lets them in, for reading).
   */
  const readable = async (articleId: string, caller: User | null, gift?: GiftPass) => {
    const found = await deps.article(articleId);
    if (!found) throw new NotFound('Article not found');
    if (mayRead(found.access, caller)) return found;
    if (gift && deps.giftAdmits && (await deps.giftAdmits(articleId, gift, caller))) return found;
    throw new NeedPremium(PREMIUM_COMMENTS_MESSAGE);
  };

  const load = async (id: string) => {
    const comment = await repo.findById(id);
    if (!comment) throw new NotFound('Comment not found');
    return comment;
  };

  /** A comment the caller may act on: its article readable by them and the comment visible to them. */
  const loadVisible = async (id: string, caller: User) => {
    const comment = await load(id);
    const { access } = await readable(comment.articleId, caller);
    const visible =
      comment.state === 'published' ||
      isAdmin(caller) ||
      (comment.state === 'pending' && comment.authorEmail === caller.email);
    if (!visible) throw new NotFound('Comment not found');
    return { comment, access };
  };

  const assertMayComment = async (caller: User) => {
    const ban = await repo.ban(caller.email);
    if (ban) throw new HttpError(409, COMMENT_BANNED_MESSAGE(ban.reason), { banned: true });
  };

  /** Says what happened to a comment once written (live pages of its article follow). */
  const changed = (change: CommentChange, comment: CommentRecord, access: ArticleAccess, shown: boolean) =>
    deps.events.publish({
      type: 'comment.changed',
      change,
      commentId: comment._id,
      articleId: comment.articleId,
      title: typeof comment.articleTitle === 'string' ? comment.articleTitle : '',
      premium: access.isPremium === 'Yes',
      writer: access.authorEmail,
      author: comment.authorEmail,
      shown,
    });

  /** Moves a comment out of whichever of `from` it is in; the state it left, or null. */
  const moveOut = async (comment: CommentRecord, from: CommentState[], to: CommentState, set = {}) => {
    for (const state of from) {
      if (await repo.move(comment._id, state, to, set)) {
        if (state === 'published' && to !== 'published') await repo.counted(comment, -1);
        if (state !== 'published' && to === 'published') await repo.counted(comment, 1);
        return state;
      }
    }
    return null;
  };

  /** What of an article's comments the caller sees (top level: removed ones with replies too). */
  const visibleTo = (caller: User | null, topLevel: boolean): Filter => {
    const shown: Filter[] = isAdmin(caller)
      ? [{ state: { $in: ['published', 'pending', 'hidden'] } }]
      : [{ state: 'published' }, ...(caller ? [{ state: 'pending', authorEmail: caller.email }] : [])];
    if (topLevel) {
      // With replies shown under it, a comment stays as a "removed" line (docs/decisions/comments.md).
      const kept = isAdmin(caller) ? ['removed'] : ['removed', 'hidden', 'pending'];
      shown.push({ state: { $in: kept }, replyCount: { $gt: 0 } });
    }
    // A lone condition stays plain: the embedded store tests plain filters without compiling a query.
    return shown.length === 1 ? shown[0]! : { $or: shown };
  };

  const one = async (id: string, access: ArticleAccess, caller: User) => {
    const comment = await load(id);
    return (await answerer([comment], access, caller))(comment);
  };

  return {
    deps,
    repo,
    users,
    now,
    answerer,
    readable,
    load,
    loadVisible,
    assertMayComment,
    changed,
    moveOut,
    visibleTo,
    one,
  };
}
