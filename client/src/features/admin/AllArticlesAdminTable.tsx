import {
  DECLINING_REASON_MAX,
  decliningReasonSchema,
  REVIEW_NOTE_MAX,
  reviewNoteSchema,
} from '@newsroom/common';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar } from '@/components/Avatar';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { Pagination, usePagination } from '@/components/Pagination';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { PremiumBadge, StatusBadge } from '@/components/StatusBadge';
import { TableShell } from '@/components/TableShell';
import { formatDate } from '@/lib/format-date';
import { confirmAction, swal } from '@/lib/swal';
import {
  useAllArticles,
  useApproveArticle,
  useDeclineArticle,
  useMakePremium,
  useModerationCounts,
  useRequestChanges,
  useScheduleArticle,
} from '@/lib/api/admin';
import { useDeleteArticle } from '@/lib/api/writer';
import { ArticlePreviewDialog } from './ArticlePreviewDialog';
import { withKeptRows, type KeptRows } from './kept-rows';
import { adminMessages as m } from './messages';
import type { AdminArticle, ArticleStatus, ModerationCounts, ModerationFilter } from './types';

/** The filter's choices, in this order; the queue (Pending) first. */
const FILTERS: ModerationFilter[] = [
  'Pending',
  'All',
  'Approved',
  'Declined',
  'Changes requested',
  'Scheduled',
];
const filterLabel = (f: ModerationFilter, counts: ModerationCounts | undefined) => {
  const n = counts && (f === 'All' ? counts.total : counts[f]);
  return n === undefined ? f : `${f} (${n})`;
};

const isModerated = (status: ArticleStatus) => status !== 'Pending';
/** A scheduled article may still be published at once or moved to another time. */
const isPublishable = (status: ArticleStatus) => status === 'Pending' || status === 'Scheduled';

/** `datetime-local`'s value (the reader's own time zone) for a moment. */
const localInput = (at: Date) =>
  new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * When to publish, asked in a dialog in the reader's own time zone (a future time); the moment as an
 * ISO time, or null when cancelled.
 */
async function askWhen(current?: string | null): Promise<string | null> {
  const soon = new Date(Date.now() + 60 * 60_000);
  const result = await swal.fire<string>({
    title: 'Schedule publication',
    input: 'datetime-local',
    inputLabel: 'Publish on (your time zone)',
    inputValue: localInput(current ? new Date(current) : soon),
    inputAttributes: { min: localInput(new Date()) },
    showCancelButton: true,
    confirmButtonText: 'Schedule',
    inputValidator: (value) => {
      const at = new Date(value);
      if (!value || Number.isNaN(at.getTime())) return 'Choose when to publish';
      return at.getTime() <= Date.now() ? 'Choose a time in the future' : undefined;
    },
  });
  return result.isConfirmed && result.value ? new Date(result.value).toISOString() : null;
}

/** What each way back to the writer asks for. */
const ASK = {
  decline: {
    title: 'Decline article',
    label: 'Reason for declining',
    placeholder: 'Tell the writer why this article is declined',
    max: DECLINING_REASON_MAX,
    confirm: 'Decline',
    schema: decliningReasonSchema,
  },
  changes: {
    title: 'Request changes',
    label: 'What should the writer change?',
    placeholder: 'The writer sees this note in My Articles',
    max: REVIEW_NOTE_MAX,
    confirm: 'Request changes',
    schema: reviewNoteSchema,
  },
} as const;

/** What the moderator tells the writer (a reason, a note), asked in a dialog; null when cancelled. */
async function askWriter(options: {
  title: string;
  label: string;
  placeholder: string;
  max: number;
  confirm: string;
  schema: typeof decliningReasonSchema;
}): Promise<string | null> {
  const result = await swal.fire<string>({
    title: options.title,
    input: 'textarea',
    inputLabel: options.label,
    inputPlaceholder: options.placeholder,
    inputAttributes: { maxlength: String(options.max) },
    showCancelButton: true,
    confirmButtonText: options.confirm,
    inputValidator: (value) => options.schema.safeParse(value).error?.issues[0]?.message,
  });
  return result.isConfirmed && result.value ? result.value.trim() : null;
}

/**
 * /dashboard/all-articles-admin: the moderation queue (Pending first, filter by status), each article
 * readable in full in a dialog; Approve, Decline (reason required), Request changes (note required),
 * Delete and Make Premium (docs/product.md §4, docs/roles.md). Editors see it without Delete
 * (`canDelete` false): they moderate, they do not remove writers' work.
 */
export function AllArticlesAdminTable({
  canDelete = true,
  history,
}: {
  canDelete?: boolean;
  /** A row's History control (the app passes the articles feature's: docs/decisions/revisions.md). */
  history?: (article: AdminArticle) => ReactNode;
}) {
  const { page, limit, setPage, setLimit } = usePagination();
  const [filter, setFilter] = useState<ModerationFilter>('Pending');
  const articles = useAllArticles(page, limit, filter);
  const counts = useModerationCounts();
  const approve = useApproveArticle();
  const decline = useDeclineArticle();
  const requestChanges = useRequestChanges();
  const schedule = useScheduleArticle();
  const makePremium = useMakePremium();
  const remove = useDeleteArticle();
  const [reading, setReading] = useState<AdminArticle | null>(null);
  // The article last opened: the focus returns to its Read button even when a refetch drew its row
  // anew while the dialog was open (an approved article leaves the Pending list until kept below).
  const lastRead = useRef<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const read = (a: AdminArticle) => {
    lastRead.current = a._id;
    setReading(a);
  };
  const readControl = () =>
    tableRef.current?.querySelector<HTMLElement>(`[data-read="${CSS.escape(lastRead.current ?? '')}"]`) ??
    tableRef.current;
  const view = `${filter}:${page}:${limit}`;
  const [kept, setKept] = useState<KeptRows>({ view, rows: new Map() });
  const keptRows =
    kept.view === view ? kept.rows : new Map<string, { article: AdminArticle; index: number }>();
  const shown = withKeptRows(articles.data?.articles ?? [], keptRows);

  /** Keeps a row this admin just moderated in place, with the server's answer. */
  const keep = (article: AdminArticle) => {
    const index = shown.findIndex((r) => r._id === article._id);
    if (index < 0) return;
    const rows = new Map(keptRows);
    rows.set(article._id, { article: { ...shown[index]!, ...article }, index });
    setKept({ view, rows });
  };
  const forget = (id: string) => {
    if (!keptRows.has(id)) return;
    const rows = new Map(keptRows);
    rows.delete(id);
    setKept({ view, rows });
  };

  // After deleting the last article of the last page, step back to the page that still exists.
  const totalPages = articles.data?.totalPages ?? 1;
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);

  const run = async (action: () => Promise<void>, title: string) => {
    try {
      await action();
      void swal.fire({ icon: 'success', title });
    } catch (error) {
      console.error(error);
    }
  };

  const onApprove = (a: AdminArticle) => run(async () => keep(await approve.mutateAsync(a._id)), m.approved);

  /** Back to the writer: declined with a reason, or changes requested with a note. */
  const sendBack = async (a: AdminArticle, how: keyof typeof ASK) => {
    const text = await askWriter(ASK[how]);
    if (!text) return;
    const send =
      how === 'decline'
        ? () => decline.mutateAsync({ id: a._id, reason: text })
        : () => requestChanges.mutateAsync({ id: a._id, note: text });
    await run(async () => keep(await send()), how === 'decline' ? m.declined : m.changesRequested);
  };

  const onSchedule = async (a: AdminArticle) => {
    const publishAt = await askWhen(a.publishAt);
    if (!publishAt) return;
    await run(async () => keep(await schedule.mutateAsync({ id: a._id, publishAt })), m.scheduled);
  };

  const onDelete = async (a: AdminArticle) => {
    if (!(await confirmAction('Yes, delete it!'))) return;
    await run(async () => {
      await remove.mutateAsync(a._id);
      forget(a._id);
    }, m.deleted);
  };

  const onMakePremium = (a: AdminArticle) =>
    run(async () => keep(await makePremium.mutateAsync(a._id)), m.premium);

  if (articles.isPending) return <FullScreenLoader label="Loading articles" />;
  if (articles.isError) {
    return (
      <LoadError
        title="Articles could not be loaded."
        error={articles.error}
        onRetry={() => articles.refetch()}
      />
    );
  }

  // Numbering follows the rows shown (the previous page stays visible while the next one loads).
  const offset = (articles.data.page - 1) * articles.data.limit;
  const busy =
    approve.isPending ||
    decline.isPending ||
    requestChanges.isPending ||
    schedule.isPending ||
    makePremium.isPending ||
    remove.isPending;
  const pendingCount = counts.data?.Pending;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="moderation-filter" className="label">
            Status
          </label>
          <select
            id="moderation-filter"
            className="input w-auto min-w-44"
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as ModerationFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {filterLabel(f, counts.data)}
              </option>
            ))}
          </select>
        </div>
        {pendingCount !== undefined && (
          <p className="text-sm text-muted" data-testid="pending-summary">
            {pendingCount === 0
              ? 'Nothing waits for review.'
              : `${pendingCount} ${pendingCount === 1 ? 'article waits' : 'articles wait'} for review.`}
          </p>
        )}
      </div>
      {/* Focusable from script only: where the focus returns when the opened article is gone. */}
      <div ref={tableRef} tabIndex={-1}>
        {shown.length === 0 ? (
          <p className="card p-6 text-center text-muted">
            {filter === 'Pending'
              ? 'No articles wait for review.'
              : filter === 'All'
                ? 'No articles yet.'
                : `No ${filter.toLowerCase()} articles.`}
          </p>
        ) : (
          <TableShell
            caption={`${filter === 'All' ? 'All articles, pending first' : `${filter} articles`}, page ${page}`}
            columns={['#', 'Article', 'Author', 'Posted', 'Status', 'Actions']}
            minWidthClass="sm:min-w-[960px]"
            cellClass="px-3 py-3"
            stale={articles.isPlaceholderData}
          >
            {shown.map((a, index) => {
              const moderated = isModerated(a.status);
              const declined = a.status === 'Declined';
              return (
                <tr key={a._id} className="align-top hover:bg-surface-2/60">
                  <td className="px-3 py-3 text-muted" data-cell="index">
                    {offset + index + 1}
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
                            onClick={() => read(a)}
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
                      <Avatar
                        src={a.userInfo.image}
                        name={a.userInfo.name || a.userInfo.email}
                        className="size-8"
                      />
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
                    <StatusBadge status={a.status} />
                    {declined && a.decliningReason && (
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
                  </td>
                  <td className="px-3 py-3" data-actions>
                    <div className="grid grid-cols-2 gap-1.5">
                      <button
                        type="button"
                        className="btn btn-primary col-span-2 px-2 py-1 text-xs"
                        onClick={() => read(a)}
                        aria-label={`Read: ${a.articleTitle}`}
                        data-read={a._id}
                      >
                        Read
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline px-2 py-1 text-xs"
                        disabled={!isPublishable(a.status) || busy}
                        onClick={() => void onApprove(a)}
                        aria-label={`Approve: ${a.articleTitle}`}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline px-2 py-1 text-xs"
                        disabled={moderated || busy}
                        onClick={() => void sendBack(a, 'decline')}
                        aria-label={`Decline: ${a.articleTitle}`}
                      >
                        Decline
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline col-span-2 px-2 py-1 text-xs"
                        disabled={moderated || busy}
                        onClick={() => void sendBack(a, 'changes')}
                        aria-label={`Request changes: ${a.articleTitle}`}
                      >
                        Request changes
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline col-span-2 px-2 py-1 text-xs"
                        disabled={!isPublishable(a.status) || busy}
                        onClick={() => void onSchedule(a)}
                        aria-label={`${a.status === 'Scheduled' ? 'Reschedule' : 'Schedule'}: ${a.articleTitle}`}
                      >
                        {a.status === 'Scheduled' ? 'Reschedule' : 'Schedule'}
                      </button>
                      {history?.(a)}
                      {canDelete && (
                        <button
                          type="button"
                          className="btn btn-danger px-2 py-1 text-xs"
                          disabled={busy}
                          onClick={() => void onDelete(a)}
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
                          disabled={declined || busy}
                          onClick={() => void onMakePremium(a)}
                          aria-label={`Make Premium: ${a.articleTitle}`}
                        >
                          Make Premium
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </TableShell>
        )}
      </div>
      <Pagination
        label="Articles pages"
        page={page}
        totalPages={articles.data.totalPages}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={setLimit}
      />
      <ArticlePreviewDialog
        article={reading}
        onClose={() => setReading(null)}
        onModerated={keep}
        returnFocus={readControl}
      />
    </>
  );
}
