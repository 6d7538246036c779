import { DateTime } from '@/components/DateTime';
import { PaymentStatusBadge } from '@/components/PaymentStatusBadge';
import { TableShell } from '@/components/TableShell';
import type { BillingPayment } from '@/lib/api/types';
import { formatDollars } from '@/lib/billing-labels';
import { billingMessages as m } from '../messages';

/**
 * Every payment (passes and subscription invoices), newest first, with refunds shown. On a phone the
 * rows are cards (TableShell), never a table scrolled sideways.
 */
export function PaymentsTable({ payments }: { payments: BillingPayment[] }) {
  if (payments.length === 0) return <p className="text-muted">{m.noPayments}</p>;
  return (
    <TableShell
      caption="Your payments, newest first"
      columns={['Payment', 'Date', 'Amount', 'Status', 'Receipt']}
      minWidthClass="sm:min-w-[640px]"
    >
      {payments.map((payment, index) => (
        <tr key={payment.paymentIntentId ?? `${payment.date}-${index}`} data-testid="payment-row">
          <th scope="row" className="px-4 py-3 font-semibold">
            {payment.description}
          </th>
          <td className="px-4 py-3" data-label="Date">
            <DateTime value={payment.date} style="short" />
          </td>
          <td className="px-4 py-3" data-label="Amount">
            {formatDollars(payment.amount)}
          </td>
          <td className="px-4 py-3" data-label="Status">
            <PaymentStatusBadge payment={payment} />
          </td>
          <td className="px-4 py-3" data-actions>
            {payment.receiptUrl ? (
              <a
                href={payment.receiptUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-accent underline"
                aria-label={`Receipt: ${payment.description} (opens in a new tab)`}
              >
                Receipt
              </a>
            ) : (
              <span className="text-muted">No receipt</span>
            )}
          </td>
        </tr>
      ))}
    </TableShell>
  );
}
