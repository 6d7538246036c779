import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, ThemeContext } from '@/lib/auth';
import { sessionValue, Where } from '@/test/render-screen';
import Payment from './Payment';
import { queryKeys } from '@/lib/api/keys';
import type { Plan } from '@/lib/api/types';
import { SubscriptionView } from '@/features/subscription/components/SubscriptionView';
import { paymentsConfigured } from '@/lib/stripe';

const PLANS: Plan[] = [
  { seconds: 60, amount: 1, label: '1 minute' },
  { seconds: 432000, amount: 5, label: '5 days' },
  { seconds: 864000, amount: 10, label: '10 days' },
];

function renderAt(path: string, element: ReactNode, value = sessionValue(), state?: unknown) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.plans, PLANS);
  const router = createMemoryRouter(
    [
      {
        path: '/subscription',
        element: (
          <>
            <SubscriptionView />
            <Where />
          </>
        ),
      },
      { path: '/payment', element },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={value}>
        <ThemeContext.Provider value={{ darkMode: false, toggleDarkMode: () => undefined }}>
          <RouterProvider router={router} />
        </ThemeContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('/subscription', () => {
  it('requires a plan, then carries "<seconds> <dollars>" to /payment', async () => {
    const user = userEvent.setup();
    renderAt('/subscription', <Where />);
    const select = screen.getByLabelText('Choose a plan');
    expect(Array.from(select.querySelectorAll('option:not([disabled])')).map((o) => o.textContent)).toEqual([
      '1 minute — $1',
      '5 days — $5',
      '10 days — $10',
    ]);

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a plan first');
    expect(screen.getByTestId('where')).toHaveTextContent('/subscription');

    await user.selectOptions(select, '432000');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/payment {"paymentInformation":"432000 5"}');
  });

  it('tells a premium user they already are, instead of the plan form', () => {
    renderAt('/subscription', <Where />, sessionValue({ subscribed: true }));
    expect(screen.getByText('You Hava Alredy Became A Premium User')).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a plan')).toBeNull();
  });
});

describe('/payment', () => {
  it('without payment information goes back to /subscription', () => {
    renderAt('/payment', <Payment />);
    expect(screen.getByTestId('where')).toHaveTextContent('/subscription');
  });

  it('without a publishable key shows the amount and explains payments are not configured, loading no Stripe.js', () => {
    expect(paymentsConfigured, 'unit tests run without VITE_STRIPE_PUBLISHABLE_KEY').toBe(false);
    renderAt('/payment', <Payment />, sessionValue(), { paymentInformation: '60 1' });
    expect(screen.getByRole('heading', { name: 'Total Payment Amount' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('$1');
    expect(screen.getByText('1 minute of premium')).toBeInTheDocument();
    expect(screen.getByText('Payments are not configured')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(document.querySelector('script[src*="js.stripe.com"]')).toBeNull();
  });
});
