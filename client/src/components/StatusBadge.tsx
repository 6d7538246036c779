import type { HTMLAttributes } from 'react';
import type { ArticleStatus } from '@/lib/api/types';
import { LockIcon } from '@/components/screen-icons';

/** A status as it is shown: 'Accepted' is never produced by the server; it reads as Approved (docs/api-contract.md). */
export type ShownStatus = Exclude<ArticleStatus, 'Accepted'>;

export function displayStatus(status: ArticleStatus): ShownStatus {
  return status === 'Accepted' ? 'Approved' : status;
}

const tone: Record<ShownStatus, string> = {
  Pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  Declined: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  'Changes requested': 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  Scheduled: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
};

type SpanProps = Omit<HTMLAttributes<HTMLSpanElement>, 'children'>;

/**
 * An article's moderation status (Pending / Approved / Declined / Changes requested / Scheduled), the same colours
 * on every screen.
 */
export function StatusBadge({ status, className = '', ...rest }: { status: ArticleStatus } & SpanProps) {
  const shown = displayStatus(status);
  return (
    <span className={`badge ${tone[shown]} ${className}`.trim()} {...rest}>
      {shown}
    </span>
  );
}

/** Marks a premium article. */
export function PremiumBadge({ className = '', ...rest }: SpanProps) {
  return (
    <span className={`badge badge-premium ${className}`.trim()} {...rest}>
      <LockIcon className="mr-1" aria-hidden="true" /> Premium
    </span>
  );
}
