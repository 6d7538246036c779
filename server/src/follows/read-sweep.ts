import type { Store } from '../store/port.js';
import { createFollowRepository } from './repository.js';

/**
 * How long a read is remembered: "For you" leaves out what was read within it, related reading's
 * "readers of this also read" draws on it. An older read is forgotten (docs/decisions/follows-and-feed.md).
 */
export const READS_KEPT_DAYS = 365;

/** Drops the reads last counted more than READS_KEPT_DAYS ago (run by the housekeeping sweeps). */
export function purgeOldReads(deps: { store: Store; clock: { now(): Date } }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - READS_KEPT_DAYS * 24 * 3600_000).toISOString();
  return createFollowRepository(deps.store).deleteReadsBefore(cutoff);
}
