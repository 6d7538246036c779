import type { Store } from '../store/port.js';
import type { User } from '../users/types.js';

export type StatsRepository = ReturnType<typeof createStatsRepository>;

/** Count queries over `users` (ISO timestamps compare as strings on both engines). */
export function createStatsRepository(store: Store) {
  const users = () => store.collection<User>('users');
  return {
    countUsers(): Promise<number> {
      return users().countDocuments({});
    },
    countPremium(nowIso: string): Promise<number> {
      return users().countDocuments({ premiumEndAt: { $type: 'string', $gt: nowIso } });
    },
    countSeenSince(sinceIso: string): Promise<number> {
      return users().countDocuments({ lastSeenAt: { $type: 'string', $gte: sinceIso } });
    },
    async touchLastSeen(email: string, nowIso: string): Promise<void> {
      await users().updateOne({ email }, { $set: { lastSeenAt: nowIso } });
    },
  };
}
