import { useId, useState, type ReactNode } from 'react';
import { REVENUE_MONTHS_DEFAULT, REVENUE_PERIODS } from '@newsroom/common/revenue';
import { DateTime } from '@/components/DateTime';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { StatCard } from '@/components/StatCard';
import { TableShell } from '@/components/TableShell';
import { useRevenue, type RevenueMonth, type RevenueReport } from '@/lib/api/revenue';
import { formatDollars, planLabel } from '@/lib/billing-labels';
import { formatCount } from '@/lib/format-number';
import { revenueMessages as m } from './messages';
import { RevenueCharts } from './RevenueCharts';
import { countAndAmount, monthName, plural, sum } from './revenue-format';

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
      <RevenueCharts months={report.months} />
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
