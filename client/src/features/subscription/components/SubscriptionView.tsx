import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { errorMessage } from '@/lib/error-message';
import { useAuth } from '@/lib/auth';
import { usePlans } from '@/lib/api/payments';
import { messages } from '../messages';
import { BenefitList } from './BenefitList';
import { formatPaymentInformation, type PaymentRouteState } from '../payment-information';
import { AwardIcon } from '@/components/screen-icons';
import { SubscriptionChoice } from './SubscriptionChoice';

const BENEFITS = [
  'Every premium article',
  'Post as many articles as you like',
  'No automatic renewal: it simply ends',
];

/** /subscription: choose a plan of the catalog, then continue to /payment; premium users are told they already are. */
export function SubscriptionView() {
  const { subscribed, subscriptionLoading } = useAuth();
  if (subscriptionLoading) return <FullScreenLoader />;
  return (
    <section className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <p className="section-kicker">Premium</p>
        <h1 className="section-title mt-1">Subscription</h1>
        {subscribed ? (
          <AlreadyPremium />
        ) : (
          <>
            <SubscriptionChoice />
            <h2 className="mt-12 text-xl font-bold">Or a pass that simply ends</h2>
            <PlanForm />
          </>
        )}
      </div>
    </section>
  );
}

function AlreadyPremium() {
  return (
    <div className="card mt-8 flex flex-col items-center gap-4 p-8 text-center" data-testid="already-premium">
      <span className="grid size-14 place-items-center rounded-full bg-premium-soft text-premium">
        <AwardIcon className="size-7" aria-hidden="true" />
      </span>
      <p className="font-display text-2xl font-bold">{messages.alreadyPremium}</p>
      <Link to="/premium-articles" className="btn btn-primary">
        Read premium articles
      </Link>
      <p className="text-sm text-muted">
        Holding a pass? Subscribe to keep premium after it ends, or manage your subscription, on{' '}
        <Link to="/user-dashboard/billing" className="font-semibold text-accent underline">
          your billing page
        </Link>
        .
      </p>
    </div>
  );
}

function PlanForm() {
  const plans = usePlans();
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState('');
  const [showError, setShowError] = useState(false);
  const chosen = plans.data?.find((p) => String(p.seconds) === seconds);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setShowError(true);
      return;
    }
    const state: PaymentRouteState = {
      paymentInformation: formatPaymentInformation({ time: chosen.seconds, amount: chosen.amount }),
    };
    void navigate('/payment', { state });
  };

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="card mt-8 space-y-6 p-6 sm:p-8"
      aria-label="Plan choice"
    >
      <p className="text-muted">
        Premium opens every premium article and lifts the free plan&apos;s posting limit for as long as your
        plan runs.
      </p>
      <div>
        <label htmlFor="plan" className="label">
          {messages.choosePlan}
        </label>
        <select
          id="plan"
          className="input"
          value={seconds}
          disabled={!plans.data}
          aria-invalid={showError && !chosen}
          aria-describedby={showError && !chosen ? 'plan-error' : undefined}
          onChange={(e) => {
            setSeconds(e.target.value);
            setShowError(false);
          }}
        >
          <option value="" disabled>
            {plans.isPending ? 'Loading plans…' : 'Select a plan'}
          </option>
          {plans.data?.map((plan) => (
            <option key={plan.seconds} value={plan.seconds}>
              {plan.label} — ${plan.amount}
            </option>
          ))}
        </select>
        {showError && !chosen && (
          <p id="plan-error" className="field-error" role="alert">
            {messages.planRequired}
          </p>
        )}
        {plans.isError && (
          <div className="field-error" role="alert">
            <p>{messages.plansUnavailable}</p>
            <p>{errorMessage(plans.error)}</p>
            <button type="button" className="btn btn-outline mt-2" onClick={() => void plans.refetch()}>
              Try again
            </button>
          </div>
        )}
      </div>
      <BenefitList items={BENEFITS} />
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-rule pt-6">
        <p className="text-sm text-muted" aria-live="polite">
          {chosen ? (
            <>
              Total: <strong className="text-ink">${chosen.amount}</strong> for {chosen.label}
            </>
          ) : (
            'No plan chosen yet'
          )}
        </p>
        <button type="submit" className="btn btn-primary">
          {messages.continueToPayment}
        </button>
      </div>
    </form>
  );
}
