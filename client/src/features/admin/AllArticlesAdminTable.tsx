import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { Pagination, usePagination } from '@/components/Pagination';
import { TableShell } from '@/components/TableShell';
import { useAllArticles, useModerationCounts } from '@/lib/api/admin';
import { AdminArticleRow } from './AdminArticleRow';
import { ArticlePreviewDialog } from './ArticlePreviewDialog';
import type { AdminArticle, ModerationCounts, ModerationFilter } from './types';
import { useArticleModeration } from './useArticleModeration';
import { useKeptRows } from './useKeptRows';

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

const emptyMessage = (filter: ModerationFilter) =>
  filter === 'Pending'
    ? 'No articles wait for review.'
    : filter === 'All'
      ? 'No articles yet.'
      : `No ${filter.toLowerCase()} articles.`;

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
  const { reading, read, close, tableRef, readControl } = useArticleReader();
  const { shown, keep, forget } = useKeptRows(`${filter}:${page}:${limit}`, articles.data?.articles ?? []);
  const moderation = useArticleModeration({ keep, forget });

  // After deleting the last article of the last page, step back to the page that still exists.
  const totalPages = articles.data?.totalPages ?? 1;
  useEffect(() => {
    if (page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);

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
  return (
    <>
      <ModerationFilterBar
        filter={filter}
        counts={counts.data}
        onChange={(f) => {
          setFilter(f);
          setPage(1);
        }}
      />
      {/* Focusable from script only: where the focus returns when the opened article is gone. */}
      <div ref={tableRef} tabIndex={-1}>
        {shown.length === 0 ? (
          <p className="card p-6 text-center text-muted">{emptyMessage(filter)}</p>
        ) : (
          <TableShell
            caption={`${filter === 'All' ? 'All articles, pending first' : `${filter} articles`}, page ${page}`}
            columns={['#', 'Article', 'Author', 'Posted', 'Status', 'Actions']}
            minWidthClass="sm:min-w-[960px]"
            cellClass="px-3 py-3"
            stale={articles.isPlaceholderData}
          >
            {shown.map((a, index) => (
              <AdminArticleRow
                key={a._id}
                article={a}
                number={offset + index + 1}
                onRead={read}
                moderation={moderation}
                canDelete={canDelete}
                history={history}
              />
            ))}
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
      <ArticlePreviewDialog article={reading} onClose={close} onModerated={keep} returnFocus={readControl} />
    </>
  );
}

/**
 * The article open in the preview dialog, and where the focus returns when it closes: the article last
 * opened's Read button, even when a refetch drew its row anew while the dialog was open (an approved
 * article leaves the Pending list until kept), or else the table.
 */
function useArticleReader() {
  const [reading, setReading] = useState<AdminArticle | null>(null);
  const lastRead = useRef<string | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const read = (a: AdminArticle) => {
    lastRead.current = a._id;
    setReading(a);
  };
  const readControl = () =>
    tableRef.current?.querySelector<HTMLElement>(`[data-read="${CSS.escape(lastRead.current ?? '')}"]`) ??
    tableRef.current;
  return { reading, read, close: () => setReading(null), tableRef, readControl };
}

/** The status filter (with each status's count once known) and how many articles wait for review. */
function ModerationFilterBar({
  filter,
  counts,
  onChange,
}: {
  filter: ModerationFilter;
  counts: ModerationCounts | undefined;
  onChange: (filter: ModerationFilter) => void;
}) {
  const pendingCount = counts?.Pending;
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <label htmlFor="moderation-filter" className="label">
          Status
        </label>
        <select
          id="moderation-filter"
          className="input w-auto min-w-44"
          value={filter}
          onChange={(e) => onChange(e.target.value as ModerationFilter)}
        >
          {FILTERS.map((f) => (
            <option key={f} value={f}>
              {filterLabel(f, counts)}
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
  );
}
