/**
 * Premium from two sources (docs/decisions/subscriptions.md): a pass's end (passes bought with
 * PaymentIntents, payments/grant.ts) and a subscription's paid-through date (billing/). premiumEndAt,
 * which every premium check reads, is always the later of the two, so nothing that reads it changes.
 */
import type { SubscriptionState } from '@newsroom/common';
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
const later = (a: string | null, b: string | null) => (ms(a) >= ms(b) ? a : b);

/**
 * The pass's end. Records from before subscriptions existed (and the seed's) carry only
 * premiumEndAt: all of it is pass time until a subscription is written.
 */
export function passEndOf(
  user: Pick<User, 'passEndAt' | 'subscriptionEndAt' | 'premiumEndAt'>,
): string | null {
  if (user.passEndAt !== undefined) return user.passEndAt;
  return user.subscriptionEndAt === undefined ? user.premiumEndAt : null;
}

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

  /** Recomputes premiumEndAt from `next(user)` by compare-and-set, then says what happened. */
  async function update(
    email: string,
    next: (user: User) => Partial<User> & { passEndAt: string | null; subscriptionEndAt: string | null },
    { takeBackId, takenBack = false }: { takeBackId?: string; takenBack?: boolean } = {},
  ): Promise<{ before: string | null; after: string | null; applied: boolean }> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const user = await repo.findByEmail(email);
      if (!user) throw new NotFound('Account not found');
      if (takeBackId && user.premiumTakenBack?.includes(takeBackId)) {
        return { before: user.premiumEndAt, after: user.premiumEndAt, applied: false };
      }
      const set = next(user);
      const premiumEndAt = later(set.passEndAt, set.subscriptionEndAt);
      // The same state again (a duplicate or a no-op event): no write, no event.
      const unchanged =
        !takeBackId &&
        premiumEndAt === user.premiumEndAt &&
        set.passEndAt === user.passEndAt &&
        set.subscriptionEndAt === user.subscriptionEndAt &&
        JSON.stringify(set.subscription) === JSON.stringify(user.subscription);
      if (unchanged) return { before: user.premiumEndAt, after: premiumEndAt, applied: false };
      if (!(await repo.setPremiumIf(user._id, user.premiumEndAt, { ...set, premiumEndAt }, takeBackId)))
        continue;
      const before = user.premiumEndAt;
      if (ms(before) !== ms(premiumEndAt)) {
        const change = changeOf(before, premiumEndAt, takenBack || takeBackId !== undefined);
        await events.publish({ type: 'premium.changed', email, premiumEndAt, change });
      } else if ('subscription' in set) {
        await events.publish({ type: 'user.changed', email, fields: ['subscription'] });
      }
      return { before, after: premiumEndAt, applied: true };
    }
    throw new HttpError(503, 'Please try again');
  }

  return {
    /**
     * Writes the subscription's paid-through date (null: it grants nothing) and its state as All
     * Users shows it; premiumEndAt becomes the later of it and the pass's end.
     */
    setSubscriptionAccess(
      email: string,
      subscriptionEndAt: string | null,
      subscription: SubscriptionState,
      takenBack = false,
    ) {
      // A taken-back period is recorded by billing (its ledger); the user record needs no marker.
      return update(email, (user) => ({ passEndAt: passEndOf(user), subscriptionEndAt, subscription }), {
        takenBack,
      });
    },

    /** Takes `seconds` off the pass's end, once per PaymentIntent (a refund or dispute of a pass). */
    takeBackPass(email: string, seconds: number, paymentIntentId: string) {
      return update(
        email,
        (user) => {
          const pass = passEndOf(user);
          const shortened = pass ? new Date(ms(pass) - seconds * 1000).toISOString() : null;
          return { passEndAt: shortened, subscriptionEndAt: user.subscriptionEndAt ?? null };
        },
        { takeBackId: paymentIntentId },
      );
    },
  };
}
