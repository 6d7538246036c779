import { Link } from 'react-router-dom';
import { PLAN_CARDS } from '../content';
import { CheckIcon } from '@/components/screen-icons';

export function PlanCards() {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {PLAN_CARDS.map((plan) => (
        <div
          key={plan.name}
          className={`card relative flex flex-col p-7 ${plan.highlighted ? 'border-2 border-accent shadow-lg md:-translate-y-2' : ''}`}
          data-testid="plan-card"
        >
          {plan.highlighted && (
            <span className="badge absolute -top-3 left-1/2 -translate-x-1/2 bg-accent text-on-brand dark:text-slate-950">
              Most popular
            </span>
          )}
          <h3 className="text-2xl font-bold">{plan.name}</h3>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="font-display text-5xl font-bold">{plan.price}</span>
            <span className="text-sm text-muted">{plan.period}</span>
          </p>
          <ul className="mt-6 flex-1 space-y-3 text-sm">
            {plan.features.map((f) => (
              <li key={f} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 shrink-0 text-success" aria-hidden="true" /> {f}
              </li>
            ))}
          </ul>
          <Link
            to={plan.subscription ? `/subscription?plan=${plan.subscription}` : '/subscription'}
            className={`btn mt-8 w-full ${plan.highlighted ? 'btn-primary' : 'btn-outline'}`}
          >
            {plan.name === 'Free' ? 'Start for free' : `Choose ${plan.name}`}
          </Link>
        </div>
      ))}
    </div>
  );
}
