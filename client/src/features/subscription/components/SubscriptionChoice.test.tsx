import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/api/keys';
import { renderScreen, sessionValue } from '@/test/render-screen';
import { SubscriptionView } from './SubscriptionView';

/** Where the reader is, with the query (the subscription goes to /payment?plan=). */
function Here() {
  const { pathname, search } = useLocation();
  return <output data-testid="here">{`${pathname}${search}`}</output>;
}

function renderAt(path: string, session = sessionValue()) {
  // The passes' catalog (GET /plans) as the passes form shows it.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.plans, [{ seconds: 60, amount: 1, label: '1 minute' }]);
  return renderScreen(
    <>
      <SubscriptionView />
      <Here />
    </>,
    { path, session, client },
  );
}

describe('/subscription: renewing subscriptions beside the passes', () => {
  it('offers Monthly and Yearly at the catalog prices and needs one chosen before the card', async () => {
    const user = userEvent.setup();
    renderAt('/subscription');
    const group = screen.getByRole('group', { name: 'Choose a subscription' });
    expect(group).toHaveTextContent('Monthly$10 per month');
    expect(group).toHaveTextContent('Yearly$100 per year');
    // The passes' form is still there, as it was.
    expect(screen.getByLabelText('Choose a plan')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to card details' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose Monthly or Yearly first');
    expect(screen.getByTestId('here')).toHaveTextContent('/subscription');

    await user.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to card details' }));
    expect(screen.getByTestId('here')).toHaveTextContent('/payment?plan=monthly');
  });

  it("preselects the plan Home's card named (?plan=yearly)", async () => {
    const user = userEvent.setup();
    renderAt('/subscription?plan=yearly');
    expect(screen.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Monthly/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to card details' }));
    expect(screen.getByTestId('here')).toHaveTextContent('/payment?plan=yearly');
  });

  it('points a premium reader to the billing page, without the plan forms', () => {
    renderAt('/subscription', sessionValue({ subscribed: true }));
    expect(screen.getByText('You Hava Alredy Became A Premium User')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Choose a subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'your billing page' })).toHaveAttribute(
      'href',
      '/user-dashboard/billing',
    );
  });
});
