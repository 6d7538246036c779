import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * A chart's numbers as a table: its column headings and one row a point, the point's name first and
 * then one value per series (a value column per line or bar of the drawing).
 */
export interface ChartNumbers {
  columns: readonly [string, ...string[]];
  rows: readonly (readonly [string, ...(string | number)[]])[];
}

interface ChartCardProps {
  title: string;
  /** The chart's numbers in words, for screen readers (the drawing itself is hidden from them). */
  summary: string;
  /** Every point, as a table under "Show the numbers" (WCAG 1.1.1: the chart as text). */
  numbers?: ChartNumbers;
  /** Tailwind height of the drawing, e.g. 'h-72'. */
  heightClass: string;
  children: ReactElement;
}

/** Room between value columns (the first follows the row's name, which has its own). */
const pad = (column: number) => (column > 0 ? 'pl-3' : '');

/**
 * A dashboard chart in a card: a heading, a screen-reader summary, a responsive drawing, and its
 * numbers as a table anyone can open (a closed disclosure by default, so the card stays a chart).
 */
export function ChartCard({ title, summary, numbers, heightClass, children }: ChartCardProps) {
  // Beside several values a point's name (a month) stays on one line; a lone value leaves a long
  // name (a publisher) room to wrap.
  const shortNames = numbers && numbers.columns.length > 2 ? 'whitespace-nowrap' : '';
  return (
    <figure className="card min-w-0 p-4">
      <figcaption className="mb-3">
        <h2 className="text-lg font-bold">{title}</h2>
        <p className="sr-only">{summary}</p>
      </figcaption>
      <div className={`${heightClass} w-full overflow-hidden`} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      {numbers && numbers.rows.length > 0 && (
        <details className="mt-3 text-sm" data-testid="chart-numbers">
          <summary className="inline-flex min-h-6 cursor-pointer items-center font-semibold text-accent">
            Show the numbers<span className="sr-only">: {title}</span>
          </summary>
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-rule">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {numbers.columns[0]}
                </th>
                {numbers.columns.slice(1).map((column, c) => (
                  <th
                    key={`${c}-${column}`}
                    scope="col"
                    className={`py-1 text-right font-semibold ${pad(c)}`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {numbers.rows.map(([label, ...values], i) => (
                <tr key={`${i}-${label}`} className="border-b border-rule/60">
                  <th scope="row" className={`py-1 pr-4 font-normal ${shortNames}`}>
                    {label}
                  </th>
                  {values.map((value, c) => (
                    <td key={c} className={`py-1 text-right tabular-nums ${pad(c)}`}>
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
