import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingSummary } from '@/lib/api/types';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { allowDialogs } from '@/test/dialog-polyfill';
import { allowToasts, renderScreen } from '@/test/render-screen';
import { BillingView } from './BillingView';

// Midday UTC: the same calendar day in every time zone the tests may run in.
const PERIOD_END = '2026-07-01T12:00:00.000Z';

const ACTIVE: BillingSummary = {
  premium: {
    active: true,
    premiumEndAt: PERIOD_END,
    source: 'subscription',
    passEndAt: null,
    subscriptionPaidThrough: PERIOD_END,
  },
  subscription: {
    id: 'sub_1',
    status: 'active',
    plan: 'monthly',
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    renewsOn: PERIOD_END,
    endsOn: null,
    trialEnd: null,
  },
  card: { brand: 'visa', last4: '4242' },
  payments: [
    {
      paymentIntentId: 'pi_sub1',
      kind: 'subscription',
      description: 'Subscription, 2026-06-01 to 2026-07-01',
      amount: 10,
      refundedAmount: 0,
      date: '2026-06-01T12:00:00.000Z',
      status: 'paid',
      receiptUrl: 'https://invoice.stripe.test/i/1',
      periodStart: '2026-06-01T12:00:00.000Z',
      periodEnd: PERIOD_END,
      takenBack: false,
    },
    {
      paymentIntentId: 'pi_pass1',
      kind: 'pass',
      description: 'Pass: 5 days',
      amount: 5,
      refundedAmount: 5,
      date: '2026-05-10T12:00:00.000Z',
      status: 'refunded',
      receiptUrl: null,
      periodStart: null,
      periodEnd: null,
      takenBack: true,
    },
  ],
};

const CANCELLED: BillingSummary = {
  ...ACTIVE,
  subscription: { ...ACTIVE.subscription!, cancelAtPeriodEnd: true, renewsOn: null, endsOn: PERIOD_END },
};

let api: ApiStandIn;
beforeAll(async () => {
  allowToasts();
  allowDialogs();
  api = await startApiStandIn();
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.length = 0;
});

/**
 * The billing API of one reader: GET /billing answers `state`, the actions change it. `staleSwitches`:
 * how many switches are refused first as the server refuses one whose preview is over 5 minutes old.
 */
function billingServer(initial: BillingSummary, { staleSwitches = 0 } = {}) {
  let state = initial;
  let previews = 0;
  api.respond(({ method, path }) => {
    if (method === 'GET' && path === '/billing') return { status: 200, body: state };
    if (method === 'POST' && path === '/billing/cancel') {
      state = CANCELLED;
      return { status: 200, body: state };
    }
    if (method === 'POST' && path === '/billing/resume') {
      state = ACTIVE;
      return { status: 200, body: state };
    }
    if (method === 'GET' && path === '/billing/switch-preview?plan=yearly') {
      previews += 1;
      return {
        status: 200,
        body: {
          plan: 'yearly',
          amountDue: previews === 1 ? 93.5 : 94.25,
          currency: 'usd',
          prorationDate: 1_780_000_000 + previews,
        },
      };
    }
    if (method === 'POST' && path === '/billing/switch' && staleSwitches > 0) {
      staleSwitches -= 1;
      return { status: 409, body: { message: 'The price shown has expired: preview the switch again' } };
    }
    if (method === 'POST' && path === '/billing/switch') {
      state = { ...ACTIVE, subscription: { ...ACTIVE.subscription!, plan: 'yearly' } };
      return { status: 200, body: state };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

const renderBilling = () =>
  renderScreen(
    <>
      <BillingView />
      <Toaster />
    </>,
  );

describe('the billing page', () => {
  it('shows the access and why, the card on file, and every payment with its status and receipt', async () => {
    billingServer(ACTIVE);
    renderBilling();

    const access = await screen.findByTestId('access-summary');
    expect(access).toHaveTextContent('Premium until 1 July 2026 (from your subscription)');
    expect(access).toHaveTextContent('Active Monthly subscription: renews on 1 July 2026.');
    expect(screen.getByTestId('card-on-file')).toHaveTextContent('Visa ending in 4242');

    const rows = screen.getAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Subscription, 2026-06-01 to 2026-07-01');
    expect(rows[0]).toHaveTextContent('$10.00');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('link', { name: /^Receipt: Subscription/ })).toHaveAttribute(
      'href',
      'https://invoice.stripe.test/i/1',
    );
    // A refund is said in words, with the time it took back.
    expect(rows[1]).toHaveTextContent('Pass: 5 days');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('premium time taken back');
    expect(rows[1]).toHaveTextContent('No receipt');
  });

  it('cancels at period end after a confirmation that says until when premium lasts, then resumes', async () => {
    billingServer(ACTIVE);
    const user = userEvent.setup();
    renderBilling();

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText(/Premium lasts until 1 July 2026\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel at period end' }));

    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
    expect(screen.getByTestId('access-summary')).toHaveTextContent('cancelled, ends on 1 July 2026');
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/billing/cancel']);

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(screen.getByTestId('access-summary')).toHaveTextContent('renews on 1 July 2026');
  }, 15_000);

  it('keeps the subscription when the confirmation is declined', async () => {
    billingServer(ACTIVE);
    const user = userEvent.setup();
    renderBilling();

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Keep my subscription' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.seen.some((r) => r.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  it('shows the prorated charge before switching, and switches without sending a date (the server keeps the preview’s)', async () => {
    billingServer(ACTIVE);
    const user = userEvent.setup();
    renderBilling();

    await user.click(await screen.findByRole('button', { name: 'Switch to Yearly' }));
    expect(await screen.findByTestId('switch-preview')).toHaveTextContent('Charged now: $93.50');
    expect(api.seen.some((r) => r.path === '/billing/switch')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Switch and pay $93.50' }));
    await waitFor(() =>
      expect(screen.getByTestId('access-summary')).toHaveTextContent('Yearly subscription: renews on'),
    );
    expect(api.seen.find((r) => r.path === '/billing/switch')?.body).toEqual({ plan: 'yearly' });
    expect(await screen.findByText('You are now on the Yearly plan.')).toBeInTheDocument();
  }, 15_000);

  it('says when the preview has expired and lets the reader preview again, then switch at the new price', async () => {
    billingServer(ACTIVE, { staleSwitches: 1 });
    const user = userEvent.setup();
    renderBilling();

    await user.click(await screen.findByRole('button', { name: 'Switch to Yearly' }));
    await user.click(await screen.findByRole('button', { name: 'Switch and pay $93.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The price shown has expired: preview the switch again',
    );
    expect(screen.getByRole('button', { name: 'Switch and pay $93.50' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Preview again' }));
    expect(await screen.findByTestId('switch-preview')).toHaveTextContent('Charged now: $94.25');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch and pay $94.25' }));
    await waitFor(() =>
      expect(screen.getByTestId('access-summary')).toHaveTextContent('Yearly subscription: renews on'),
    );
    expect(api.seen.filter((r) => r.path === '/billing/switch').map((r) => r.body)).toEqual([
      { plan: 'yearly' },
      { plan: 'yearly' },
    ]);
  }, 15_000);

  it("a pass holder's subscription says the first charge comes when the pass ends", async () => {
    const PASS_END = '2026-06-20T12:00:00.000Z';
    billingServer({
      ...ACTIVE,
      premium: { ...ACTIVE.premium, premiumEndAt: PASS_END, source: 'pass', passEndAt: PASS_END },
      subscription: { ...ACTIVE.subscription!, status: 'trialing', renewsOn: PASS_END, trialEnd: PASS_END },
    });
    renderBilling();
    const access = await screen.findByTestId('access-summary');
    expect(access).toHaveTextContent('Premium until 20 June 2026 (from your pass)');
    expect(access).toHaveTextContent(
      'Starts after the pass Monthly subscription: first charge, when your pass ends, on 20 June 2026.',
    );
  });

  it('without a subscription offers Monthly and Yearly, and no cancel or card update', async () => {
    billingServer({
      premium: {
        active: false,
        premiumEndAt: null,
        source: 'none',
        passEndAt: null,
        subscriptionPaidThrough: null,
      },
      subscription: null,
      card: null,
      payments: [],
    });
    renderBilling();

    expect(await screen.findByText(/No premium access/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe monthly' })).toHaveAttribute(
      'href',
      '/payment?plan=monthly',
    );
    expect(screen.getByRole('link', { name: 'Subscribe yearly' })).toHaveAttribute(
      'href',
      '/payment?plan=yearly',
    );
    expect(screen.getByText('No card on file.')).toBeInTheDocument();
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update card' })).toBeNull();
  });
});
