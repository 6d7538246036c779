import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@newsroom/common/limits';
import { useCallback, useId, useState } from 'react';

/** The page sizes the API accepts (the default is 5; pages are 1-based), re-exported for the tables. */
export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  limit: number;
  onPageChange: (page: number) => void;
  /** Changing the page size goes back to page 1 (the caller decides; see usePagination). */
  onLimitChange: (limit: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Users pages'. */
  label?: string;
}

/** Page numbers to show: all of them when few, else the first, the last and a window around the current. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const pages = new Set([1, totalPages, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/** Page + page size state for a paged list; a new page size starts again at page 1. */
export function usePagination(initialLimit: number = DEFAULT_PAGE_SIZE) {
  const [state, setState] = useState({ page: 1, limit: initialLimit });
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page: Math.max(1, page) })), []);
  const setLimit = useCallback((limit: number) => setState({ page: 1, limit }), []);
  return { page: state.page, limit: state.limit, setPage, setLimit };
}

export function Pagination({
  page,
  totalPages,
  limit,
  onPageChange,
  onLimitChange,
  label = 'Pagination',
}: PaginationProps) {
  const sizeId = useId();
  const pages = Math.max(1, totalPages);
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className="btn btn-outline px-3"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
          >
            Prev
          </button>
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={`btn min-w-10 px-3 ${p === page ? 'btn-primary' : 'btn-outline'}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onPageChange(p)}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="btn btn-outline px-3"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pages}
          >
            Next
          </button>
        </li>
      </ul>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-sm text-muted">
          Per page
        </label>
        <select
          id={sizeId}
          className="input w-auto py-1.5"
          value={limit}
          onChange={(e) => onLimitChange(Number(e.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
