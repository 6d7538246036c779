import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartCard, type ChartNumbers } from '@/components/ChartCard';
import { chartStyles } from '@/components/chart-theme';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { StatCard } from '@/components/StatCard';
import { useTheme } from '@/lib/auth';
import { ViewsOverTime } from '@/components/ViewsOverTime';
import { usePublisherArticleCounts, usePublisherViews } from '@/lib/api/admin';
import { useUserCounts } from '@/lib/api/users';
import type { PublisherArticleCount } from './types';

const summarize = (counts: PublisherArticleCount[]) =>
  counts.map((c) => `${c.publisherName}: ${c.articleCount}`).join(', ') || 'No publishers yet';

/** /dashboard index: user counts and publisher article counts as pie, column and line charts. */
export function AdminStatistics() {
  const { darkMode } = useTheme();
  const counts = usePublisherArticleCounts();
  const users = useUserCounts();
  const views = usePublisherViews();

  if (counts.isPending || users.isPending) return <FullScreenLoader label="Loading statistics" />;

  return (
    <div className="grid gap-6">
      <UserCountsSection users={users} />

      {counts.isError ? (
        <LoadError
          title="Publisher statistics could not be loaded."
          error={counts.error}
          onRetry={() => counts.refetch()}
        />
      ) : (
        <PublisherCharts data={counts.data ?? []} darkMode={darkMode} />
      )}

      <ViewsByPublisher views={views} darkMode={darkMode} />
    </div>
  );
}

function UserCountsSection({ users }: { users: ReturnType<typeof useUserCounts> }) {
  return (
    <section aria-labelledby="user-counts" className="grid gap-3">
      <h2 id="user-counts" className="text-xl font-bold">
        Users
      </h2>
      {users.data ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <StatCard label="All users" value={users.data.allUserCount} />
          <StatCard label="Normal users" value={users.data.normalUsersCount} />
          <StatCard label="Premium users" value={users.data.premiumUsersCount} />
        </div>
      ) : (
        <LoadError
          title="User counts could not be loaded."
          error={users.error}
          onRetry={() => users.refetch()}
        />
      )}
    </section>
  );
}

/** The same article counts three ways, with one summary and one table of numbers for all three. */
function PublisherCharts({ data, darkMode }: { data: PublisherArticleCount[]; darkMode: boolean }) {
  const { theme, tooltip, categoryAxis, countAxis, grid, legend, barCursor } = chartStyles(darkMode);
  const summary = summarize(data);
  const numbers: ChartNumbers = {
    columns: ['Publisher', 'Articles'],
    rows: data.map((d) => [d.publisherName, d.articleCount] as const),
  };
  const cells = data.map((d, i) => (
    <Cell key={d.publisherName} fill={theme.palette[i % theme.palette.length]} />
  ));

  return (
    <section aria-label="Articles by publisher" className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        heightClass="h-72"
        title="Share of articles by publisher"
        summary={summary}
        numbers={numbers}
      >
        <PieChart accessibilityLayer={false}>
          <Pie
            rootTabIndex={-1}
            data={data}
            dataKey="articleCount"
            nameKey="publisherName"
            outerRadius="75%"
            label={{ fill: theme.text, fontSize: 12 }}
            stroke={theme.tooltipBg}
          >
            {cells}
          </Pie>
          <Tooltip {...tooltip} />
          <Legend {...legend} />
        </PieChart>
      </ChartCard>
      <ChartCard heightClass="h-72" title="Articles per publisher" summary={summary} numbers={numbers}>
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, left: 16, bottom: 8 }}>
          <CartesianGrid {...grid} />
          <XAxis dataKey="publisherName" {...categoryAxis} />
          <YAxis {...countAxis} />
          <Tooltip {...tooltip} cursor={barCursor} />
          <Bar dataKey="articleCount" name="Articles" radius={[4, 4, 0, 0]}>
            {cells}
          </Bar>
        </BarChart>
      </ChartCard>
      <div className="lg:col-span-2">
        <ChartCard
          heightClass="h-72"
          title="Article count trend across publishers"
          summary={summary}
          numbers={numbers}
        >
          <LineChart
            data={data}
            accessibilityLayer={false}
            margin={{ top: 8, right: 24, left: 16, bottom: 8 }}
          >
            <CartesianGrid {...grid} />
            <XAxis dataKey="publisherName" padding={{ left: 40, right: 24 }} {...categoryAxis} />
            <YAxis {...countAxis} />
            <Tooltip {...tooltip} />
            <Line
              type="monotone"
              dataKey="articleCount"
              name="Articles"
              stroke={theme.palette[0]}
              strokeWidth={2}
              dot={{ r: 4, fill: theme.palette[0] }}
            />
          </LineChart>
        </ChartCard>
      </div>
    </section>
  );
}

/** Views per day, for all publishers or the one picked; nothing while they load. */
function ViewsByPublisher({
  views,
  darkMode,
}: {
  views: ReturnType<typeof usePublisherViews>;
  darkMode: boolean;
}) {
  if (views.isError) {
    return (
      <LoadError
        title="Views per publisher could not be loaded."
        error={views.error}
        onRetry={() => views.refetch()}
      />
    );
  }
  if (!views.data) return null;
  return (
    <ViewsOverTime
      title={`Views per day by publisher, last ${views.data.days.length} days`}
      days={views.data.days}
      series={views.data.publishers.map((p) => ({
        key: p.publisher,
        label: p.publisher,
        views: p.views,
        periodViews: p.periodViews,
      }))}
      seriesName="Publisher"
      allLabel="All publishers"
      darkMode={darkMode}
    />
  );
}
