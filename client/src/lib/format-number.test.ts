import { describe, expect, it } from 'vitest';
import { formatCompactCount, formatCount } from './format-number';

describe('formatCount', () => {
  it('groups thousands and writes whole numbers', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(6120)).toBe('6,120');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999.5)).toBe('1,000');
    expect(formatCount(-1234)).toBe('-1,234');
  });

  it('writes what Intl.NumberFormat writes in the app’s locale', () => {
    const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
    const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
    for (const n of [0, 7, 12, 999, 1000, 1049, 1050, 1099, 1949, 9999, 10_000, 99_950, 123_456, 9_876_543]) {
      expect(formatCount(n), String(n)).toBe(whole.format(n));
      expect(formatCompactCount(n), String(n)).toBe(
        n >= 1000 ? `${oneDecimal.format(n / 1000)}k` : whole.format(n),
      );
    }
  });
});

describe('formatCompactCount', () => {
  it('keeps small counts whole and writes thousands with one decimal and a k', () => {
    expect(formatCompactCount(950)).toBe('950');
    expect(formatCompactCount(1500)).toBe('1.5k');
    expect(formatCompactCount(14000)).toBe('14k');
    expect(formatCompactCount(1234567)).toBe('1,234.6k');
  });
});
