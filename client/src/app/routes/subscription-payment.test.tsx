import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext, ThemeContext } from '@/lib/auth';
import { sessionValue, Where } from '@/test/render-screen';
import Payment from './Payment';

function renderPayment(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/subscription', element: <Where /> },
      { path: '/payment', element: <Payment /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={sessionValue()}>
        <ThemeContext.Provider value={{ darkMode: false, toggleDarkMode: () => undefined }}>
          <RouterProvider router={router} />
        </ThemeContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('/payment?plan=: a renewing subscription', () => {
  it('shows the plan’s price per interval, and explains when payments are not configured', () => {
    renderPayment('/payment?plan=yearly');
    expect(screen.getByRole('heading', { name: 'Total Payment Amount' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-amount')).toHaveTextContent('$100per year');
    expect(
      screen.getByText(/Yearly subscription: renews every year until you cancel it/),
    ).toBeInTheDocument();
    expect(screen.getByText('Payments are not configured')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe for/ })).toBeNull();
  });

  it('an unknown plan goes back to /subscription', () => {
    renderPayment('/payment?plan=weekly');
    expect(screen.getByTestId('where')).toHaveTextContent('/subscription');
  });
});
