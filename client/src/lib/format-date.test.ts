import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('writes a moment in each style, in one locale', () => {
    // Noon of 3 June where the test runs: a moment is written in the reader's own time zone.
    const moment = new Date(2026, 5, 3, 12, 0).toISOString();
    expect(formatDate(moment, 'short')).toBe('3 Jun 2026');
    expect(formatDate(moment, 'long')).toBe('3 June 2026');
    expect(formatDate(moment)).toBe('3 June 2026');
    expect(formatDate(moment, 'weekday')).toMatch(/^Wednesday,? 3 June 2026$/);
    expect(formatDate(moment, 'dateTime')).toMatch(/^3 June 2026(,| at) \d\d:\d\d$/);
  });

  it('writes a calendar day as that day, whatever the reader’s time zone', () => {
    expect(formatDate('1991-05-17', 'long')).toBe('17 May 1991');
    expect(formatDate('2000-01-01', 'long')).toBe('1 January 2000');
    expect(formatDate('2026-03-08', 'dayMonth')).toBe('8 Mar');
    expect(formatDate('2026-03-08', 'shortWeekday')).toMatch(/^Sun,? 8 March 2026$/);
  });

  it('answers null for what is no date', () => {
    expect(formatDate('not a date')).toBeNull();
    expect(formatDate('')).toBeNull();
  });
});
