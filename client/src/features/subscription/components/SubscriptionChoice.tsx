import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSubscriptionPlans } from '@/lib/api/billing';
import { messages } from '../messages';
import { BenefitList } from './BenefitList';

const BENEFITS = [
  'Every premium article',
  'Post as many articles as you like',
  'Renews automatically; cancel anytime on your billing page',
];

/**
 * The renewing Monthly and Yearly subscriptions (GET /subscription-plans), one preselected by
 * /subscription?plan= (Home's plan cards); continuing goes to /payment?plan= for the card.
 */
export function SubscriptionChoice() {
  const plans = useSubscriptionPlans().data;
  const navigate = useNavigate();
  const asked = useSearchParams()[0].get('plan');
  const [planId, setPlanId] = useState(() => (plans.some((p) => p.id === asked) ? asked : null));
  const [showError, setShowError] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!planId) {
      setShowError(true);
      return;
    }
    void navigate(`/payment?plan=${encodeURIComponent(planId)}`);
  };

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="card mt-8 space-y-6 p-6 sm:p-8"
      aria-labelledby="subscriptions-heading"
    >
      <div>
        <h2 id="subscriptions-heading" className="text-xl font-bold">
          Subscriptions that renew
        </h2>
        <p className="mt-1 text-muted">
          Premium for as long as you stay subscribed. If you hold a pass, your subscription starts when it
          ends, so you never pay twice for the same days.
        </p>
      </div>
      <fieldset aria-describedby={showError && !planId ? 'subscription-error' : undefined}>
        <legend className="label">{messages.chooseSubscription}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {plans.map((plan) => (
            <label
              key={plan.id}
              className="group flex cursor-pointer items-center gap-3 rounded-lg border border-rule p-4 focus-within:ring-2 focus-within:ring-accent has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input
                type="radio"
                name="subscription-plan"
                value={plan.id}
                checked={planId === plan.id}
                onChange={() => {
                  setPlanId(plan.id);
                  setShowError(false);
                }}
                className="size-4 accent-accent"
              />
              <span>
                <span className="block font-semibold">{plan.label}</span>
                {/* On the chosen card's tinted background the muted grey is too faint (dark theme). */}
                <span className="block text-sm text-muted group-has-[:checked]:text-ink">
                  ${plan.amount} per {plan.interval}
                </span>
              </span>
            </label>
          ))}
        </div>
        {showError && !planId && (
          <p id="subscription-error" className="field-error" role="alert">
            {messages.subscriptionRequired}
          </p>
        )}
      </fieldset>
      <BenefitList items={BENEFITS} />
      <div className="flex justify-end border-t border-rule pt-6">
        <button type="submit" className="btn btn-primary">
          {messages.continueToSubscribe}
        </button>
      </div>
    </form>
  );
}
