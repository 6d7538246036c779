import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '@/components/ChartCard';
import { chartStyles } from '@/components/chart-theme';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { LoadError } from '@/components/LoadError';
import { StatCard } from '@/components/StatCard';
import { displayStatus } from '@/components/StatusBadge';
import { useAuth, useTheme } from '@/lib/auth';
import { ViewsOverTime, type ViewsSeries } from '@/components/ViewsOverTime';
import type { MyArticleViews } from '@/lib/api/types';
import { useMyArticles, useMyArticleViews } from '@/lib/api/writer';
import { formatDate } from '@/lib/format-date';
import { cutTitle } from './title';
import type { OwnArticle } from './types';

export interface WriterStats {
  total: number;
  byStatus: {
    Pending: number;
    Approved: number;
    Declined: number;
    'Changes requested': number;
    Scheduled: number;
  };
  premiumArticles: number;
  totalViews: number;
}

export function writerStats(articles: OwnArticle[]): WriterStats {
  const byStatus = { Pending: 0, Approved: 0, Declined: 0, 'Changes requested': 0, Scheduled: 0 };
  let totalViews = 0;
  let premiumArticles = 0;
  for (const a of articles) {
    byStatus[displayStatus(a.status)] += 1;
    totalViews += a.totalViewCount ?? 0;
    if (a.isPremium === 'Yes') premiumArticles += 1;
  }
  return { total: articles.length, byStatus, premiumArticles, totalViews };
}

/** Each of the writer's articles as a views series: its days from the history, zeros when none. */
export function articleViewSeries(articles: OwnArticle[], history: MyArticleViews): ViewsSeries[] {
  const byId = new Map(history.articles.map((a) => [a._id, a]));
  return articles.map((a) => {
    const h = byId.get(a._id);
    return {
      key: a._id,
      label: a.articleTitle,
      views: h?.views ?? history.days.map(() => 0),
      periodViews: h?.periodViews ?? 0,
      totalViews: a.totalViewCount ?? 0,
    };
  });
}

/** Shown articles in the comments chart: the most commented (ties in the list's order). */
const COMMENT_CHART_SIZE = 8;

/**
 * The writer's most commented articles with their published comments (0 for an article the counts
 * do not name), and the comments on all their articles.
 */
export function commentsPerArticle(articles: OwnArticle[], counts: Record<string, number> = {}) {
  const rows = articles.map((a) => ({ title: cutTitle(a.articleTitle), value: counts[a._id] ?? 0 }));
  const total = rows.reduce((n, r) => n + r.value, 0);
  // A stable sort: equal counts keep the list's order (newest first).
  const top = [...rows].sort((a, b) => b.value - a.value).slice(0, COMMENT_CHART_SIZE);
  return { total, top };
}

interface WriterStatisticsProps {
  /** From the user's record: null = normal user; a future date = premium until then. */
  premiumEndAt: string | null | undefined;
  isAdmin: boolean;
}

/** /user-dashboard index: the user's own articles by status, their views, and the premium plan state. */
export function WriterStatistics({ premiumEndAt, isAdmin }: WriterStatisticsProps) {
  const { user } = useAuth();
  const { darkMode } = useTheme();
  const articles = useMyArticles(user?.email);
  const history = useMyArticleViews(user?.email);
  const { theme, tooltip, legend } = chartStyles(darkMode);

  if (articles.isPending) return <FullScreenLoader label="Loading statistics" />;
  if (articles.isError) {
    return (
      <LoadError
        title="Statistics could not be loaded."
        error={articles.error}
        onRetry={() => articles.refetch()}
      />
    );
  }

  const stats = writerStats(articles.data);
  const premiumActive = !!premiumEndAt && new Date(premiumEndAt).getTime() > Date.now();
  const statusData = (['Pending', 'Approved', 'Declined'] as const).map((name) => ({
    name,
    value: stats.byStatus[name],
  }));
  const statusColors: Record<string, string> = darkMode
    ? { Pending: '#fbbf24', Approved: '#4ade80', Declined: '#f87171' }
    : { Pending: '#b45309', Approved: '#15803d', Declined: '#b91c1c' };
  // Empty slices would only draw a hairline.
  const pieData = statusData.filter((s) => s.value > 0);
  const views = [...articles.data]
    .sort((a, b) => b.totalViewCount - a.totalViewCount)
    .slice(0, 8)
    .map((a) => ({ title: cutTitle(a.articleTitle), value: a.totalViewCount }));

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Articles" value={stats.total} />
        <StatCard label="Pending" value={stats.byStatus.Pending} />
        <StatCard label="Approved" value={stats.byStatus.Approved} />
        <StatCard label="Declined" value={stats.byStatus.Declined} />
        <StatCard label="Total views" value={stats.totalViews} />
        <StatCard label="Premium articles" value={stats.premiumArticles} />
        {/* Readers who follow the writer (GET /stats/my-article-views answers it beside the views). */}
        <div className="col-span-2 lg:col-span-1">
          <StatCard label="Followers" value={history.data?.followers ?? '–'} />
        </div>
        <div className="col-span-2 lg:col-span-1">
          <StatCard
            label="Plan"
            value={isAdmin ? 'Admin' : premiumActive ? 'Premium' : 'Free'}
            hint={
              premiumActive && premiumEndAt
                ? `Premium until ${formatDate(premiumEndAt, 'dateTime')}`
                : isAdmin
                  ? 'Admins can read every premium article.'
                  : 'Free plan: subscribe to post more articles.'
            }
          />
        </div>
      </div>
      {stats.total > 0 && (
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartCard
            heightClass="h-64"
            title="Articles by status"
            summary={statusData.map((s) => `${s.name}: ${s.value}`).join(', ')}
            numbers={{
              columns: ['Status', 'Articles'],
              rows: statusData.map((s) => [s.name, s.value] as const),
            }}
          >
            <PieChart accessibilityLayer={false}>
              <Pie
                rootTabIndex={-1}
                data={pieData}
                dataKey="value"
                nameKey="name"
                outerRadius="75%"
                innerRadius="45%"
                stroke={theme.tooltipBg}
              >
                {pieData.map((s) => (
                  <Cell key={s.name} fill={statusColors[s.name]} />
                ))}
              </Pie>
              <Tooltip {...tooltip} />
              <Legend {...legend} />
            </PieChart>
          </ChartCard>
          <ArticleBars
            title="Views per article"
            summary={views.map((v) => `${v.title}: ${v.value}`).join(', ')}
            name="Views"
            rows={views}
            color={0}
          />
          {history.data && (
            <CommentsPerArticle {...commentsPerArticle(articles.data, history.data.commentCounts)} />
          )}
        </div>
      )}
      {stats.total > 0 &&
        (history.isError ? (
          <LoadError
            title="Views per day could not be loaded."
            error={history.error}
            onRetry={() => history.refetch()}
          />
        ) : history.data ? (
          <ViewsOverTime
            title={`Views per day, last ${history.data.days.length} days`}
            days={history.data.days}
            series={articleViewSeries(articles.data, history.data)}
            seriesName="Article"
            allLabel="All my articles"
            darkMode={darkMode}
          />
        ) : null)}
    </div>
  );
}

/** The writer's most commented articles as bars, their numbers as a table. */
function CommentsPerArticle({ total, top }: ReturnType<typeof commentsPerArticle>) {
  return (
    <ArticleBars
      title="Comments per article"
      summary={`${total} ${total === 1 ? 'comment' : 'comments'} in all. ${top.map((r) => `${r.title}: ${r.value}`).join(', ')}`}
      name="Comments"
      rows={top}
      color={1}
    />
  );
}

interface ArticleBarsProps {
  title: string;
  summary: string;
  /** What a bar counts: the table's column and the tooltip's name. */
  name: string;
  rows: { title: string; value: number }[];
  /** Which colour of the chart palette. */
  color: number;
}

/** One number per article as bars, with the numbers as a table. */
function ArticleBars({ title, summary, name, rows, color }: ArticleBarsProps) {
  const { darkMode } = useTheme();
  const { theme, tooltip, categoryAxis, countAxis, grid, barCursor } = chartStyles(darkMode);
  return (
    <ChartCard
      heightClass="h-64"
      title={title}
      summary={summary}
      numbers={{ columns: ['Article', name], rows: rows.map((r) => [r.title, r.value] as const) }}
    >
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, left: 16, bottom: 8 }}>
        <CartesianGrid {...grid} />
        <XAxis dataKey="title" {...categoryAxis} />
        <YAxis {...countAxis} />
        <Tooltip {...tooltip} cursor={barCursor} />
        <Bar dataKey="value" name={name} fill={theme.palette[color]} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}
