import { useId, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@/lib/format-date';
import { formatCompactCount, formatCount } from '@/lib/format-number';
import { chartStyles } from './chart-theme';

/** One thing whose views are charted (an article, a publisher). */
export interface ViewsSeries {
  key: string;
  label: string;
  /** Views on each of the chart's days, same order. */
  views: number[];
  /** Their sum over the period. */
  periodViews: number;
  /** Every view ever counted, when known (articles). */
  totalViews?: number;
}

interface ViewsOverTimeProps {
  title: string;
  /** UTC days (YYYY-MM-DD), oldest first. */
  days: string[];
  series: ViewsSeries[];
  /** What one series is: 'Article', 'Publisher' (the selector's label and the table's first column). */
  seriesName: string;
  /** The selector's first option: every series added up. */
  allLabel: string;
  darkMode: boolean;
}

const shortDay = (day: string) => formatDate(day, 'dayMonth') ?? day;
const longDay = (day: string) => formatDate(day, 'shortWeekday') ?? day;
const plural = (n: number, one: string) => `${formatCount(n)} ${n === 1 ? one : `${one}s`}`;

/** Every series added up, day by day: the selector's first choice. */
const addUp = (days: string[], series: ViewsSeries[], label: string): ViewsSeries => ({
  key: '',
  label,
  views: days.map((_, i) => series.reduce((n, s) => n + (s.views[i] ?? 0), 0)),
  periodViews: series.reduce((n, s) => n + s.periodViews, 0),
});

/** The line in words: the views in the period and the busiest day. */
function describe(shown: ViewsSeries, days: string[], data: { day: string; views: number }[]) {
  const busiest = data.reduce(
    (best, d) => (d.views > best.views ? d : best),
    data[0] ?? { day: '', views: 0 },
  );
  return (
    `${shown.label}: ${plural(shown.periodViews, 'view')} from ${longDay(days[0] ?? '')} to ${longDay(days.at(-1) ?? '')}` +
    (busiest.views > 0
      ? `; the busiest day was ${longDay(busiest.day)} with ${plural(busiest.views, 'view')}.`
      : '.')
  );
}

/**
 * Views per day as one line, for every series added up or the one picked in the selector (one line
 * stays readable at 360 px), and a table of each series' views in the period. Screen readers get the
 * line in words; the drawing itself is hidden from them.
 */
export function ViewsOverTime({ title, days, series, seriesName, allLabel, darkMode }: ViewsOverTimeProps) {
  const [picked, setPicked] = useState('');
  const selectId = useId();
  const headingId = useId();

  const shown = series.find((s) => s.key === picked) ?? addUp(days, series, allLabel);
  const data = days.map((day, i) => ({ day, views: shown.views[i] ?? 0 }));

  return (
    <figure className="card min-w-0 p-4" aria-labelledby={headingId} data-testid="views-over-time">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {title}
        </h2>
        <div className="w-full sm:w-72">
          <label htmlFor={selectId} className="label">
            {seriesName}
          </label>
          <select
            id={selectId}
            className="input"
            value={shown.key}
            onChange={(e) => setPicked(e.target.value)}
          >
            <option value="">{allLabel}</option>
            {series.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mb-2 text-sm text-muted" aria-live="polite" data-testid="views-summary">
        {describe(shown, days, data)}
      </p>
      <ViewsLine data={data} darkMode={darkMode} />
      <ViewsTable title={title} days={days} series={series} seriesName={seriesName} />
    </figure>
  );
}

/** The drawing, hidden from screen readers (the summary says it). */
function ViewsLine({ data, darkMode }: { data: { day: string; views: number }[]; darkMode: boolean }) {
  const { theme, tooltip, countAxis, grid } = chartStyles(darkMode);
  return (
    <div className="h-64 w-full overflow-hidden" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, left: 0, bottom: 4 }}>
          <CartesianGrid {...grid} />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            minTickGap={24}
            stroke={theme.text}
            tick={{ fill: theme.text, fontSize: 11 }}
          />
          <YAxis {...countAxis} width={40} tickFormatter={formatCompactCount} />
          <Tooltip {...tooltip} labelFormatter={(day) => longDay(String(day))} />
          <Line
            type="monotone"
            dataKey="views"
            name="Views"
            stroke={theme.palette[0]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Each series' views in the period, most viewed first, and all time when known. */
function ViewsTable({
  title,
  days,
  series,
  seriesName,
}: Pick<ViewsOverTimeProps, 'title' | 'days' | 'series' | 'seriesName'>) {
  const hasTotals = series.some((s) => s.totalViews !== undefined);
  const ranked = [...series].sort((a, b) => b.periodViews - a.periodViews || a.label.localeCompare(b.label));
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          {title}: views per {seriesName.toLowerCase()}
        </caption>
        <thead className="border-b border-rule text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {seriesName}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              Last {days.length} days
            </th>
            {hasTotals && (
              <th scope="col" className="py-2 text-right">
                All time
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-rule">
          {ranked.map((s) => (
            <tr key={s.key}>
              <th scope="row" className="py-2 pr-3 font-normal break-words">
                {s.label}
              </th>
              <td className="py-2 pr-3 text-right font-semibold tabular-nums">
                {formatCount(s.periodViews)}
              </td>
              {hasTotals && (
                <td className="py-2 text-right tabular-nums">{formatCount(s.totalViews ?? 0)}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
