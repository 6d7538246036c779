import { describe, expect, it } from 'vitest';
import { formatDate, LOCALE, type DateStyle } from './format-date';

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

  it('writes what the en-GB locale of Intl writes, in every style, in UTC and in the local zone', () => {
    // Intl is what the hand-written styles stand in for (format-date.ts): every month, weekday and
    // hour of a year and a half, at uneven minutes, must read the same.
    const options: Record<DateStyle, Intl.DateTimeFormatOptions> = {
      short: { day: 'numeric', month: 'short', year: 'numeric' },
      long: { day: 'numeric', month: 'long', year: 'numeric' },
      weekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
      dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
      dayMonth: { day: 'numeric', month: 'short' },
      shortWeekday: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
      monthYear: { month: 'long', year: 'numeric' },
      shortMonthYear: { month: 'short', year: 'numeric' },
    };
    const styles = Object.keys(options) as DateStyle[];
    const intl = (style: DateStyle, utc: boolean) =>
      new Intl.DateTimeFormat(LOCALE, { ...options[style], ...(utc && { timeZone: 'UTC' }) });
    const formatters = styles.map((style) => [style, intl(style, true), intl(style, false)] as const);
    const start = Date.UTC(2025, 11, 28, 0, 7);
    for (let i = 0; i < 560; i++) {
      const moment = new Date(start + i * (23 * 3_600_000 + 13 * 60_000));
      for (const [style, inUtc, inZone] of formatters) {
        expect(formatDate(moment.toISOString(), style, true)).toBe(inUtc.format(moment));
        expect(formatDate(moment.toISOString(), style)).toBe(inZone.format(moment));
      }
    }
  });
});
