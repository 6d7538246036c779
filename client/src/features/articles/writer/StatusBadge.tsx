import type { ArticleStatus } from '../types';

/** 'Accepted' is never produced by the server; it reads as Approved (docs/api-contract.md). */
export function displayStatus(status: ArticleStatus): Exclude<ArticleStatus, 'Accepted'> {
  return status === 'Accepted' ? 'Approved' : status;
}

const tone: Record<Exclude<ArticleStatus, 'Accepted'>, string> = {
  Pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  Declined: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ status }: { status: ArticleStatus }) {
  const shown = displayStatus(status);
  return <span className={`badge ${tone[shown]}`}>{shown}</span>;
}
