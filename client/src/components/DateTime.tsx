import { formatDate, type DateStyle } from '@/lib/format-date';
import { useHydrated } from '@/lib/hydration';

/**
 * A moment as a <time> element (nothing when it is no date). Written in UTC on the server and while
 * the browser hydrates its markup (the server cannot know the reader's time zone, and the two must
 * match), then in the reader's own zone.
 */
export function DateTime({ value, style = 'long' }: { value: string; style?: DateStyle }) {
  const text = formatDate(value, style, !useHydrated());
  // A page rendered before midnight and hydrated after it differs in its day: only this text, which
  // the render after hydration writes anew, so React is told not to take it for a broken page.
  return text ? (
    <time dateTime={value} suppressHydrationWarning>
      {text}
    </time>
  ) : null;
}
