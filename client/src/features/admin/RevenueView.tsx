import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { REVENUE_MONTHS_DEFAULT, REVENUE_PERIODS } from '@newsroom/common/revenue';
import { ChartCard, type ChartNumbers } from '@/components/ChartCard';
import { chartStyles } from '@/components/chart-theme';
import { DateTime } from '@/components/DateTime';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { StatCard } from '@/components/StatCard';
import { TableShell } from '@/components/TableShell';
import { useRevenue, type RevenueMonth, type RevenueReport } from '@/lib/api/revenue';
import { useTheme } from '@/lib/auth';
import { formatDollars, planLabel } from '@/lib/billing-labels';
import { formatDate } from '@/lib/format-date';
import { formatCompactCount, formatCount } from '@/lib/format-number';
import { revenueMessages as m } from './messages';

const monthName = (month: string) => formatDate(`${month}-01`, 'monthYear') ?? month;
const shortMonth = (month: string) => formatDate(`${month}-01`, 'shortMonthYear') ?? month;
const dollarTick = (value: number) => `$${formatCompactCount(value)}`;
const plural = (n: number, one: string) => `${formatCount(n)} ${n === 1 ? one : `${one}s`}`;
/** "2 · $31.00": how many, and how much. */
const countAndAmount = (count: number, amount: number) =>
  count === 0 ? '0' : `${formatCount(count)} · ${formatDollars(amount)}`;
const sum = (months: RevenueMonth[], pick: (month: RevenueMonth) => number) =>
  months.reduce((n, month) => n + pick(month), 0);

/**
 * /dashboard/revenue: what subscriptions and passes brought in (GET /admin/revenue): the recurring
 * revenue now, subscribers per plan, and per month revenue, subscriptions, passes, refunds and
 * disputes, as charts with their numbers and as one table (cards on a phone).
 */
export function RevenueView() {
  const [months, setMonths] = useState<number>(REVENUE_MONTHS_DEFAULT);
  const periodId = useId();
  const revenue = useRevenue(months);

  if (revenue.isPending) return <FullScreenLoader label={m.loading} />;
  if (!revenue.data) {
    return <LoadError title={m.loadFailed} error={revenue.error} onRetry={() => revenue.refetch()} />;
  }
  const report = revenue.data;

  return (
    <div className="grid gap-6" aria-busy={revenue.isPlaceholderData}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-muted">
          {m.asOf} <DateTime value={report.asOf} style="dateTime" />
        </p>
        <div className="w-full sm:w-56">
          <label htmlFor={periodId} className="label">
            {m.period}
          </label>
          <select
            id={periodId}
            className="input"
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
          >
            {REVENUE_PERIODS.map((n) => (
              <option key={n} value={n}>
                {m.periodOption(n)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Figures report={report} />
      <PlansTable report={report} />
      {sum(report.months, (month) => month.gross) === 0 && (
        <p className="text-muted" role="status">
          {m.noPayments}
        </p>
      )}
      <Charts months={report.months} />
      <MonthsTable months={report.months} />
    </div>
  );
}

function Figures({ report }: { report: RevenueReport }) {
  const shown = report.months.length;
  const live = report.subscribers.reduce((n, p) => n + p.active + p.pastDue, 0);
  const pastDue = report.subscribers.reduce((n, p) => n + p.pastDue, 0);
  const refunds = sum(report.months, (month) => month.refunds);
  const disputes = sum(report.months, (month) => month.disputes);
  return (
    <section aria-label="Figures" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <div className="grid" data-testid="stat-mrr">
        <StatCard label={m.mrr} value={formatDollars(report.mrr)} hint={m.mrrHint} />
      </div>
      <div className="grid" data-testid="stat-subscribers">
        <StatCard
          label={m.subscribers}
          value={formatCount(live)}
          hint={`${report.subscribers.map((p) => `${planLabel(p.plan)} ${formatCount(p.active + p.pastDue)}`).join(' · ')}${pastDue ? ` (${formatCount(pastDue)} past due)` : ''}`}
        />
      </div>
      <div className="grid" data-testid="stat-net">
        <StatCard
          label={m.net(shown)}
          value={formatDollars(sum(report.months, (month) => month.net))}
          hint={`Gross ${formatDollars(sum(report.months, (month) => month.gross))}`}
        />
      </div>
      <div className="grid" data-testid="stat-refunds">
        <StatCard
          label={m.refundsAndDisputes(shown)}
          value={formatDollars(sum(report.months, (month) => month.refundedAmount + month.disputedAmount))}
          hint={`${plural(refunds, 'refund')} · ${plural(disputes, 'dispute')}`}
        />
      </div>
    </section>
  );
}

function PlansTable({ report }: { report: RevenueReport }) {
  return (
    <section aria-labelledby="revenue-plans" className="grid gap-3">
      <h2 id="revenue-plans" className="text-xl font-bold">
        {m.byPlan}
      </h2>
      <TableShell
        caption={m.byPlan}
        columns={['Plan', 'Active', 'Past due', 'MRR']}
        minWidthClass=""
        pairedCells
      >
        {report.subscribers.map((plan) => (
          <tr key={plan.plan} data-testid="plan-row">
            <th scope="row" className="px-4 py-3 font-semibold">
              {planLabel(plan.plan)}
            </th>
            <NumberCell label="Active">{formatCount(plan.active)}</NumberCell>
            <NumberCell label="Past due">{formatCount(plan.pastDue)}</NumberCell>
            <NumberCell label="MRR">{formatDollars(plan.mrr)}</NumberCell>
          </tr>
        ))}
      </TableShell>
    </section>
  );
}

function Charts({ months }: { months: RevenueMonth[] }) {
  const { darkMode } = useTheme();
  const { theme, tooltip, countAxis, grid, legend, barCursor } = chartStyles(darkMode);
  const data = months.map((month) => ({ ...month, label: shortMonth(month.month) }));
  const monthAxis = {
    dataKey: 'label',
    stroke: theme.text,
    tick: { fill: theme.text, fontSize: 11 },
    minTickGap: 8,
    interval: 'preserveStartEnd',
  } as const;
  const moneyAxis = { ...countAxis, allowDecimals: true, width: 52, tickFormatter: dollarTick };
  const money = (value: unknown) => formatDollars(Number(value));
  const margin = { top: 8, right: 12, left: 0, bottom: 4 };
  const [sub, pass, net, added, ended, refunded, disputed] = [
    theme.palette[0],
    theme.palette[1],
    theme.palette[2],
    theme.palette[4],
    theme.palette[7],
    theme.palette[5],
    theme.palette[7],
  ];

  const gross = sum(months, (month) => month.gross);
  const best = months.reduce((a, b) => (b.gross > a.gross ? b : a), months[0]!);
  const revenueSummary =
    `Gross ${formatDollars(gross)} over the last ${plural(months.length, 'month')}` +
    (best.gross > 0 ? `; the most in ${monthName(best.month)} (${formatDollars(best.gross)})` : '') +
    `. Net ${formatDollars(sum(months, (month) => month.net))}.`;
  const revenueNumbers: ChartNumbers = {
    columns: ['Month', 'Subscriptions', 'Passes', 'Net'],
    rows: data.map((d) => [
      d.label,
      formatDollars(d.subscriptionRevenue),
      formatDollars(d.passRevenue),
      formatDollars(d.net),
    ]),
  };
  const subscriptionNumbers: ChartNumbers = {
    columns: ['Month', 'New', 'Ended'],
    rows: data.map((d) => [d.label, d.newSubscriptions, d.cancelledSubscriptions]),
  };
  const passNumbers: ChartNumbers = {
    columns: ['Month', 'Passes', 'Amount'],
    rows: data.map((d) => [d.label, d.passesSold, formatDollars(d.passRevenue)]),
  };
  const refundNumbers: ChartNumbers = {
    columns: ['Month', 'Refunded', 'Disputed'],
    rows: data.map((d) => [d.label, formatDollars(d.refundedAmount), formatDollars(d.disputedAmount)]),
  };

  return (
    <section aria-label="Charts" className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartCard
          heightClass="h-72"
          title={m.revenueChart}
          summary={revenueSummary}
          numbers={revenueNumbers}
        >
          <ComposedChart data={data} accessibilityLayer={false} margin={margin}>
            <CartesianGrid {...grid} />
            <XAxis {...monthAxis} />
            <YAxis {...moneyAxis} />
            <Tooltip {...tooltip} cursor={barCursor} formatter={money} />
            <Legend {...legend} itemSorter={null} />
            <Bar dataKey="subscriptionRevenue" name="Subscriptions" stackId="gross" fill={sub} />
            <Bar dataKey="passRevenue" name="Passes" stackId="gross" fill={pass} radius={[4, 4, 0, 0]} />
            <Line
              type="monotone"
              dataKey="net"
              name="Net"
              stroke={net}
              strokeWidth={2}
              dot={{ r: 3, fill: net }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ChartCard>
      </div>
      <ChartCard
        heightClass="h-64"
        title={m.subscriptionsChart}
        summary={`${plural(
          sum(months, (d) => d.newSubscriptions),
          'new subscription',
        )} and ${plural(
          sum(months, (d) => d.cancelledSubscriptions),
          'ended subscription',
        )} over the last ${plural(months.length, 'month')}.`}
        numbers={subscriptionNumbers}
      >
        <BarChart data={data} accessibilityLayer={false} margin={margin}>
          <CartesianGrid {...grid} />
          <XAxis {...monthAxis} />
          <YAxis {...countAxis} />
          <Tooltip {...tooltip} cursor={barCursor} />
          <Legend {...legend} itemSorter={null} />
          <Bar dataKey="newSubscriptions" name="New" fill={added} radius={[4, 4, 0, 0]} />
          <Bar dataKey="cancelledSubscriptions" name="Ended" fill={ended} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard
        heightClass="h-64"
        title={m.passesChart}
        summary={`${plural(
          sum(months, (d) => d.passesSold),
          'pass',
        )} sold for ${formatDollars(sum(months, (d) => d.passRevenue))} over the last ${plural(months.length, 'month')}.`}
        numbers={passNumbers}
      >
        <BarChart data={data} accessibilityLayer={false} margin={margin}>
          <CartesianGrid {...grid} />
          <XAxis {...monthAxis} />
          <YAxis {...countAxis} />
          <Tooltip {...tooltip} cursor={barCursor} />
          <Bar dataKey="passesSold" name="Passes" fill={pass} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <div className="lg:col-span-2">
        <ChartCard
          heightClass="h-64"
          title={m.refundsChart}
          summary={`${formatDollars(sum(months, (d) => d.refundedAmount))} refunded (${plural(
            sum(months, (d) => d.refunds),
            'refund',
          )}) and ${formatDollars(sum(months, (d) => d.disputedAmount))} taken by disputes (${plural(
            sum(months, (d) => d.disputes),
            'dispute',
          )}) over the last ${plural(months.length, 'month')}.`}
          numbers={refundNumbers}
        >
          <BarChart data={data} accessibilityLayer={false} margin={margin}>
            <CartesianGrid {...grid} />
            <XAxis {...monthAxis} />
            <YAxis {...moneyAxis} />
            <Tooltip {...tooltip} cursor={barCursor} formatter={money} />
            <Legend {...legend} itemSorter={null} />
            <Bar dataKey="refundedAmount" name="Refunded" fill={refunded} radius={[4, 4, 0, 0]} />
            <Bar dataKey="disputedAmount" name="Disputed" fill={disputed} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ChartCard>
      </div>
    </section>
  );
}

function MonthsTable({ months }: { months: RevenueMonth[] }) {
  const newestFirst = [...months].reverse();
  const caption = `${m.byMonth}, newest first`;
  return (
    <section aria-labelledby="revenue-months" className="grid gap-3">
      <h2 id="revenue-months" className="text-xl font-bold">
        {m.byMonth}
      </h2>
      <TableShell
        caption={caption}
        columns={['Month', 'New', 'Ended', 'Passes', 'Gross', 'Refunds', 'Disputes', 'Net']}
        minWidthClass="sm:min-w-[760px]"
        pairedCells
      >
        {newestFirst.map((month) => (
          <tr key={month.month} data-testid="month-row">
            <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap">
              {monthName(month.month)}
            </th>
            <NumberCell label="New">{formatCount(month.newSubscriptions)}</NumberCell>
            <NumberCell label="Ended">{formatCount(month.cancelledSubscriptions)}</NumberCell>
            <NumberCell label="Passes">{countAndAmount(month.passesSold, month.passRevenue)}</NumberCell>
            <NumberCell label="Gross">{formatDollars(month.gross)}</NumberCell>
            <NumberCell label="Refunds">{countAndAmount(month.refunds, month.refundedAmount)}</NumberCell>
            <NumberCell label="Disputes">{countAndAmount(month.disputes, month.disputedAmount)}</NumberCell>
            <NumberCell label="Net" strong>
              {formatDollars(month.net)}
            </NumberCell>
          </tr>
        ))}
      </TableShell>
    </section>
  );
}

/** A figure in a table row, labelled for the phone layout's paired cells. */
function NumberCell({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <td className={`px-4 py-3 tabular-nums${strong ? ' font-semibold' : ''}`} data-label={label}>
      {children}
    </td>
  );
}
