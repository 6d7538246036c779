/**
 * How the app writes dates: one locale (British order, "3 June 2026") and a few named styles. A
 * calendar day ('2026-06-03': a birth date, a day of a views chart) is the same day everywhere, so it
 * is written in UTC; a moment (an ISO timestamp) is written in the reader's own time zone.
 *
 * Written by hand, not with Intl.DateTimeFormat: the first Intl formatter a page makes loads its
 * locale data, a long task on a phone (about 30 ms of a fast laptop's time, while the first screen
 * is being hydrated), for English names and a fixed order. The words and order are those of the
 * en-GB locale of current ICU (format-date.test.ts compares every style with Intl's own).
 */
export type DateStyle =
  'short' | 'long' | 'weekday' | 'dateTime' | 'dayMonth' | 'shortWeekday' | 'monthYear' | 'shortMonthYear';

/** The app's one locale, for dates and numbers alike (lib/format-number.ts). */
export const LOCALE = 'en-GB';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** en-GB's short months: four letters for September, three for the rest. */
const SHORT_MONTHS = MONTHS.map((m) => (m === 'September' ? 'Sept' : m.slice(0, 3)));
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

function parts(date: Date, utc: boolean): Parts {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        weekday: date.getUTCDay(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        weekday: date.getDay(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

const STYLES: Record<DateStyle, (p: Parts) => string> = {
  /** 3 Jun 2026 */
  short: (p) => `${p.day} ${SHORT_MONTHS[p.month]} ${p.year}`,
  /** 3 June 2026 */
  long: (p) => `${p.day} ${MONTHS[p.month]} ${p.year}`,
  /** Wednesday, 3 June 2026 */
  weekday: (p) => `${WEEKDAYS[p.weekday]}, ${p.day} ${MONTHS[p.month]} ${p.year}`,
  /** 3 June 2026 at 14:05 */
  dateTime: (p) => `${p.day} ${MONTHS[p.month]} ${p.year} at ${twoDigits(p.hours)}:${twoDigits(p.minutes)}`,
  /** 3 Jun */
  dayMonth: (p) => `${p.day} ${SHORT_MONTHS[p.month]}`,
  /** Wed, 3 June 2026 */
  shortWeekday: (p) => `${WEEKDAYS[p.weekday]!.slice(0, 3)}, ${p.day} ${MONTHS[p.month]} ${p.year}`,
  /** June 2026 */
  monthYear: (p) => `${MONTHS[p.month]} ${p.year}`,
  /** Jun 2026 */
  shortMonthYear: (p) => `${SHORT_MONTHS[p.month]} ${p.year}`,
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

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
  return STYLES[style](parts(date, day || inUtc));
}
