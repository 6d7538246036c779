import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '@/components/Logo';
import { ThemeToggle } from '@/components/ThemeToggle';
import { ArrowLeftIcon, LockIcon } from '@/components/screen-icons';
import { paymentsConfigured } from '@/lib/stripe';
import { messages } from '../messages';

/**
 * The payment page's frame (outside the layout): logo and theme, a way back to the plans, what is
 * bought (`summary`), then the card form, or why payments are off on this site.
 */
export function PaymentLayout({ summary, children }: { summary: ReactNode; children: ReactNode }) {
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
          {summary}
          <div className="mt-8">
            {paymentsConfigured ? (
              children
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
