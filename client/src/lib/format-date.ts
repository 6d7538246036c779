/**
 * How the app writes dates: one locale (British order, "3 June 2026") and a few named styles. A
 * calendar day ('2026-06-03': a birth date, a day of a views chart) is the same day everywhere, so it
 * is written in UTC; a moment (an ISO timestamp) is written in the reader's own time zone.
 */
export type DateStyle = 'short' | 'long' | 'weekday' | 'dateTime' | 'dayMonth' | 'shortWeekday';

/** The app's one locale, for dates and numbers alike (lib/format-number.ts). */
export const LOCALE = 'en-GB';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  /** 3 Jun 2026 */
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 3 June 2026 */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** Wednesday, 3 June 2026 */
  weekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 3 June 2026 at 14:05 */
  dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 3 Jun */
  dayMonth: { day: 'numeric', month: 'short' },
  /** Wed, 3 June 2026 */
  shortWeekday: { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' },
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, utc: boolean): Intl.DateTimeFormat {
  const key = `${style}:${utc}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { ...OPTIONS[style], ...(utc && { timeZone: 'UTC' }) });
    formatters.set(key, found);
  }
  return found;
}

/**
 * `value` written in `style`; null when it is no date (the caller leaves the date out). `inUtc`: a
 * moment written in UTC rather than the reader's zone (what the server, which cannot know the zone,
 * writes; screens use useFormattedDate, lib/use-formatted-date.ts).
 */
export function formatDate(
  value: string | number | Date,
  style: DateStyle = 'long',
  inUtc = false,
): string | null {
  const day = typeof value === 'string' && CALENDAR_DAY.test(value);
  const date = day ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatter(style, day || inUtc).format(date);
}
