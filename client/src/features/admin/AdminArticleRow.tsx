import type { ReactNode } from 'react';
import { Avatar } from '@/components/Avatar';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PremiumBadge, StatusBadge } from '@/components/StatusBadge';
import { formatDate } from '@/lib/format-date';
import type { AdminArticle, ArticleStatus } from './types';
import type { ArticleModeration } from './useArticleModeration';

const isModerated = (status: ArticleStatus) => status !== 'Pending';
/** A scheduled article may still be published at once or moved to another time. */
const isPublishable = (status: ArticleStatus) => status === 'Pending' || status === 'Scheduled';

interface AdminArticleRowProps {
  article: AdminArticle;
  /** Its number in the whole list, from 1. */
  number: number;
  onRead: (article: AdminArticle) => void;
  moderation: ArticleModeration;
  canDelete: boolean;
  history?: (article: AdminArticle) => ReactNode;
}

/** One article of the moderation table: what it is, who wrote it, where it stands, what can be done. */
export function AdminArticleRow({ article: a, number, onRead, ...actions }: AdminArticleRowProps) {
  return (
    <tr className="align-top hover:bg-surface-2/60">
      <td className="px-3 py-3 text-muted" data-cell="index">
        {number}
      </td>
      <th scope="row" className="px-3 py-3 font-normal">
        <div className="flex items-start gap-3">
          <ResponsiveImage
            src={a.articleImage}
            alt=""
            sizes="64px"
            width={1600}
            height={900}
            className="h-12 w-16 shrink-0 rounded object-cover"
          />
          <div className="min-w-0">
            <p className="line-clamp-2 max-w-[16rem] font-semibold" title={a.articleTitle}>
              <button
                type="button"
                className="text-left hover:text-accent hover:underline"
                onClick={() => onRead(a)}
              >
                {a.articleTitle}
              </button>
            </p>
            <p className="text-xs text-muted">{a.publisher}</p>
          </div>
        </div>
      </th>
      <td className="px-3 py-3" data-label="Author">
        <div className="flex items-center gap-2">
          <Avatar src={a.userInfo.image} name={a.userInfo.name || a.userInfo.email} className="size-8" />
          <div className="min-w-0">
            <p className="font-semibold">{a.userInfo.name || 'N/A'}</p>
            <p className="text-xs break-all text-muted">{a.userInfo.email}</p>
          </div>
        </div>
      </td>
      <td className="px-3 py-3 whitespace-nowrap" data-label="Posted">
        {formatDate(a.createdAt, 'short')}
      </td>
      <td className="px-3 py-3" data-label="Status">
        <StatusCell article={a} />
      </td>
      <td className="px-3 py-3" data-actions>
        <ArticleActions article={a} onRead={onRead} {...actions} />
      </td>
    </tr>
  );
}

/** The status, with what the writer was told or when it publishes. */
function StatusCell({ article: a }: { article: AdminArticle }) {
  return (
    <>
      <StatusBadge status={a.status} />
      {a.status === 'Declined' && a.decliningReason && (
        <p className="mt-1 max-w-[12rem] text-xs break-words text-muted">{a.decliningReason}</p>
      )}
      {a.status === 'Changes requested' && a.reviewNote && (
        <p className="mt-1 max-w-[12rem] text-xs break-words text-muted">{a.reviewNote}</p>
      )}
      {a.status === 'Scheduled' && a.publishAt && (
        <p className="mt-1 max-w-[12rem] text-xs text-muted">
          Publishes {formatDate(a.publishAt, 'dateTime')}
        </p>
      )}
    </>
  );
}

/** A row's buttons, each named with the article's title (the table has many of each). */
function ArticleActions({
  article: a,
  onRead,
  moderation,
  canDelete,
  history,
}: Omit<AdminArticleRowProps, 'number'>) {
  const { busy } = moderation;
  const moderated = isModerated(a.status);
  const scheduleLabel = a.status === 'Scheduled' ? 'Reschedule' : 'Schedule';
  return (
    <div className="grid grid-cols-2 gap-1.5">
      <button
        type="button"
        className="btn btn-primary col-span-2 px-2 py-1 text-xs"
        onClick={() => onRead(a)}
        aria-label={`Read: ${a.articleTitle}`}
        data-read={a._id}
      >
        Read
      </button>
      <button
        type="button"
        className="btn btn-outline px-2 py-1 text-xs"
        disabled={!isPublishable(a.status) || busy}
        onClick={() => void moderation.approve(a)}
        aria-label={`Approve: ${a.articleTitle}`}
      >
        Approve
      </button>
      <button
        type="button"
        className="btn btn-outline px-2 py-1 text-xs"
        disabled={moderated || busy}
        onClick={() => void moderation.sendBack(a, 'decline')}
        aria-label={`Decline: ${a.articleTitle}`}
      >
        Decline
      </button>
      <button
        type="button"
        className="btn btn-outline col-span-2 px-2 py-1 text-xs"
        disabled={moderated || busy}
        onClick={() => void moderation.sendBack(a, 'changes')}
        aria-label={`Request changes: ${a.articleTitle}`}
      >
        Request changes
      </button>
      <button
        type="button"
        className="btn btn-outline col-span-2 px-2 py-1 text-xs"
        disabled={!isPublishable(a.status) || busy}
        onClick={() => void moderation.schedule(a)}
        aria-label={`${scheduleLabel}: ${a.articleTitle}`}
      >
        {scheduleLabel}
      </button>
      {history?.(a)}
      {canDelete && (
        <button
          type="button"
          className="btn btn-danger px-2 py-1 text-xs"
          disabled={busy}
          onClick={() => void moderation.remove(a)}
          aria-label={`Delete: ${a.articleTitle}`}
        >
          Delete
        </button>
      )}
      {a.isPremium === 'Yes' ? (
        <PremiumBadge className="justify-center" />
      ) : (
        <button
          type="button"
          className="btn btn-outline px-2 py-1 text-xs"
          disabled={a.status === 'Declined' || busy}
          onClick={() => void moderation.makePremium(a)}
          aria-label={`Make Premium: ${a.articleTitle}`}
        >
          Make Premium
        </button>
      )}
    </div>
  );
}
