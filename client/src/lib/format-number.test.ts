import { describe, expect, it } from 'vitest';
import { formatCompactCount, formatCount } from './format-number';

describe('formatCount', () => {
  it('groups thousands and writes whole numbers', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(6120)).toBe('6,120');
    expect(formatCount(1234567)).toBe('1,234,567');
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
