import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewsOverTime } from './ViewsOverTime';

// recharts measures its container and jsdom has no layout: the container reports a chart-sized box
// (so recharts draws instead of warning), and the words and the table are what is checked.
class FixedSize {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const entry = { target, contentRect: { width: 600, height: 260 } } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
// Unit test files share one environment: the stand-in is this file's only.
const realResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = FixedSize as unknown as typeof ResizeObserver;
});
afterAll(() => {
  globalThis.ResizeObserver = realResizeObserver;
});

const days = ['2026-03-08', '2026-03-09', '2026-03-10'];
const series = [
  { key: 'a', label: 'Harbour lights', views: [0, 3, 1], periodViews: 4, totalViews: 10 },
  { key: 'b', label: 'Tram line', views: [2, 0, 5], periodViews: 7, totalViews: 7 },
];

describe('ViewsOverTime', () => {
  it('says the added-up line in words, then the one picked; the table ranks by views in the period', () => {
    render(
      <ViewsOverTime
        title="Views per day, last 3 days"
        days={days}
        series={series}
        seriesName="Article"
        allLabel="All my articles"
        darkMode={false}
      />,
    );
    expect(screen.getByTestId('views-summary')).toHaveTextContent(
      'All my articles: 11 views from Sun, 8 March 2026 to Tue, 10 March 2026; the busiest day was Tue, 10 March 2026 with 6 views.',
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Tram line77', 'Harbour lights410']);
    expect(screen.getByRole('columnheader', { name: 'Last 3 days' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Article'), { target: { value: 'a' } });
    expect(screen.getByTestId('views-summary')).toHaveTextContent(
      'Harbour lights: 4 views from Sun, 8 March 2026 to Tue, 10 March 2026; the busiest day was Mon, 9 March 2026 with 3 views.',
    );
  });

  it('without views says so plainly, and leaves out the all-time column when unknown', () => {
    render(
      <ViewsOverTime
        title="Views per day by publisher"
        days={days}
        series={[{ key: 'p', label: 'Quiet Press', views: [0, 0, 0], periodViews: 0 }]}
        seriesName="Publisher"
        allLabel="All publishers"
        darkMode
      />,
    );
    expect(screen.getByTestId('views-summary')).toHaveTextContent(
      'All publishers: 0 views from Sun, 8 March 2026 to Tue, 10 March 2026.',
    );
    expect(screen.queryByRole('columnheader', { name: 'All time' })).toBeNull();
  });
});
