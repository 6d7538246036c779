import { createHash } from 'node:crypto';
import {
  COMMENT_BANNED_MESSAGE,
  COMMENT_EDIT_MINUTES,
  COMMENT_LINKS_SHOWN_MAX,
  COMMENT_REPLIES_SHOWN,
  type AdminComment,
  type AdminCommentCounts,
  type AdminCommentList,
  type AdminCommentsQuery,
  type Comment,
  type CommentBan,
  type CommentCounts,
  type CommentPage,
  type CommentReportReason,
  type CommentsQuery,
  type CommentThread,
  type CreateComment,
} from '@newsroom/common';
import type { ArticleAccess } from '../articles/service.js';
import { createWritersAmong } from '../articles/writers.js';
import type { Clock } from '../clock.js';
import { Conflict, Forbidden, HttpError, Invalid, NeedPremium, NotFound } from '../errors.js';
import type { CommentChange, DomainEvents } from '../events/domain.js';
import { newId } from '../store/ids.js';
import type { Filter, Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import { isAdmin, isModerator, isPremium, publicName, type User } from '../users/types.js';
import { createCommentRepository, type CommentRecord, type CommentState } from './repository.js';

export type CommentService = ReturnType<typeof createCommentService>;

/**
 * The approved article of that id: who may read it and its title (the articles' cached answer, its
 * text read only when a comment needs the title); null else.
 */
export type CommentableArticle = (
  id: string,
) => Promise<{ access: ArticleAccess; title: () => string } | null>;

const EDIT_WINDOW_MS = COMMENT_EDIT_MINUTES * 60_000;
const PREMIUM_COMMENTS_MESSAGE = 'The comments of a premium article are for those who may read it';
const LINK = /\bhttps?:\/\/|\bwww\./gi;

/** Links in a text, as a reader would count them. */
export const linksIn = (text: string) => text.match(LINK)?.length ?? 0;
/** What duplicates are compared by: case and spacing do not make a text new. */
const bodyKeyOf = (text: string) =>
  createHash('sha256').update(text.toLowerCase().replace(/\s+/g, ' ').trim()).digest('hex');

type Author = Awaited<ReturnType<UserService['authorsByEmails']>>[number];

/**
 * Published comments (replies included) per article, 0 when none: one query on the articles' counts
 * however many ids. Needs no article, so other components (the writer's statistics) use it alone.
 */
export function createCommentCounts(store: Store) {
  const repo = createCommentRepository(store);
  return async (articleIds: string[]): Promise<CommentCounts> => {
    const found = articleIds.length ? await repo.counts(articleIds) : new Map<string, number>();
    return { counts: Object.fromEntries(articleIds.map((id) => [id, found.get(id) ?? 0])) };
  };
}

/**
 * Comments under articles (docs/decisions/comments.md): they belong to an approved article and are
 * read by whoever may read it; one level of replies; edits for COMMENT_EDIT_MINUTES; reports; admins
 * hide, restore and stop users from commenting. Each article's count is kept by conditional moves
 * between states, so concurrent changes never count a comment twice.
 */
/** A gift link the caller was let in by (GET /articles/{id}/comments?gift&readerKey). */
export interface GiftPass {
  token: string;
  readerKey?: string;
}

export function createCommentService(deps: {
  store: Store;
  clock: Clock;
  events: DomainEvents;
  article: CommentableArticle;
  /** Whether a gift link lets the caller in to the article (its readers read its comments). */
  giftAdmits?: (articleId: string, pass: GiftPass, caller: User | null) => Promise<boolean>;
  users: UserService;
}) {
  const repo = createCommentRepository(deps.store);
  const { users } = deps;
  const writersAmong = createWritersAmong(deps.store);
  const now = () => deps.clock.now();

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

  /** The answer for comments, with their authors' public faces (one read of the users). */
  const answerer = async (
    rows: CommentRecord[],
    access: ArticleAccess,
    caller: User | null,
    moderator = isAdmin(caller),
  ) => {
    const emails = [...new Set(rows.map((c) => c.authorEmail))];
    const [authors, writers] = await Promise.all([
      emails.length ? users.authorsByEmails(emails) : Promise.resolve([] as Author[]),
      writersAmong(emails),
    ]);
    const byEmail = new Map(authors.map((a) => [a.email, a]));
    const thread = await repo.thread(rows[0]?.articleId ?? '');
    return (c: CommentRecord): Comment => {
      // Readers see a hidden or held comment that has replies as removed: the replies stay readable.
      const removed =
        c.state === 'removed' ||
        (!moderator && (c.state === 'hidden' || (c.state === 'pending' && c.authorEmail !== caller?.email)));
      const author = removed ? undefined : byEmail.get(c.authorEmail);
      const mine = !!caller && caller.email === c.authorEmail && !removed;
      return {
        _id: c._id,
        articleId: c.articleId,
        replyTo: c.parentId,
        body: removed ? '' : c.body,
        author: author
          ? {
              name: publicName(author),
              photoURL: author.photoURL ?? '',
              writerId: writers.has(c.authorEmail) ? (author.publicId ?? null) : null,
            }
          : null,
        createdAt: c.createdAt,
        editedAt: c.editedAt,
        edited: c.editedAt !== null,
        removed,
        hidden: !removed && c.state === 'hidden',
        pending: !removed && c.state === 'pending',
        pinned: thread?.pinnedId === c._id,
        isWriter: !removed && c.authorEmail === access.authorEmail,
        mine,
        editableUntil: mine ? new Date(new Date(c.createdAt).getTime() + EDIT_WINDOW_MS).toISOString() : null,
        replyCount: c.replyCount,
      };
    };
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
    /** 404 unknown or unapproved article, 402 a premium one the caller may not read. */
    readable: async (articleId: string, caller: User | null, gift?: GiftPass): Promise<void> => {
      await readable(articleId, caller, gift);
    },

    /** GET /articles/{id}/comments: a page of top-level comments with their replies, and the count. */
    async list(articleId: string, q: CommentsQuery, caller: User | null): Promise<CommentPage> {
      const gift = q.gift ? { token: q.gift, readerKey: q.readerKey } : undefined;
      const { access } = await readable(articleId, caller, gift);
      const sort = q.sort === 'oldest' ? 1 : -1;
      const [{ rows, total }, thread] = await Promise.all([
        repo.page(articleId, visibleTo(caller, true), sort, q.page, q.limit),
        repo.thread(articleId),
      ]);
      const pinnedRow = thread?.pinnedId ? await repo.findById(thread.pinnedId) : null;
      const pinnedShown =
        pinnedRow && (pinnedRow.state === 'published' || (isAdmin(caller) && pinnedRow.state !== 'removed'))
          ? pinnedRow
          : null;
      const parents =
        pinnedShown && !rows.some((r) => r._id === pinnedShown._id) ? [...rows, pinnedShown] : rows;
      const replies = await repo.replies(articleId, parents, visibleTo(caller, false), COMMENT_REPLIES_SHOWN);
      const answer = await answerer([...parents, ...replies], access, caller);
      const withReplies = (parent: CommentRecord): CommentThread => ({
        ...answer(parent),
        replies: replies.filter((r) => r.parentId === parent._id).map(answer),
      });
      return {
        comments: rows.map(withReplies),
        pinned: pinnedShown ? withReplies(pinnedShown) : null,
        commentCount: thread?.count ?? 0,
        page: q.page,
        totalPages: Math.ceil(total / q.limit),
      };
    },

    /**
     * POST /articles/{id}/comments: 409 when the caller was stopped from commenting or said the same
     * here before; a comment with many links is held for moderation (`pending`).
     */
    async post(articleId: string, input: CreateComment, caller: User): Promise<Comment> {
      const { access, title } = await readable(articleId, caller);
      await assertMayComment(caller);
      if (input.replyTo) {
        const parent = await repo.findById(input.replyTo);
        if (!parent || parent.articleId !== articleId || parent.state !== 'published') {
          throw new NotFound('Comment not found');
        }
        if (parent.parentId) {
          throw new Invalid('Replies are one level deep', [
            { path: 'replyTo', message: 'Reply to the comment this one answers' },
          ]);
        }
      }
      const bodyKey = bodyKeyOf(input.body);
      if (await repo.hasSaid(articleId, caller.email, bodyKey)) {
        throw new Conflict('You already posted this comment here');
      }
      const comment: CommentRecord = {
        _id: newId(),
        articleId,
        articleTitle: title(),
        parentId: input.replyTo ?? null,
        authorEmail: caller.email,
        body: input.body,
        bodyKey,
        state: linksIn(input.body) > COMMENT_LINKS_SHOWN_MAX ? 'pending' : 'published',
        createdAt: now().toISOString(),
        editedAt: null,
        replyCount: 0,
        reports: 0,
        reportReasons: [],
        lastReportedAt: null,
      };
      await repo.insert(comment);
      await changed('created', comment, access, comment.state === 'published');
      return one(comment._id, access, caller);
    },

    /** PATCH /comments/{id}: the author only (403), within the edit window (409); marked edited. */
    async edit(id: string, body: string, caller: User): Promise<Comment> {
      const { comment, access } = await loadVisible(id, caller);
      if (comment.authorEmail !== caller.email) throw new Forbidden('You can only edit your own comment');
      await assertMayComment(caller);
      if (now().getTime() - new Date(comment.createdAt).getTime() > EDIT_WINDOW_MS) {
        throw new Conflict(`Comments can be edited for ${COMMENT_EDIT_MINUTES} minutes`);
      }
      const at = now().toISOString();
      const edited = await repo.edit(id, comment.state, body, bodyKeyOf(body), at);
      if (!edited) throw new Conflict('This comment changed meanwhile; reload it');
      const held =
        comment.state === 'published' && linksIn(body) > COMMENT_LINKS_SHOWN_MAX
          ? await moveOut(comment, ['published'], 'pending')
          : null;
      await changed(held ? 'hidden' : 'edited', comment, access, comment.state === 'published');
      return one(id, access, caller);
    },

    /** DELETE /comments/{id}: its author or an admin; it stays as "removed" while it has replies. */
    async remove(id: string, caller: User): Promise<Comment> {
      const { comment, access } = await loadVisible(id, caller);
      if (comment.authorEmail !== caller.email && !isAdmin(caller)) {
        throw new Forbidden('You can only delete your own comment');
      }
      const left = await moveOut(comment, ['published', 'pending', 'hidden'], 'removed', { body: '' });
      if (left) await changed('removed', comment, access, left === 'published');
      return one(id, access, caller);
    },

    /** PUT/DELETE /comments/{id}/pin: the article's writer (or an admin) pins one top-level comment. */
    async pin(id: string, pinned: boolean, caller: User): Promise<Comment> {
      const { comment, access } = await loadVisible(id, caller);
      if (access.authorEmail !== caller.email && !isAdmin(caller)) {
        throw new Forbidden("Only the article's writer can pin a comment");
      }
      if (pinned && (comment.parentId || comment.state !== 'published')) {
        throw new Conflict('Only a shown top-level comment can be pinned');
      }
      const thread = await repo.thread(comment.articleId);
      const was = thread?.pinnedId ?? null;
      if (pinned && was !== id) await repo.pin(comment.articleId, id);
      else if (!pinned && was === id) await repo.pin(comment.articleId, null);
      // Open pages of the article (and its cached pages) follow the pin; unchanged, nothing to say.
      if (pinned !== (was === id)) await changed(pinned ? 'pinned' : 'unpinned', comment, access, true);
      return one(id, access, caller);
    },

    /** POST /comments/{id}/reports: once per reader per comment (again: harmless). */
    async report(id: string, reason: CommentReportReason, caller: User): Promise<{ reported: true }> {
      const { comment } = await loadVisible(id, caller);
      if (comment.authorEmail === caller.email) throw new Conflict('You cannot report your own comment');
      await repo.report(id, caller.email, reason, now().toISOString());
      return { reported: true };
    },

    /** GET /admin/comments: reported ones (latest report first) or the newest of all. */
    async adminList(q: AdminCommentsQuery): Promise<AdminCommentList> {
      const [rows, total] =
        q.filter === 'reported'
          ? await Promise.all([repo.reported(q.page, q.limit), repo.countReported()])
          : await Promise.all([repo.recent(q.page, q.limit), repo.countAll()]);
      return {
        comments: await this.asAdmin(rows),
        page: q.page,
        totalPages: Math.ceil(total / q.limit),
      };
    },

    /** GET /admin/comments/counts: one count, for the menu's badge. */
    async adminCounts(): Promise<AdminCommentCounts> {
      return { reported: await repo.countReportedOpen() };
    },

    /** Comments as the moderators see them (authors' accounts and whether they are stopped). */
    async asAdmin(rows: CommentRecord[]): Promise<AdminComment[]> {
      const emails = [...new Set(rows.map((c) => c.authorEmail))];
      const [authors, banned] = await Promise.all([
        emails.length ? users.authorsByEmails(emails) : Promise.resolve([] as Author[]),
        repo.bansOf(emails),
      ]);
      const ids = new Map(authors.map((a) => [a.email, a._id]));
      const byArticle = new Map<string, ArticleAccess>();
      for (const c of rows) {
        if (!byArticle.has(c.articleId)) {
          const found = await deps.article(c.articleId);
          byArticle.set(
            c.articleId,
            found?.access ?? { status: 'Pending', isPremium: 'No', authorEmail: '' },
          );
        }
      }
      return Promise.all(
        rows.map(async (c) => ({
          ...(await answerer([c], byArticle.get(c.articleId)!, null, true))(c),
          body: c.body,
          articleTitle: typeof c.articleTitle === 'string' ? c.articleTitle : '',
          reports: c.reports,
          reportReasons: c.reportReasons,
          lastReportedAt: c.lastReportedAt,
          authorUserId: ids.get(c.authorEmail) ?? null,
          authorBanned: banned.has(c.authorEmail),
        })),
      );
    },

    /**
     * PATCH /admin/comments/{id}: hide (published or held → hidden) or show (hidden or held →
     * published, its reports dismissed). A removed comment stays removed (409).
     */
    async moderate(id: string, hidden: boolean): Promise<AdminComment> {
      const comment = await load(id);
      if (comment.state === 'removed') throw new Conflict('This comment was removed by its author');
      const left = hidden
        ? await moveOut(comment, ['published', 'pending'], 'hidden')
        : await moveOut(comment, ['hidden', 'pending'], 'published');
      if (!hidden) await repo.clearReports(id);
      const found = left ? await deps.article(comment.articleId) : null;
      if (left && found) {
        await changed(
          hidden ? 'hidden' : 'restored',
          comment,
          found.access,
          hidden ? left === 'published' : true,
        );
      }
      const [answer] = await this.asAdmin([await load(id)]);
      return answer!;
    },

    /** PUT/DELETE /admin/comment-bans/{userId}: stop a user from commenting (they are told why), or let them again. */
    async setBan(userId: string, reason: string | null): Promise<CommentBan> {
      const [user] = await users.writersByIds([userId]);
      if (!user) throw new NotFound('User not found');
      if (reason === null) await repo.liftBan(user.email);
      else await repo.setBan(user.email, reason, now().toISOString());
      return { userId, banned: reason !== null, reason };
    },

    /** GET /comments/counts: published comments of these articles (0 when none or unknown). */
    counts: createCommentCounts(deps.store),

    /** An article was deleted: its comments go with it. */
    deleteArticle: (articleId: string) => repo.deleteArticle(articleId),
  };
}
