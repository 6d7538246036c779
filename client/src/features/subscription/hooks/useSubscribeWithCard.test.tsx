import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { useLocation } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { allowToasts, renderScreen, sessionValue } from '@/test/render-screen';
import { useSubscribeWithCard } from './useSubscribeWithCard';

const MONTHLY = { id: 'monthly', amount: 10, interval: 'month', label: 'Monthly' } as const;

let api: ApiStandIn;
beforeAll(async () => {
  allowToasts();
  api = await startApiStandIn();
});
afterAll(() => api.close());

/** A button that subscribes with a stand-in for Stripe.js, and where the reader ends up. */
function Subscribe({ stripe }: { stripe: Stripe }) {
  const subscription = useSubscribeWithCard();
  const { pathname } = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => subscription.mutate({ stripe, card: {} as StripeCardElement, plan: MONTHLY })}
      >
        Subscribe
      </button>
      {subscription.isError && <p role="alert">{subscription.error.message}</p>}
      <output data-testid="here">{pathname}</output>
      <Toaster />
    </>
  );
}

function fakeStripe(error?: { message: string }) {
  return {
    confirmCardPayment: vi.fn(async () => (error ? { error } : { paymentIntent: { status: 'succeeded' } })),
    confirmCardSetup: vi.fn(async () => ({ setupIntent: { status: 'succeeded' } })),
  };
}

const ACTIVE_BILLING = {
  premium: {
    active: true,
    premiumEndAt: '2026-07-01T12:00:00.000Z',
    source: 'subscription',
    passEndAt: null,
    subscriptionPaidThrough: '2026-07-01T12:00:00.000Z',
  },
  subscription: null,
  card: null,
  payments: [],
};

describe('subscribing with the card field', () => {
  it("confirms the first invoice's client secret, shows premium and lands on the billing page", async () => {
    api.respond(({ method, path }) => {
      if (method === 'POST' && path === '/billing/subscription') {
        return {
          status: 200,
          body: {
            subscriptionId: 'sub_1',
            status: 'incomplete',
            intent: { type: 'payment', clientSecret: 'pi_1_secret_x' },
            trialEnd: null,
          },
        };
      }
      if (path === '/billing') return { status: 200, body: ACTIVE_BILLING };
      return { status: 404, body: { message: 'Not found' } };
    });
    const stripe = fakeStripe();
    const markSubscribed = vi.fn();
    const user = userEvent.setup();
    renderScreen(<Subscribe stripe={stripe as unknown as Stripe} />, {
      session: sessionValue({ markSubscribed }),
      path: '/payment',
    });

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Subscribed: Monthly. Premium is yours until you cancel.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('here')).toHaveTextContent('/user-dashboard/billing'));
    expect(markSubscribed).toHaveBeenCalledTimes(1);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', expect.anything());
    expect(api.seen.find((r) => r.path === '/billing/subscription')?.body).toEqual({ plan: 'monthly' });
  });

  it('a pass holder confirms the trial’s card (SetupIntent) instead of a payment', async () => {
    api.respond(({ path }) =>
      path === '/billing/subscription'
        ? {
            status: 200,
            body: {
              subscriptionId: 'sub_2',
              status: 'trialing',
              intent: { type: 'setup', clientSecret: 'seti_2_secret_y' },
              trialEnd: '2026-06-10T12:00:00.000Z',
            },
          }
        : { status: 200, body: ACTIVE_BILLING },
    );
    const stripe = fakeStripe();
    const user = userEvent.setup();
    renderScreen(<Subscribe stripe={stripe as unknown as Stripe} />, { path: '/payment' });

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByTestId('here')).toHaveTextContent('/user-dashboard/billing'));
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_2_secret_y', expect.anything());
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("a declined card shows Stripe's words and the reader stays on the payment page", async () => {
    api.respond(({ path }) =>
      path === '/billing/subscription'
        ? {
            status: 200,
            body: {
              subscriptionId: 'sub_3',
              status: 'incomplete',
              intent: { type: 'payment', clientSecret: 'pi_3_secret_z' },
              trialEnd: null,
            },
          }
        : { status: 200, body: ACTIVE_BILLING },
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderScreen(
      <Subscribe stripe={fakeStripe({ message: 'Your card was declined.' }) as unknown as Stripe} />,
      {
        path: '/payment',
      },
    );

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByTestId('here')).toHaveTextContent('/payment');
  });
});
