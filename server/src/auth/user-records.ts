import type { Clock } from '../clock.js';
import type { User } from '../users/types.js';

/** How long a loaded user record may answer for its owner without another read. */
export const USER_RECORD_TTL_MS = 1_000;
const MAX_RECORDS = 10_000;

interface Entry {
  user: User;
  loadedAt: number;
  /** `writes(email)` when the read started: a write of that record since then makes the entry stale. */
  writes: number;
}

/**
 * The signed-in caller's user record, read at most once a second per email
 * (docs/decisions/user-record-cache.md). Authority stays with the store: `writes(email)` changes with
 * every write to that record through this process's store (role, premium end, deletion...; a write
 * not by e-mail counts for every record), and an entry older than any such write is never used, so this process sees a change on its very next request;
 * the 1 s lifetime bounds what a write by another process can leave stale.
 */
export function createUserRecords(deps: {
  find: (email: string) => Promise<User | null>;
  clock: Clock;
  writes: (email: string) => number;
}) {
  const entries = new Map<string, Entry>();
  return {
    async byEmail(email: string): Promise<User | null> {
      const now = deps.clock.now().getTime();
      const hit = entries.get(email);
      if (
        hit &&
        hit.writes === deps.writes(email) &&
        now >= hit.loadedAt &&
        now - hit.loadedAt < USER_RECORD_TTL_MS
      ) {
        // A copy: a handler changing req.currentUser must not change the next caller's record.
        return { ...hit.user };
      }
      const writes = deps.writes(email);
      const user = await deps.find(email);
      if (!user) {
        entries.delete(email);
        return null;
      }
      if (entries.size >= MAX_RECORDS) entries.clear(); // bound memory; worst case one read each
      entries.set(email, { user, loadedAt: now, writes });
      return { ...user };
    },
  };
}
