import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, type ChartNumbers } from '@/components/ChartCard';
import { chartStyles } from '@/components/chart-theme';
import type { RevenueMonth } from '@/lib/api/revenue';
import { useTheme } from '@/lib/auth';
import { formatDollars } from '@/lib/billing-labels';
import { revenueMessages as m } from './messages';
import { dollarTick, monthName, plural, shortMonth, sum } from './revenue-format';

/** What every revenue chart shares: its months, themed pieces, axes and one colour per series. */
function useMonthCharts(months: RevenueMonth[]) {
  const { darkMode } = useTheme();
  const { theme, tooltip, countAxis, grid, legend, barCursor } = chartStyles(darkMode);
  return {
    data: months.map((month) => ({ ...month, label: shortMonth(month.month) })),
    tooltip,
    countAxis,
    grid,
    legend,
    barCursor,
    monthAxis: {
      dataKey: 'label',
      stroke: theme.text,
      tick: { fill: theme.text, fontSize: 11 },
      minTickGap: 8,
      interval: 'preserveStartEnd',
    } as const,
    moneyAxis: { ...countAxis, allowDecimals: true, width: 52, tickFormatter: dollarTick },
    money: (value: unknown) => formatDollars(Number(value)),
    margin: { top: 8, right: 12, left: 0, bottom: 4 },
    /** Ended subscriptions and disputes share the palette's red. */
    colors: {
      subscriptions: theme.palette[0],
      passes: theme.palette[1],
      net: theme.palette[2],
      added: theme.palette[4],
      ended: theme.palette[7],
      refunded: theme.palette[5],
      disputed: theme.palette[7],
    },
  };
}

type MonthCharts = ReturnType<typeof useMonthCharts>;

interface ChartProps {
  months: RevenueMonth[];
  charts: MonthCharts;
}

/** Per month revenue, subscriptions, passes and refunds, each chart with its words and its numbers. */
export function RevenueCharts({ months }: { months: RevenueMonth[] }) {
  const charts = useMonthCharts(months);
  return (
    <section aria-label="Charts" className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <RevenueChart months={months} charts={charts} />
      </div>
      <SubscriptionsChart months={months} charts={charts} />
      <PassesChart months={months} charts={charts} />
      <div className="lg:col-span-2">
        <RefundsChart months={months} charts={charts} />
      </div>
    </section>
  );
}

function RevenueChart({ months, charts }: ChartProps) {
  const { data, grid, monthAxis, moneyAxis, tooltip, barCursor, money, legend, margin, colors } = charts;
  const gross = sum(months, (month) => month.gross);
  const best = months.reduce((a, b) => (b.gross > a.gross ? b : a), months[0]!);
  const summary =
    `Gross ${formatDollars(gross)} over the last ${plural(months.length, 'month')}` +
    (best.gross > 0 ? `; the most in ${monthName(best.month)} (${formatDollars(best.gross)})` : '') +
    `. Net ${formatDollars(sum(months, (month) => month.net))}.`;
  const numbers: ChartNumbers = {
    columns: ['Month', 'Subscriptions', 'Passes', 'Net'],
    rows: data.map((d) => [
      d.label,
      formatDollars(d.subscriptionRevenue),
      formatDollars(d.passRevenue),
      formatDollars(d.net),
    ]),
  };
  return (
    <ChartCard heightClass="h-72" title={m.revenueChart} summary={summary} numbers={numbers}>
      <ComposedChart data={data} accessibilityLayer={false} margin={margin}>
        <CartesianGrid {...grid} />
        <XAxis {...monthAxis} />
        <YAxis {...moneyAxis} />
        <Tooltip {...tooltip} cursor={barCursor} formatter={money} />
        <Legend {...legend} itemSorter={null} />
        <Bar dataKey="subscriptionRevenue" name="Subscriptions" stackId="gross" fill={colors.subscriptions} />
        <Bar dataKey="passRevenue" name="Passes" stackId="gross" fill={colors.passes} radius={[4, 4, 0, 0]} />
        <Line
          type="monotone"
          dataKey="net"
          name="Net"
          stroke={colors.net}
          strokeWidth={2}
          dot={{ r: 3, fill: colors.net }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartCard>
  );
}

function SubscriptionsChart({ months, charts }: ChartProps) {
  const { data, grid, monthAxis, countAxis, tooltip, barCursor, legend, margin, colors } = charts;
  const summary = `${plural(
    sum(months, (d) => d.newSubscriptions),
    'new subscription',
  )} and ${plural(
    sum(months, (d) => d.cancelledSubscriptions),
    'ended subscription',
  )} over the last ${plural(months.length, 'month')}.`;
  const numbers: ChartNumbers = {
    columns: ['Month', 'New', 'Ended'],
    rows: data.map((d) => [d.label, d.newSubscriptions, d.cancelledSubscriptions]),
  };
  return (
    <ChartCard heightClass="h-64" title={m.subscriptionsChart} summary={summary} numbers={numbers}>
      <BarChart data={data} accessibilityLayer={false} margin={margin}>
        <CartesianGrid {...grid} />
        <XAxis {...monthAxis} />
        <YAxis {...countAxis} />
        <Tooltip {...tooltip} cursor={barCursor} />
        <Legend {...legend} itemSorter={null} />
        <Bar dataKey="newSubscriptions" name="New" fill={colors.added} radius={[4, 4, 0, 0]} />
        <Bar dataKey="cancelledSubscriptions" name="Ended" fill={colors.ended} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

function PassesChart({ months, charts }: ChartProps) {
  const { data, grid, monthAxis, countAxis, tooltip, barCursor, margin, colors } = charts;
  const summary = `${plural(
    sum(months, (d) => d.passesSold),
    'pass',
  )} sold for ${formatDollars(sum(months, (d) => d.passRevenue))} over the last ${plural(months.length, 'month')}.`;
  const numbers: ChartNumbers = {
    columns: ['Month', 'Passes', 'Amount'],
    rows: data.map((d) => [d.label, d.passesSold, formatDollars(d.passRevenue)]),
  };
  return (
    <ChartCard heightClass="h-64" title={m.passesChart} summary={summary} numbers={numbers}>
      <BarChart data={data} accessibilityLayer={false} margin={margin}>
        <CartesianGrid {...grid} />
        <XAxis {...monthAxis} />
        <YAxis {...countAxis} />
        <Tooltip {...tooltip} cursor={barCursor} />
        <Bar dataKey="passesSold" name="Passes" fill={colors.passes} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

function RefundsChart({ months, charts }: ChartProps) {
  const { data, grid, monthAxis, moneyAxis, tooltip, barCursor, money, legend, margin, colors } = charts;
  const summary = `${formatDollars(sum(months, (d) => d.refundedAmount))} refunded (${plural(
    sum(months, (d) => d.refunds),
    'refund',
  )}) and ${formatDollars(sum(months, (d) => d.disputedAmount))} taken by disputes (${plural(
    sum(months, (d) => d.disputes),
    'dispute',
  )}) over the last ${plural(months.length, 'month')}.`;
  const numbers: ChartNumbers = {
    columns: ['Month', 'Refunded', 'Disputed'],
    rows: data.map((d) => [d.label, formatDollars(d.refundedAmount), formatDollars(d.disputedAmount)]),
  };
  return (
    <ChartCard heightClass="h-64" title={m.refundsChart} summary={summary} numbers={numbers}>
      <BarChart data={data} accessibilityLayer={false} margin={margin}>
        <CartesianGrid {...grid} />
        <XAxis {...monthAxis} />
        <YAxis {...moneyAxis} />
        <Tooltip {...tooltip} cursor={barCursor} formatter={money} />
        <Legend {...legend} itemSorter={null} />
        <Bar dataKey="refundedAmount" name="Refunded" fill={colors.refunded} radius={[4, 4, 0, 0]} />
        <Bar dataKey="disputedAmount" name="Disputed" fill={colors.disputed} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}
