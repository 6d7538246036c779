/**
 * Writing premium as the ledger derives it (billing/ledger.ts, docs/decisions/premium-ledger.md):
 * premiumEndAt, which every premium check reads, and the ends of pass and subscription time the
 * billing page shows. Nothing here adds time to an end; it writes what the ledger says.
 */
import type { PremiumDerivation, SubscriptionState } from '@newsroom/common';
import type { Clock } from '../clock.js';
import { HttpError, NotFound } from '../errors.js';
import type { DomainEvents, PremiumChange } from '../events/domain.js';
import type { createUserRepository } from './repository.js';
import type { User } from './types.js';

/** Compare-and-set retries: more than concurrent writers for one user plausibly need. */
const MAX_ATTEMPTS = 5;
/** How late after a period's end its renewal still reads as a renewal (not a new start). */
const RENEWAL_LATENESS_MS = 24 * 3600_000;

const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : 0);

export function premiumWriter(deps: {
  repo: ReturnType<typeof createUserRepository>;
  clock: Clock;
  events: DomainEvents;
}) {
  const { repo, clock, events } = deps;

  /** How the move from `before` to `after` reads to the reader. */
  function changeOf(before: string | null, after: string | null, takenBack: boolean): PremiumChange {
    const now = clock.now().getTime();
    const was = ms(before) > now;
    const is = ms(after) > now;
    if (takenBack && ms(after) < ms(before)) return 'takenBack';
    // A renewal's webhook comes a little after the period it extends ended.
    if (is && before && ms(after) > ms(before) && ms(before) > now - RENEWAL_LATENESS_MS) return 'renewed';
    if (!was && is) return 'started';
    if (was && !is) return 'lapsed';
    return 'changed';
  }

  /**
   * Writes what `derive(user)` answers for the user just read, by compare-and-set on the user's
   * premium revision (billing/ledger.ts reads the ledger inside `derive`, after the user: a ledger
   * change meanwhile is followed by a recompute of its own whose write makes this one miss and derive
   * again). Then says what happened.
   */
  async function applyPremium(
    email: string,
    derive: (user: User) => Promise<PremiumDerivation>,
    options: { takenBack?: boolean; granted?: boolean; subscription?: SubscriptionState } = {},
  ): Promise<{ before: string | null; after: string | null; applied: boolean }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const user = await repo.findByEmail(email);
      if (!user) throw new NotFound('Account not found');
      const derived = await derive(user);
      const set: Partial<User> = {
        premiumEndAt: derived.premiumEndAt,
        passEndAt: derived.passEndAt,
        subscriptionEndAt: derived.subscriptionEndAt,
      };
      if (options.subscription) set.subscription = options.subscription;
      // An ended premium that PATCH /remove/subscription cleared stays cleared.
      const now = clock.now().getTime();
      const sameEnd =
        derived.premiumEndAt === user.premiumEndAt ||
        (user.premiumEndAt === null && ms(derived.premiumEndAt) <= now);
      if (sameEnd) set.premiumEndAt = user.premiumEndAt;
      const unchanged =
        user.premiumRev !== undefined &&
        sameEnd &&
        set.passEndAt === (user.passEndAt ?? null) &&
        set.subscriptionEndAt === (user.subscriptionEndAt ?? null) &&
        (!options.subscription || JSON.stringify(options.subscription) === JSON.stringify(user.subscription));
      if (unchanged) return { before: user.premiumEndAt, after: user.premiumEndAt, applied: false };
      const rev = user.premiumRev ?? null;
      if (!(await repo.setPremiumIf(user._id, rev, { ...set, premiumRev: (rev ?? 0) + 1 }))) continue;
      const before = user.premiumEndAt;
      const after = set.premiumEndAt ?? null;
      if (ms(before) !== ms(after)) {
        if (options.granted) await events.publish({ type: 'premium.granted', email, premiumEndAt: after });
        else {
          const change = changeOf(before, after, !!options.takenBack);
          await events.publish({ type: 'premium.changed', email, premiumEndAt: after, change });
        }
      } else if (
        options.subscription &&
        JSON.stringify(options.subscription) !== JSON.stringify(user.subscription)
      ) {
        await events.publish({ type: 'user.changed', email, fields: ['subscription'] });
      }
      return { before, after, applied: true };
    }
    throw new HttpError(503, 'Please try again');
  }

  return { applyPremium };
}
