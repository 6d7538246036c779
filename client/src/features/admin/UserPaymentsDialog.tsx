import { DateTime } from '@/components/DateTime';
import { LoadError } from '@/components/LoadError';
import { Modal } from '@/components/Modal';
import { PaymentStatusBadge } from '@/components/PaymentStatusBadge';
import { Spinner } from '@/components/Spinner';
import { useGrantPremium, useRefundPayment, useUserBilling } from '@/lib/api/billing';
import { PREMIUM_GRANT_MAX_DAYS } from '@newsroom/common';
import { useState, type FormEvent } from 'react';
import type { BillingPayment } from '@/lib/api/types';
import { formatDollars, refundable } from '@/lib/billing-labels';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-date';
import { swal } from '@/lib/swal';
import { adminMessages as m } from './messages';

interface UserPaymentsDialogProps {
  /** The user whose payments are shown; null: closed. */
  user: { email: string; name: string } | null;
  onClose: () => void;
}

/**
 * An admin's view of one user's payments (GET /admin/billing?email=) with a Refund button on each
 * refundable one. The refund is confirmed first; the premium time comes back through Stripe's webhook.
 */
export function UserPaymentsDialog({ user, onClose }: UserPaymentsDialogProps) {
  const email = user?.email ?? '';
  const billing = useUserBilling(email, user !== null);
  const refund = useRefundPayment(email);
  const grant = useGrantPremium(email);
  const [days, setDays] = useState('7');

  const onGrant = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    onClose();
    try {
      const given = await grant.mutateAsync({ email: user.email, days: Number(days) });
      void swal.fire({
        icon: 'success',
        title: m.granted,
        text: m.grantedText(user.name, formatDate(given.premiumEndAt ?? '', 'short') ?? ''),
      });
    } catch (error) {
      console.error(error);
      void swal.fire({ icon: 'error', title: m.grantFailedTitle, text: errorMessage(error) });
    }
  };

  const onRefund = async (payment: BillingPayment) => {
    if (!user || !payment.paymentIntentId) return;
    // A SweetAlert cannot show above the open dialog (top layer): close it first.
    onClose();
    const { isConfirmed } = await swal.fire({
      title: m.refundConfirmTitle,
      text: m.refundConfirmText(
        formatDollars(payment.amount - payment.refundedAmount),
        payment.description,
        user.name,
      ),
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: m.refundConfirmButton,
    });
    if (!isConfirmed) return;
    try {
      await refund.mutateAsync(payment.paymentIntentId);
      void swal.fire({ icon: 'success', title: m.refunded, text: m.refundedText });
    } catch (error) {
      console.error(error);
      void swal.fire({ icon: 'error', title: m.refundFailedTitle, text: errorMessage(error) });
    }
  };

  return (
    <Modal open={user !== null} title={`Payments of ${user?.name ?? ''}`} onClose={onClose}>
      {billing.isPending ? (
        <Spinner label="Loading payments" />
      ) : billing.isError ? (
        <LoadError
          title="Payments could not be loaded."
          error={billing.error}
          onRetry={() => billing.refetch()}
        />
      ) : billing.data.payments.length === 0 ? (
        <p className="text-muted">No payments.</p>
      ) : (
        <ul className="divide-y divide-rule" aria-label="Payments">
          {billing.data.payments.map((payment, index) => (
            <li
              key={payment.paymentIntentId ?? `${payment.date}-${index}`}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold">{payment.description}</p>
                <p className="text-sm text-muted">
                  <DateTime value={payment.date} style="short" /> · {formatDollars(payment.amount)}
                </p>
                <PaymentStatusBadge payment={payment} />
              </div>
              {refundable(payment) && (
                <button
                  type="button"
                  className="btn btn-outline px-3 py-1.5"
                  onClick={() => void onRefund(payment)}
                  aria-label={`Refund ${payment.description} of ${formatDate(payment.date, 'short') ?? ''}`}
                >
                  Refund
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-4 border-t border-rule pt-4"
        onSubmit={(e) => void onGrant(e)}
        aria-label={m.grantTitle}
      >
        <h3 className="font-semibold">{m.grantTitle}</h3>
        <p className="text-sm text-muted" id="grant-help">
          {m.grantHelp}
        </p>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm">
            Days
            <input
              type="number"
              className="input w-28"
              min={1}
              max={PREMIUM_GRANT_MAX_DAYS}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-describedby="grant-help"
            />
          </label>
          <button type="submit" className="btn btn-primary px-3 py-1.5" disabled={grant.isPending}>
            Give {days || '…'} days
          </button>
        </div>
      </form>
    </Modal>
  );
}
