import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render-screen';
import { PlanCards } from './PlanCards';

describe("Home's plan cards", () => {
  it('keep their text; Monthly and Yearly lead to those subscriptions, Free to the plans', () => {
    renderScreen(<PlanCards />);
    const [free, monthly, yearly] = screen.getAllByTestId('plan-card');
    expect(monthly).toHaveTextContent('Monthly$10per month');
    expect(monthly).toHaveTextContent('Cancel anytime');
    expect(yearly).toHaveTextContent('Yearly$100per year');
    expect(within(free!).getByRole('link', { name: 'Start for free' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(monthly!).getByRole('link', { name: 'Choose Monthly' })).toHaveAttribute(
      'href',
      '/subscription?plan=monthly',
    );
    expect(within(yearly!).getByRole('link', { name: 'Choose Yearly' })).toHaveAttribute(
      'href',
      '/subscription?plan=yearly',
    );
  });
});
