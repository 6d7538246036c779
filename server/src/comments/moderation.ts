/** Moderating comments: the admins' lists, hide and restore, stopping a user (service.ts composes it). */
import type {
  AdminComment,
  AdminCommentCounts,
  AdminCommentList,
  AdminCommentsQuery,
  CommentBan,
} from '@newsroom/common';
import type { ArticleAccess } from '../articles/service.js';
import { Conflict, NotFound } from '../errors.js';
import type { UserService } from '../users/service.js';
import type { CommentRecord } from './repository.js';
import type { CommentBase } from './service-base.js';

type Author = Awaited<ReturnType<UserService['authorsByEmails']>>[number];

export function commentModeration({ deps, repo, users, now, answerer, load, moveOut, changed }: CommentBase) {
  async function asAdmin(rows: CommentRecord[]): Promise<AdminComment[]> {
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
        byArticle.set(c.articleId, found?.access ?? { status: 'Pending', isPremium: 'No', authorEmail: '' });
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
  }

  return {
    /** GET /admin/comments: reported ones (latest report first) or the newest of all. */
    async adminList(q: AdminCommentsQuery): Promise<AdminCommentList> {
      const [rows, total] =
        q.filter === 'reported'
          ? await Promise.all([repo.reported(q.page, q.limit), repo.countReported()])
          : await Promise.all([repo.recent(q.page, q.limit), repo.countAll()]);
      return {
        comments: await asAdmin(rows),
        page: q.page,
        totalPages: Math.ceil(total / q.limit),
      };
    },

    /** GET /admin/comments/counts: one count, for the menu's badge. */
    async adminCounts(): Promise<AdminCommentCounts> {
      return { reported: await repo.countReportedOpen() };
    },

    /** Comments as the moderators see them (authors' accounts and whether they are stopped). */
    asAdmin,

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
      const [answer] = await asAdmin([await load(id)]);
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

    /** An article was deleted: its comments go with it. */
    deleteArticle: (articleId: string) => repo.deleteArticle(articleId),
  };
}
