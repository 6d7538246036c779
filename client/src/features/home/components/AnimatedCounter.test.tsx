import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnimatedCounter } from './AnimatedCounter';

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('AnimatedCounter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts up from 0 for most readers', () => {
    preferReducedMotion(false);
    render(<AnimatedCounter value={1234} durationMs={1000} />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('shows the number at once to readers who asked for less motion', () => {
    preferReducedMotion(true);
    render(<AnimatedCounter value={1234} durationMs={1000} />);
    expect(screen.getByText('1,234')).toBeInTheDocument();
  });
});
