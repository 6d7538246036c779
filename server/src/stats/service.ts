import type { UserCounts } from '@newsroom/common';
import type { Clock } from '../clock.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import { createViewHistoryRepository } from './repository.js';
import { dayOf } from './view-history.js';

/** "Active" = seen by the API (any authenticated request) in the last five minutes. */
export const ACTIVE_WINDOW_MS = 5 * 60_000;

export type StatsService = ReturnType<typeof createStatsService>;

export function createStatsService(deps: { store: Store; clock: Clock; users: UserService }) {
  const { users } = deps;
  const viewHistory = createViewHistoryRepository(deps.store);
  return {
    async userCounts(): Promise<UserCounts> {
      const { allUserCount, premiumUsersCount } = await users.counts();
      return { allUserCount, normalUsersCount: allUserCount - premiumUsersCount, premiumUsersCount };
    },
    async activeUsers() {
      const since = new Date(deps.clock.now().getTime() - ACTIVE_WINDOW_MS);
      return { activeUsers: await users.countSeenSince(since) };
    },
    /** Adds one counted view of `article` at `at` to the daily history (docs/decisions/view-history.md). */
    recordView(article: { _id: string; publisher: string; userInfo?: { email?: string } }, at: Date) {
      return viewHistory.add(article, dayOf(at));
    },
  };
}
