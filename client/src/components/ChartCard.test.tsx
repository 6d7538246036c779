import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Bar, BarChart } from 'recharts';
import { describe, expect, it } from 'vitest';
import { ChartCard } from './ChartCard';

describe('ChartCard', () => {
  it("gives the chart's numbers as a table behind 'Show the numbers'", async () => {
    const data = [
      { name: 'Daily Planet', count: 4 },
      { name: 'Gazette', count: 1 },
    ];
    render(
      <ChartCard
        title="Articles per publisher"
        summary="Daily Planet: 4, Gazette: 1"
        heightClass="h-72"
        numbers={{ columns: ['Publisher', 'Articles'], rows: data.map((d) => [d.name, d.count] as const) }}
      >
        <BarChart data={data}>
          <Bar dataKey="count" />
        </BarChart>
      </ChartCard>,
    );
    await userEvent.click(screen.getByText('Show the numbers'));
    const table = screen.getByRole('table', { name: 'Articles per publisher' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Publisher', 'Articles']);
    expect(within(table).getByRole('rowheader', { name: 'Daily Planet' }).nextSibling?.textContent).toBe('4');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
