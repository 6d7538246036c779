import type { ReactNode } from 'react';

interface TableShellProps {
  /** Read by screen readers only. */
  caption: ReactNode;
  columns: string[];
  /**
   * Tailwind min-width of the table from 640 px up, e.g. 'sm:min-w-[640px]' (a tablet scrolls it
   * sideways). Below 640 px each row is a card (`.table-cards` in index.css): cells with a
   * `data-label` show it, `data-actions` cells hold the row's buttons, 44 px tall.
   */
  minWidthClass: string;
  /** Padding of the header cells, e.g. 'px-4 py-3'. */
  cellClass?: string;
  /** The previous page is still shown while the next one loads: dimmed and marked busy. */
  stale?: boolean;
  /** Rows of many short figures: on a phone their labelled cells sit two to a line. */
  pairedCells?: boolean;
  /** The <tr> rows. */
  children: ReactNode;
}

/**
 * A dashboard table in a card: hidden caption, column headings, and rows given as children. On a phone
 * (below 640 px) the rows become cards with every action in view, never scrolled sideways.
 */
export function TableShell({
  caption,
  columns,
  minWidthClass,
  cellClass = 'px-4 py-3',
  stale,
  pairedCells,
  children,
}: TableShellProps) {
  return (
    <div
      className={`card table-cards transition-opacity sm:overflow-x-auto ${pairedCells ? 'table-cards-paired' : ''} ${stale ? 'opacity-60' : ''}`}
      aria-busy={stale}
    >
      <table className={`w-full ${minWidthClass} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-rule bg-surface-2 text-xs tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={cellClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-rule">{children}</tbody>
      </table>
    </div>
  );
}
