import { describe, expect, it } from 'vitest';
import { formatDollars } from './billing-labels';

describe('formatDollars', () => {
  it('writes dollars with cents, thousands grouped, a minus before the sign', () => {
    expect(formatDollars(10)).toBe('$10.00');
    expect(formatDollars(96.666)).toBe('$96.67');
    expect(formatDollars(1250.5)).toBe('$1,250.50');
    expect(formatDollars(1_234_567.891)).toBe('$1,234,567.89');
    expect(formatDollars(-3.1)).toBe('-$3.10');
    expect(formatDollars(-0.001)).toBe('$0.00');
  });
});
