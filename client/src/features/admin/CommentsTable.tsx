import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ADMIN_COMMENT_FILTERS,
  COMMENT_BAN_REASON_MAX,
  commentBanBodySchema,
  type AdminComment,
} from '@newsroom/common';
import { DateTime } from '@/components/DateTime';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { Pagination, usePagination } from '@/components/Pagination';
import { TableShell } from '@/components/TableShell';
import { useAdminComments, useCommentBan, useModerateComment } from '@/lib/api/comments';
import { REPORT_REASON_LABELS } from '@/lib/comment-labels';
import { swal } from '@/lib/swal';
import { commentsAdminMessages as m } from './messages';

type Filter = (typeof ADMIN_COMMENT_FILTERS)[number];

const stateOf = (c: AdminComment) =>
  c.removed ? m.state.removed : c.hidden ? m.state.hidden : c.pending ? m.state.pending : m.state.shown;

const button = 'btn btn-outline min-h-10 px-3 py-1.5 whitespace-nowrap';

/**
 * /dashboard/comments: reported comments (or every recent one) with what moderators do to them:
 * hide or show again, and stop their author from commenting (with a reason they are told) or lift it.
 * Refusals are toasted (lib/query-client.ts); the table then shows what is true now.
 */
export function CommentsTable() {
  const { page, limit, setPage, setLimit } = usePagination();
  const [filter, setFilter] = useState<Filter>('reported');
  const comments = useAdminComments({ filter, page, limit });
  const moderation = useCommentModeration();

  if (comments.isPending) return <FullScreenLoader label={m.loading} />;
  if (comments.isError) {
    return <LoadError title={m.loadFailed} error={comments.error} onRetry={() => comments.refetch()} />;
  }

  const list = comments.data.comments;
  return (
    <>
      <div className="mb-4">
        <label htmlFor="comments-filter" className="label">
          {m.filter}
        </label>
        <select
          id="comments-filter"
          className="input w-auto min-w-44"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as Filter);
            setPage(1);
          }}
        >
          {ADMIN_COMMENT_FILTERS.map((f) => (
            <option key={f} value={f}>
              {m.filterLabel[f]}
            </option>
          ))}
        </select>
      </div>
      {list.length === 0 ? (
        <p className="card p-6 text-center text-muted">
          {filter === 'reported' ? m.noneReported : m.noneRecent}
        </p>
      ) : (
        <TableShell
          caption={m.caption(m.filterLabel[filter], page)}
          columns={['Comment', 'Article', 'Author', 'Reports', 'State', 'Actions']}
          minWidthClass="sm:min-w-[760px]"
          stale={comments.isPlaceholderData}
        >
          {list.map((c) => (
            <CommentRow key={c._id} comment={c} moderation={moderation} />
          ))}
        </TableShell>
      )}
      <Pagination
        label="Comments pages"
        page={page}
        totalPages={comments.data.totalPages}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={setLimit}
      />
    </>
  );
}

/** Why the author is stopped from commenting (they are told), asked in a dialog; null when cancelled. */
async function askStopReason(name: string): Promise<string | null> {
  const result = await swal.fire<string>({
    title: m.stopTitle,
    text: name,
    input: 'textarea',
    inputLabel: m.stopReason,
    inputPlaceholder: m.stopPlaceholder,
    inputAttributes: { maxlength: String(COMMENT_BAN_REASON_MAX) },
    showCancelButton: true,
    confirmButtonText: m.stopConfirm,
    inputValidator: (value) => commentBanBodySchema.safeParse({ reason: value }).error?.issues[0]?.message,
  });
  return result.isConfirmed && result.value ? result.value.trim() : null;
}

/** What a moderator does to a comment and its author; one change at a time across the table. */
function useCommentModeration() {
  const moderate = useModerateComment();
  const ban = useCommentBan();

  const stop = async (c: AdminComment, name: string) => {
    const reason = await askStopReason(name);
    if (reason === null || !c.authorUserId) return;
    ban.mutate({ userId: c.authorUserId, reason });
  };

  return {
    busy: moderate.isPending || ban.isPending,
    /** Hides a shown (or waiting) comment, or shows a hidden one again. */
    toggleHidden: (c: AdminComment) => moderate.mutate({ comment: c, hidden: !c.hidden }),
    /** Stops the author from commenting, with a reason, or lets them comment again. */
    toggleBan: (c: AdminComment, name: string) =>
      c.authorBanned ? ban.mutate({ userId: c.authorUserId!, reason: null }) : void stop(c, name),
  };
}

function CommentRow({
  comment: c,
  moderation,
}: {
  comment: AdminComment;
  moderation: ReturnType<typeof useCommentModeration>;
}) {
  const name = c.author?.name || m.formerReader;
  const { busy } = moderation;
  const visibility = c.hidden ? m.restore : c.pending ? m.show : m.hide;
  const commenting = c.authorBanned ? m.lift : m.stop;
  return (
    <tr className="hover:bg-surface-2/60" data-testid="admin-comment-row">
      <th scope="row" className="max-w-md px-4 py-3 align-top font-normal">
        <p className="break-words whitespace-pre-line">{c.removed ? m.removedText : c.body}</p>
        <p className="mt-1 text-xs text-muted">
          <DateTime value={c.createdAt} style="dateTime" />
        </p>
      </th>
      <td className="px-4 py-3 align-top" data-label="Article">
        <Link to={`/article-details/${c.articleId}`} className="link font-normal">
          {c.articleTitle}
        </Link>
      </td>
      <td className="px-4 py-3 align-top" data-label="Author">
        {name}
        {c.authorBanned && <span className="badge mt-1 block w-fit bg-danger/15 text-ink">{m.stopped}</span>}
      </td>
      <td className="px-4 py-3 align-top" data-label="Reports">
        {m.reports(c.reports)}
        {c.reportReasons.length > 0 && (
          <span className="block text-xs text-muted">
            {c.reportReasons.map((r) => REPORT_REASON_LABELS[r]).join(', ')}
          </span>
        )}
      </td>
      <td className="px-4 py-3 align-top" data-label="State" data-testid="comment-state">
        {stateOf(c)}
      </td>
      <td className="px-4 py-3 align-top" data-actions>
        <div className="flex flex-wrap gap-2">
          {!c.removed && (
            <button
              type="button"
              className={button}
              disabled={busy}
              onClick={() => moderation.toggleHidden(c)}
              aria-label={m.action(visibility, name)}
            >
              {visibility}
            </button>
          )}
          {c.authorUserId && (
            <button
              type="button"
              className={button}
              disabled={busy}
              onClick={() => moderation.toggleBan(c, name)}
              aria-label={m.action(commenting, name)}
            >
              {commenting}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
