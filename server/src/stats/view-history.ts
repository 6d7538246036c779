import { VIEW_HISTORY_MAX_DAYS } from '@newsroom/common';
import type { Store } from '../store/port.js';
import { createViewHistoryRepository, monthOf } from './repository.js';

export {
  AUTHOR_DAILY_VIEWS,
  PUBLISHER_DAILY_VIEWS,
  authorDay,
  counterId,
  type AuthorViewsDay,
  type PublisherViewsMonth,
} from './repository.js';

const DAY_MS = 24 * 3600_000;

/** The UTC day of an instant, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The `n` UTC days ending with the day of `now`, oldest first. */
export function lastDays(now: Date, n: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: n }, (_, i) => dayOf(new Date(today - (n - 1 - i) * DAY_MS)));
}

/** The months `days` fall in, oldest first. */
export const monthsOf = (days: string[]): string[] => [...new Set(days.map(monthOf))];

/** Drops the counters wholly before the longest chart (run by the housekeeping sweeps). */
export async function purgeOldViewHistory(deps: { store: Store; clock: { now(): Date } }): Promise<number> {
  const [oldestKept] = lastDays(deps.clock.now(), VIEW_HISTORY_MAX_DAYS);
  return createViewHistoryRepository(deps.store).deleteBefore(oldestKept!);
}
