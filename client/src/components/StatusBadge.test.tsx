import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PremiumBadge, StatusBadge } from './StatusBadge';

describe('StatusBadge', () => {
  it('shows each status in its own colour, the legacy Accepted as Approved', () => {
    render(
      <>
        <StatusBadge status="Pending" />
        <StatusBadge status="Approved" />
        <StatusBadge status="Accepted" data-testid="legacy" />
        <StatusBadge status="Declined" />
      </>,
    );
    expect(screen.getByText('Pending')).toHaveClass('badge', 'bg-amber-100');
    expect(screen.getByText('Declined')).toHaveClass('badge', 'bg-red-100');
    expect(screen.getAllByText('Approved')).toHaveLength(2);
    expect(screen.getByTestId('legacy')).toHaveClass('bg-green-100');
    expect(screen.queryByText('Accepted')).toBeNull();
  });

  it('marks premium with a lock that screen readers skip', () => {
    render(<PremiumBadge className="shadow" />);
    const badge = screen.getByText('Premium');
    expect(badge).toHaveClass('badge', 'badge-premium', 'shadow');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
