/** Writing comments: post, edit, delete, pin and report (service.ts composes it). */
import { createHash } from 'node:crypto';
import {
  COMMENT_EDIT_MINUTES,
  COMMENT_LINKS_SHOWN_MAX,
  type Comment,
  type CommentReportReason,
  type CreateComment,
} from '@newsroom/common';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors.js';
import { newId } from '../store/ids.js';
import { isAdmin, type User } from '../users/types.js';
import { EDIT_WINDOW_MS } from './answer.js';
import type { CommentRecord } from './repository.js';
import type { CommentBase } from './service-base.js';

const LINK = /\bhttps?:\/\/|\bwww\./gi;
/** Links in a text, as a reader would count them. */
export const linksIn = (text: string) => text.match(LINK)?.length ?? 0;
/** What duplicates are compared by: case and spacing do not make a text new. */
const bodyKeyOf = (text: string) =>
  createHash('sha256').update(text.toLowerCase().replace(/\s+/g, ' ').trim()).digest('hex');

export function commentWriting({
  repo,
  now,
  readable,
  loadVisible,
  assertMayComment,
  changed,
  moveOut,
  one,
}: CommentBase) {
  return {
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
  };
}
