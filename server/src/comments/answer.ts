/** Comments as a reader sees them: their authors' public faces, removed and held ones as removed. */
import { COMMENT_EDIT_MINUTES, type Comment } from '@newsroom/common';
import type { ArticleAccess } from '../articles/service.js';
import { createWritersAmong } from '../articles/writers.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import { isAdmin, publicName, type User } from '../users/types.js';
import type { CommentRecord, CommentRepository } from './repository.js';

export const EDIT_WINDOW_MS = COMMENT_EDIT_MINUTES * 60_000;

type Author = Awaited<ReturnType<UserService['authorsByEmails']>>[number];

export function commentAnswerer(store: Store, repo: CommentRepository, users: UserService) {
  const writersAmong = createWritersAmong(store);
  /** The answer for comments, with their authors' public faces (one read of the users). */
  return async (
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
}
