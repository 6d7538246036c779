import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { allowDialogs } from '@/test/dialog-polyfill';
import { allowToasts, renderScreen, sessionValue } from '@/test/render-screen';
import { AllUsersTable } from './AllUsersTable';

const ROSA = {
  _id: 'a'.repeat(24),
  email: 'rosa@newsroom.test',
  name: 'Rosa',
  premiumEndAt: '2026-07-01T12:00:00.000Z',
  emailVerified: true,
  subscription: {
    status: 'active',
    plan: 'monthly',
    currentPeriodEnd: '2026-07-01T12:00:00.000Z',
    cancelAtPeriodEnd: true,
  },
};
const OTTO = {
  _id: 'b'.repeat(24),
  email: 'otto@newsroom.test',
  name: 'Otto',
  premiumEndAt: null,
  editor: true,
};

const ROSA_BILLING = {
  premium: {
    active: true,
    premiumEndAt: ROSA.premiumEndAt,
    source: 'subscription',
    passEndAt: null,
    subscriptionPaidThrough: ROSA.premiumEndAt,
  },
  subscription: null,
  card: null,
  payments: [
    {
      paymentIntentId: 'pi_rosa1',
      kind: 'subscription',
      description: 'Subscription, 2026-06-01 to 2026-07-01',
      amount: 10,
      refundedAmount: 0,
      date: '2026-06-01T12:00:00.000Z',
      status: 'paid',
      receiptUrl: null,
      periodStart: '2026-06-01T12:00:00.000Z',
      periodEnd: ROSA.premiumEndAt,
      takenBack: false,
    },
    {
      paymentIntentId: 'pi_rosa0',
      kind: 'pass',
      description: 'Pass: 5 days',
      amount: 5,
      refundedAmount: 5,
      date: '2026-05-01T12:00:00.000Z',
      status: 'refunded',
      receiptUrl: null,
      periodStart: null,
      periodEnd: null,
      takenBack: true,
    },
  ],
};

let api: ApiStandIn;
beforeAll(async () => {
  allowDialogs();
  allowToasts(); // also gives jsdom the matchMedia SweetAlert2 asks
  api = await startApiStandIn();
  api.respond(({ method, path }) => {
    if (path.startsWith('/all-users')) return { status: 200, body: { users: [ROSA, OTTO], totalPages: 1 } };
    if (path === `/admin/billing?email=${encodeURIComponent(ROSA.email)}`)
      return { status: 200, body: ROSA_BILLING };
    if (method === 'POST' && path === '/admin/premium-grants')
      return {
        status: 200,
        body: { id: 'g1', email: ROSA.email, days: 30, premiumEndAt: '2026-07-31T12:00:00.000Z' },
      };
    if (method === 'PATCH' && /^\/(make|remove)-editor\//.test(path))
      return { status: 200, body: { message: 'Changed to editor', modifiedCount: 1 } };
    if (method === 'POST' && path === '/admin/refunds')
      return { status: 200, body: { refundId: 're_1', status: 'succeeded' } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(() => api.close());

const admin = sessionValue({ isAdmin: true });

describe('All Users: the editor role', () => {
  it('offers Make Editor beside Make Admin, and Remove Editor to an editor', async () => {
    const user = userEvent.setup();
    renderScreen(<AllUsersTable />, { session: admin });

    const otto = (await screen.findByRole('button', { name: 'Remove Editor: Otto' })).closest('tr')!;
    expect(within(otto).getByText('Editor', { selector: '.badge' })).toBeInTheDocument();
    expect(within(otto).getByRole('button', { name: 'Make Admin: Otto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Editor: Otto' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Editor: Rosa' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Make Editor: Rosa' }));
    await waitFor(() =>
      expect(api.seen.some((r) => r.method === 'PATCH' && r.path === `/make-editor/${ROSA._id}`)).toBe(true),
    );
    expect(await screen.findByRole('heading', { name: 'Changed To Editor!' })).toBeInTheDocument();
    expect(screen.getByText('Rosa is now an editor.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.click(screen.getByRole('button', { name: 'Remove Editor: Otto' }));
    await waitFor(() =>
      expect(api.seen.some((r) => r.method === 'PATCH' && r.path === `/remove-editor/${OTTO._id}`)).toBe(
        true,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'No Longer An Editor' })).toBeInTheDocument();
  }, 15_000);
});

describe('All Users: subscriptions and refunds', () => {
  it("shows each user's subscription state in words", async () => {
    renderScreen(<AllUsersTable />, { session: admin });
    const cells = await screen.findAllByTestId('subscription');
    expect(cells[0]).toHaveTextContent('Monthly, Active');
    expect(cells[0]).toHaveTextContent('ends 1 Jul 2026');
    expect(cells[1]).toHaveTextContent('None');
  });

  it('refunds a paid payment after a confirmation; a refunded one offers no refund', async () => {
    const user = userEvent.setup();
    renderScreen(<AllUsersTable />, { session: admin });

    await user.click(await screen.findByRole('button', { name: 'Refund: Rosa' }));
    const payments = await screen.findByRole('list', { name: 'Payments' });
    const rows = within(payments).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Subscription, 2026-06-01 to 2026-07-01');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[0]!).getByRole('button', { name: /^Refund Subscription/ }));
    expect(
      await screen.findByText(/\$10\.00 for “Subscription, 2026-06-01 to 2026-07-01” goes back to Rosa/),
    ).toBeInTheDocument();
    expect(api.seen.some((r) => r.path === '/admin/refunds')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, refund' }));

    await waitFor(() =>
      expect(api.seen.find((r) => r.path === '/admin/refunds')?.body).toEqual({
        paymentIntentId: 'pi_rosa1',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Refunded' })).toBeInTheDocument();
  }, 15_000); // SweetAlert2 and two dialogs: slow on a busy 2-core machine

  it('gives a user days of premium from their payments dialog', async () => {
    const user = userEvent.setup();
    renderScreen(<AllUsersTable />, { session: admin });

    await user.click(await screen.findByRole('button', { name: 'Refund: Rosa' }));
    const form = await screen.findByRole('form', { name: 'Give premium' });
    const days = within(form).getByRole('spinbutton', { name: 'Days' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(form).getByRole('button', { name: 'Give 30 days' }));

    await waitFor(() =>
      expect(api.seen.find((r) => r.path === '/admin/premium-grants')?.body).toEqual({
        email: ROSA.email,
        days: 30,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Premium given' })).toBeInTheDocument();
    expect(screen.getByText(/Rosa is premium until/)).toBeInTheDocument();
  }, 15_000);
});
