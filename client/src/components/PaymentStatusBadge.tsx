import type { BillingPayment } from '@/lib/api/types';
import { formatDollars, paymentStatusLabel } from '@/lib/billing-labels';

const TONE: Record<BillingPayment['status'], string> = {
  paid: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  open: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  refunded: 'bg-surface-2 text-ink',
  partially_refunded: 'bg-surface-2 text-ink',
  disputed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** A payment's status in words (the colour only repeats them), with what a refund or dispute took. */
export function PaymentStatusBadge({ payment }: { payment: BillingPayment }) {
  const partial = payment.status === 'partially_refunded' && payment.refundedAmount > 0;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className={`badge ${TONE[payment.status]}`}>{paymentStatusLabel(payment.status)}</span>
      {partial && (
        <span className="text-xs text-muted">{formatDollars(payment.refundedAmount)} refunded</span>
      )}
      {payment.takenBack && <span className="text-xs text-muted">premium time taken back</span>}
    </span>
  );
}
