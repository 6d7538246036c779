import type { Logger } from 'pino';
import type { SessionClaims } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import type { UserService } from '../users/service.js';

/** Record a user's lastSeenAt at most once per this interval (a write per request would be waste). */
export const SEEN_WRITE_INTERVAL_MS = 60_000;

/**
 * The guards' onSeen hook: remembers when each user was last seen by the API, for
 * GET /active-users. Never blocks or fails the request it is called from.
 */
export function createActivityTracker(deps: { clock: Clock; logger: Logger; users: UserService }) {
  // Only lastSeenAt is written here, which says nothing: no cached answer shows it (user.changed).
  const { users } = deps;
  const lastWrite = new Map<string, number>();
  return {
    onSeen(claims: SessionClaims): void {
      const now = deps.clock.now();
      const previous = lastWrite.get(claims.email);
      if (previous !== undefined && now.getTime() - previous < SEEN_WRITE_INTERVAL_MS) return;
      lastWrite.set(claims.email, now.getTime());
      if (lastWrite.size > 50_000) lastWrite.clear(); // bound memory; worst case one extra write each
      users.touchLastSeen(claims.email, now).catch((err: unknown) => {
        deps.logger.warn({ err }, 'could not record lastSeenAt');
      });
    },
  };
}
