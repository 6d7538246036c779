import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

interface ChartCardProps {
  title: string;
  /** The chart's numbers in words, for screen readers (the drawing itself is hidden from them). */
  summary: string;
  /** Tailwind height of the drawing, e.g. 'h-72'. */
  heightClass: string;
  children: ReactElement;
}

/** A dashboard chart in a card: a heading, a screen-reader summary and a responsive drawing. */
export function ChartCard({ title, summary, heightClass, children }: ChartCardProps) {
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
    </figure>
  );
}
