import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RevenueMonth, RevenueReport } from '@/lib/api/revenue';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen, sessionValue } from '@/test/render-screen';
import { RevenueView } from './RevenueView';

// recharts measures its container and jsdom has no layout: the container reports a chart-sized box
// (so recharts draws instead of warning), and the words and the tables are what is checked.
class FixedSize {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 600, height: 280 } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
const realResizeObserver = globalThis.ResizeObserver;

const quiet = (month: string): RevenueMonth => ({
  month,
  newSubscriptions: 0,
  cancelledSubscriptions: 0,
  subscriptionPayments: 0,
  subscriptionRevenue: 0,
  passesSold: 0,
  passRevenue: 0,
  refunds: 0,
  refundedAmount: 0,
  disputes: 0,
  disputedAmount: 0,
  gross: 0,
  net: 0,
});

const REPORT: RevenueReport = {
  asOf: '2031-04-05T12:00:00.000Z',
  currency: 'usd',
  mrr: 1528.33,
  subscribers: [
    { plan: 'monthly', active: 140, pastDue: 2, mrr: 1420 },
    { plan: 'yearly', active: 13, pastDue: 0, mrr: 108.33 },
  ],
  months: [
    quiet('2031-02'),
    {
      month: '2031-03',
      newSubscriptions: 4,
      cancelledSubscriptions: 0,
      subscriptionPayments: 4,
      subscriptionRevenue: 1130,
      passesSold: 3,
      passRevenue: 16,
      refunds: 2,
      refundedAmount: 31,
      disputes: 1,
      disputedAmount: 10,
      gross: 1146,
      net: 1105,
    },
    {
      ...quiet('2031-04'),
      cancelledSubscriptions: 1,
      subscriptionPayments: 1,
      subscriptionRevenue: 10,
      passesSold: 1,
      passRevenue: 5,
      gross: 15,
      net: 15,
    },
  ],
};

/** The report for `months` months: REPORT's three last, quiet months before them. */
function reportOf(months: number): RevenueReport {
  const earlier = Array.from({ length: months - REPORT.months.length }, (_, i) => {
    const d = new Date(Date.UTC(2031, 1 - (months - REPORT.months.length) + i, 1));
    return quiet(d.toISOString().slice(0, 7));
  });
  return { ...REPORT, months: [...earlier, ...REPORT.months] };
}

let api: ApiStandIn;
beforeAll(async () => {
  globalThis.ResizeObserver = FixedSize as unknown as typeof ResizeObserver;
  api = await startApiStandIn();
});
afterAll(async () => {
  globalThis.ResizeObserver = realResizeObserver;
  await api.close();
});
beforeEach(() => {
  api.seen.length = 0;
  api.respond(({ path }) => {
    const months = /^\/admin\/revenue\?months=(\d+)$/.exec(path)?.[1];
    return months ? { status: 200, body: reportOf(Number(months)) } : { status: 404 };
  });
});

const admin = () => sessionValue({ isAdmin: true });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the Revenue tab', () => {
  it('shows the recurring revenue, the subscribers per plan and the period in figures', async () => {
    renderScreen(<RevenueView />, { session: admin() });
    const mrr = await screen.findByTestId('stat-mrr');
    expect(mrr).toHaveTextContent('Monthly recurring revenue$1,528.33');
    expect(screen.getByTestId('stat-subscribers')).toHaveTextContent('Subscribers155');
    expect(screen.getByTestId('stat-subscribers')).toHaveTextContent('2 past due');
    expect(screen.getByTestId('stat-net')).toHaveTextContent('Net revenue, last 12 months$1,120.00');
    expect(screen.getByTestId('stat-net')).toHaveTextContent('Gross $1,161.00');
    expect(screen.getByTestId('stat-refunds')).toHaveTextContent('$41.00');
    expect(screen.getByTestId('stat-refunds')).toHaveTextContent('2 refunds · 1 dispute');
    expect(screen.getByText('Figures as of')).toBeInTheDocument();
    expect(api.seen.map((r) => r.path)).toEqual(['/admin/revenue?months=12']);

    const plans = screen.getByRole('table', { name: 'Subscribers by plan' });
    const [monthly, yearly] = within(plans).getAllByRole('row').slice(1);
    expect(within(monthly!).getByRole('rowheader')).toHaveTextContent('Monthly');
    expect(cells(monthly!)).toEqual(['140', '2', '$1,420.00']);
    expect(cells(yearly!)).toEqual(['13', '0', '$108.33']);
  });

  it('lists every month, newest first, and gives each chart its numbers as a table', async () => {
    renderScreen(<RevenueView />, { session: admin() });
    const table = await screen.findByRole('table', { name: 'Month by month, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'April 2031',
      'March 2031',
      'February 2031',
      'January 2031',
      'December 2030',
      'November 2030',
      'October 2030',
      'September 2030',
      'August 2030',
      'July 2030',
      'June 2030',
      'May 2030',
    ]);
    // New, Ended, Passes, Gross, Refunds, Disputes, Net.
    expect(cells(rows[1]!)).toEqual([
      '4',
      '0',
      '3 · $16.00',
      '$1,146.00',
      '2 · $31.00',
      '1 · $10.00',
      '$1,105.00',
    ]);
    // On a phone each cell carries its column's name (the row becomes a card).
    expect(within(rows[1]!).getByText('2 · $31.00')).toHaveAttribute('data-label', 'Refunds');

    const figure = (title: string) => screen.getByRole('heading', { name: title }).closest('figure')!;
    await userEvent.click(within(figure('Revenue per month')).getByText('Show the numbers'));
    const revenue = screen.getByRole('table', { name: 'Revenue per month' });
    expect(
      within(revenue)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Subscriptions', 'Passes', 'Net']);
    const march = within(revenue).getByRole('rowheader', { name: 'Mar 2031' }).closest('tr')!;
    expect(cells(march)).toEqual(['$1,130.00', '$16.00', '$1,105.00']);
    for (const title of ['Subscriptions started and ended', 'Passes sold', 'Refunds and disputes']) {
      expect(figure(title)).toHaveTextContent('Show the numbers');
    }
    // Screen readers get the chart in words (the drawing is hidden from them).
    expect(figure('Revenue per month').querySelector('figcaption .sr-only')).toHaveTextContent(
      'Gross $1,161.00 over the last 12 months; the most in March 2031 ($1,146.00). Net $1,120.00.',
    );
  });

  it('asks for the period picked', async () => {
    renderScreen(<RevenueView />, { session: admin() });
    await screen.findByTestId('stat-mrr');
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 24 months');
    await waitFor(() =>
      expect(api.seen.map((r) => r.path)).toEqual(['/admin/revenue?months=12', '/admin/revenue?months=24']),
    );
    expect(screen.getByTestId('stat-net')).toHaveTextContent('Net revenue, last 24 months');
  });

  it('says so when nothing was paid yet', async () => {
    const report = reportOf(12);
    api.respond(() => ({
      status: 200,
      body: { ...report, mrr: 0, months: report.months.map((m) => quiet(m.month)) },
    }));
    renderScreen(<RevenueView />, { session: admin() });
    expect(await screen.findByText('No payments in these months yet.')).toBeInTheDocument();
    expect(screen.getByTestId('stat-mrr')).toHaveTextContent('$0.00');
  });

  it('says when the numbers could not be loaded, and loads them again', async () => {
    api.respond(() => ({ status: 500, body: { message: 'Internal server error' } }));
    renderScreen(<RevenueView />, { session: admin() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Revenue could not be loaded.');
    api.respond(() => ({ status: 200, body: reportOf(12) }));
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByTestId('stat-mrr')).toHaveTextContent('$1,528.33');
  });
});
