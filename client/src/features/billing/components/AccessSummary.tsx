import { Link } from 'react-router-dom';
import { DateTime } from '@/components/DateTime';
import type { BillingSummary } from '@/lib/api/types';
import { planLabel, subscriptionStatusLabel } from '@/lib/billing-labels';

const SOURCE_LABEL: Record<BillingSummary['premium']['source'], string> = {
  pass: 'from your pass',
  subscription: 'from your subscription',
  grant: 'granted by Newsroom',
  none: '',
};

/** Current access and why: the pass, the subscription (renews on … / ends on …), or none. */
export function AccessSummary({ billing }: { billing: BillingSummary }) {
  const { premium, subscription } = billing;
  // A trial exists only while a pass runs: its end is the first charge.
  const renewal = subscription?.status === 'trialing' ? 'first charge, when your pass ends, on' : 'renews on';
  return (
    <div className="space-y-2" data-testid="access-summary">
      {premium.active && premium.premiumEndAt ? (
        <p className="text-lg font-semibold">
          Premium until <DateTime value={premium.premiumEndAt} />{' '}
          <span className="font-normal text-muted">({SOURCE_LABEL[premium.source]})</span>
        </p>
      ) : (
        <p className="text-lg font-semibold">
          No premium access.{' '}
          <Link to="/subscription" className="font-semibold text-accent underline">
            See plans
          </Link>
        </p>
      )}
      {premium.source === 'subscription' &&
        premium.passEndAt &&
        new Date(premium.passEndAt).getTime() > Date.now() && (
          <p>
            Your pass runs after it, until <DateTime value={premium.passEndAt} />.
          </p>
        )}
      {subscription && (
        <p>
          <span className="badge mr-2 bg-surface-2 text-ink">
            {subscriptionStatusLabel(subscription.status)}
          </span>{' '}
          {subscription.plan ? `${planLabel(subscription.plan)} subscription` : 'Subscription'}
          {subscription.renewsOn ? (
            <>
              : {renewal} <DateTime value={subscription.renewsOn} />.
            </>
          ) : subscription.endsOn ? (
            <>
              : {subscription.cancelAtPeriodEnd ? 'cancelled, ends on' : 'ended on'}{' '}
              <DateTime value={subscription.endsOn} />.
            </>
          ) : (
            '.'
          )}
        </p>
      )}
      {subscription?.status === 'past_due' && (
        <p role="status" className="rounded-md border border-rule bg-surface-2 p-3 text-sm">
          Your last renewal could not be charged. Stripe tries the card again over the next days; update your
          card to keep premium.
        </p>
      )}
    </div>
  );
}
