import type { Clock } from '../clock.js';
import type { StatsRepository } from './repository.js';

/** "Active" = seen by the API (any authenticated request) in the last five minutes. */
export const ACTIVE_WINDOW_MS = 5 * 60_000;

export function createStatsService({ repo, clock }: { repo: StatsRepository; clock: Clock }) {
  return {
    /** Premium is computed from premiumEndAt against the clock, never stored as a flag. */
    async userCounts() {
      const [allUserCount, premiumUsersCount] = await Promise.all([
        repo.countUsers(),
        repo.countPremium(clock.now().toISOString()),
      ]);
      return {
        value: { allUserCount, normalUsersCount: allUserCount - premiumUsersCount, premiumUsersCount },
        meta: undefined,
      };
    },
    async activeUsers() {
      const since = new Date(clock.now().getTime() - ACTIVE_WINDOW_MS).toISOString();
      return { value: { activeUsers: await repo.countSeenSince(since) }, meta: undefined };
    },
  };
}
