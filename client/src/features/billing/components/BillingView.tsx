import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Link } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { useBilling, useCancelSubscription, useResumeSubscription } from '@/lib/api/billing';
import type { BillingSummary, SubscriptionPlanId } from '@/lib/api/types';
import { useAuth } from '@/lib/auth';
import { isLiveSubscription, planLabel } from '@/lib/billing-labels';
import { formatDate } from '@/lib/format-date';
import { swal } from '@/lib/swal';
import { otherPlan } from '../format';
import { billingMessages as m } from '../messages';
import { AccessSummary } from './AccessSummary';
import { PaymentsTable } from './PaymentsTable';
import { SwitchPlanDialog } from './SwitchPlanDialog';
import { UpdateCardDialog } from './UpdateCardDialog';

/**
 * /user-dashboard/billing: current access and why, the subscription with its actions (cancel at
 * period end, resume, switch monthly ↔ yearly, new card), the card on file and every payment.
 */
export function BillingView() {
  const email = useAuth().user?.email ?? '';
  const billing = useBilling(email, email !== '');

  if (billing.isPending) return <FullScreenLoader label="Loading your billing" />;
  if (billing.isError) {
    return <LoadError title={m.loadFailed} error={billing.error} onRetry={() => billing.refetch()} />;
  }
  return <Billing email={email} billing={billing.data} />;
}

function Billing({ email, billing }: { email: string; billing: BillingSummary }) {
  const { subscription, card } = billing;
  const live = !!subscription && isLiveSubscription(subscription.status);
  const [switchTo, setSwitchTo] = useState<SubscriptionPlanId | null>(null);
  const [cardOpen, setCardOpen] = useState(false);

  return (
    <div className="space-y-8">
      <section aria-labelledby="access-heading" className="card space-y-4 p-6">
        <h2 id="access-heading" className="text-xl font-bold">
          {m.accessHeading}
        </h2>
        <AccessSummary billing={billing} />
        {live && subscription ? (
          <SubscriptionActions
            email={email}
            billing={billing}
            onSwitch={() => setSwitchTo(otherPlan(subscription.plan))}
          />
        ) : (
          <div className="flex flex-wrap gap-3">
            <Link to="/payment?plan=monthly" className="btn btn-primary">
              Subscribe monthly
            </Link>
            <Link to="/payment?plan=yearly" className="btn btn-outline">
              Subscribe yearly
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="card-heading" className="card space-y-4 p-6">
        <h2 id="card-heading" className="text-xl font-bold">
          {m.cardHeading}
        </h2>
        <p data-testid="card-on-file">{card ? m.card(brandName(card.brand), card.last4) : m.noCard}</p>
        {live && (
          <button type="button" className="btn btn-outline" onClick={() => setCardOpen(true)}>
            {m.updateCardButton}
          </button>
        )}
      </section>

      <section aria-labelledby="payments-heading" className="space-y-4">
        <h2 id="payments-heading" className="text-xl font-bold">
          {m.paymentsHeading}
        </h2>
        <PaymentsTable payments={billing.payments} />
      </section>

      <SwitchPlanDialog
        email={email}
        plan={switchTo}
        onClose={() => setSwitchTo(null)}
        onSwitched={(label) => toast.success(m.switched(label))}
      />
      <UpdateCardDialog
        open={cardOpen}
        onClose={() => setCardOpen(false)}
        onSaved={() => {
          setCardOpen(false);
          toast.success(m.cardUpdated);
        }}
      />
    </div>
  );
}

/** 'visa' → 'Visa', 'amex' → 'Amex'. */
const brandName = (brand: string) => (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');

function SubscriptionActions({
  email,
  billing,
  onSwitch,
}: {
  email: string;
  billing: BillingSummary;
  onSwitch: () => void;
}) {
  const subscription = billing.subscription!;
  const cancel = useCancelSubscription(email);
  const resume = useResumeSubscription(email);
  // Premium from the subscription lasts to the end of the paid period (or a later pass end).
  const until = formatDate(billing.premium.premiumEndAt ?? subscription.currentPeriodEnd ?? '', 'long') ?? '';

  const onCancel = async () => {
    const { isConfirmed } = await swal.fire({
      title: m.cancelConfirmTitle,
      text: m.cancelConfirmText(until),
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: m.cancelConfirmButton,
      cancelButtonText: m.keepButton,
    });
    if (!isConfirmed) return;
    cancel.mutate(undefined, { onSuccess: () => toast.success(m.cancelled(until)) });
  };

  const busy = cancel.isPending || resume.isPending;
  return (
    <div className="flex flex-wrap gap-3">
      {subscription.cancelAtPeriodEnd ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => resume.mutate(undefined, { onSuccess: () => toast.success(m.resumed) })}
        >
          {resume.isPending && <Spinner className="size-4" label="Resuming" />}
          {m.resumeButton}
        </button>
      ) : (
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void onCancel()}>
          {cancel.isPending && <Spinner className="size-4" label="Cancelling" />}
          {m.cancelButton}
        </button>
      )}
      <button type="button" className="btn btn-outline" disabled={busy} onClick={onSwitch}>
        {m.switchButton(planLabel(otherPlan(subscription.plan)))}
      </button>
    </div>
  );
}
