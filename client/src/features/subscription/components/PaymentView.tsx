import { Elements } from '@stripe/react-stripe-js';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { getStripe, paymentsConfigured } from '@/lib/stripe';
import { messages } from '../messages';
import { describeDuration, type PaymentInformation } from '../payment-information';
import { CardPaymentForm } from './CardPaymentForm';
import { ArrowLeftIcon, LockIcon } from '@/components/screen-icons';

/** /payment (outside the layout): the amount, the card field and the Pay button. */
export function PaymentView({ payment }: { payment: PaymentInformation }) {
  return (
    <div className="min-h-screen bg-paper">
      <header className="border-b border-rule bg-surface">
        <div className="container-page flex items-center justify-between py-3">
          <Logo />
          <ThemeToggle />
        </div>
      </header>
      <main className="container-page flex justify-center py-10 sm:py-16">
        <div className="card w-full max-w-lg p-6 sm:p-8">
          <Link
            to="/subscription"
            className="inline-flex items-center gap-1 text-sm font-semibold text-accent hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" /> Back to plans
          </Link>
          <h1 className="mt-6 font-display text-2xl font-bold">{messages.totalPaymentAmount}</h1>
          <p className="mt-2 font-display text-5xl font-bold tracking-tight" data-testid="payment-amount">
            ${payment.amount}
          </p>
          <p className="mt-1 text-muted">{describeDuration(payment.time)} of premium</p>
          <div className="mt-8">
            {paymentsConfigured ? (
              <Elements stripe={getStripe()}>
                <CardPaymentForm payment={payment} />
              </Elements>
            ) : (
              <div role="status" className="rounded-md border border-rule bg-surface-2 p-4">
                <p className="font-semibold">{messages.paymentsNotConfigured}</p>
                <p className="mt-1 text-sm text-muted">{messages.paymentsNotConfiguredHelp}</p>
              </div>
            )}
          </div>
          <p className="mt-6 flex items-center gap-2 text-xs text-muted">
            <LockIcon aria-hidden="true" /> Card details go straight to Stripe; they never touch our servers.
          </p>
        </div>
      </main>
    </div>
  );
}
