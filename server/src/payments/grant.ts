/**
 * Redeeming a succeeded PaymentIntent: once, and never lost to a crash
 * (docs/decisions/durable-before-answering.md).
 *
 * 1. A payment record in state 'pending' is inserted; the unique index on paymentIntentId lets one
 *    redemption in.
 * 2. premiumEndAt is extended by compare-and-set, in the same write that adds the intent's id to the
 *    user's `premiumGrants`, so redoing this step never extends twice.
 * 3. The record becomes 'granted'; then the id leaves `premiumGrants` (which so holds the grants
 *    under way: a pending record's id is there exactly when its extension is).
 * A crash after step 1 or 2 leaves a pending record. Whoever meets it next (Stripe retrying the
 * webhook we never answered, or the client calling again) finishes steps 2 and 3 before answering.
 * The durable proof of a grant is its payment record in state 'granted' (and premiumEndAt, which it
 * extended); a crash between the two writes of step 3 leaves a granted record's id in the list, which
 * is harmless (it is never looked up again) and taken away the next time that grant is met.
 */
import type { Grant } from '@newsroom/common';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { HttpError, NotFound } from '../errors.js';
import { newId } from '../store/ids.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import type { Plan } from './plans.js';
import { createUserService } from '../users/service.js';
import type { DomainEvents } from '../events/domain.js';
import { paymentsRepository, type PaymentRecord } from './repository.js';

/** The answer of a redeem without its message (`granted` false: this PaymentIntent was redeemed already). */
export type GrantResult = Omit<Grant, 'message'>;

export interface GrantRequest {
  paymentIntentId: string;
  plan: Plan;
  email: string;
  uid: string;
  source: PaymentRecord['source'];
}

/** Grants a few more tries than concurrent grants for one user can plausibly need. */
const MAX_GRANT_ATTEMPTS = 5;

/**
 * Grants under way in this process, by PaymentIntent id: a second caller answers with their outcome.
 * Per store, not per service: the webhook and the client routes each make a service.
 */
const grantsByStore = new WeakMap<Store, Map<string, Promise<GrantResult>>>();
function grantsUnderWay(store: Store): Map<string, Promise<GrantResult>> {
  let grants = grantsByStore.get(store);
  if (!grants) grantsByStore.set(store, (grants = new Map()));
  return grants;
}

export function premiumGranter(deps: { store: Store; clock: Clock; logger: Logger; events: DomainEvents }) {
  const repo = paymentsRepository(deps.store);
  const users = createUserService(deps);
  const granting = grantsUnderWay(deps.store);

  /** premiumEndAt = max(now, current) + seconds, unless this intent's extension is already there. */
  async function extendPremium(
    email: string,
    seconds: number,
    paymentIntentId: string,
  ): Promise<{ premiumEndAt: string | null; applied: boolean }> {
    for (let attempt = 0; attempt < MAX_GRANT_ATTEMPTS; attempt++) {
      const user = await users.findByEmail(email);
      if (!user) throw new NotFound('Account not found');
      const current = user.premiumEndAt ?? null;
      if (user.premiumGrants?.includes(paymentIntentId)) return { premiumEndAt: current, applied: false };
      // Another instance may have finished this very grant meanwhile and already taken its id off the
      // user (finishGrant): its payment record then says granted. Read after the user, so a grant
      // finished in between is seen here, or makes the compare-and-set below miss and come back.
      if ((await repo.findPayment(paymentIntentId))?.state === 'granted') {
        return { premiumEndAt: current, applied: false };
      }
      const now = deps.clock.now().getTime();
      const base = Math.max(now, current ? new Date(current).getTime() : 0);
      const next = new Date(base + seconds * 1000).toISOString();
      if (await users.extendPremiumIf(user, current, next, paymentIntentId)) {
        return { premiumEndAt: next, applied: true };
      }
    }
    throw new HttpError(503, 'Please try again');
  }

  async function alreadyRedeemed(email: string): Promise<GrantResult> {
    const current = await users.findByEmail(email);
    return { granted: false, premiumEndAt: current?.premiumEndAt ?? null };
  }

  /** The record exists and no request of this process is granting it. Undefined: it was freed, try again. */
  async function settleExisting(paymentIntentId: string): Promise<GrantResult | undefined> {
    // Answer only from what is on disk: a 200 stops Stripe's retries.
    await deps.store.waitDurable();
    const record = await repo.findPayment(paymentIntentId);
    if (!record) return undefined;
    if (record.state !== 'pending') {
      await users.finishGrant(record.email, paymentIntentId); // a crash may have left it
      return alreadyRedeemed(record.email);
    }
    // Cut short by a crash (or under way in another instance): finish it; step 2 is idempotent.
    const { premiumEndAt, applied } = await extendPremium(record.email, record.seconds, paymentIntentId);
    await repo.markGranted(paymentIntentId);
    await users.finishGrant(record.email, paymentIntentId);
    if (applied) deps.logger.info({ paymentIntentId }, 'premium granted (an interrupted grant finished)');
    return { granted: applied, premiumEndAt };
  }

  async function grantOnce(req: GrantRequest): Promise<GrantResult | undefined> {
    const { paymentIntentId, plan, email } = req;
    const running = granting.get(paymentIntentId);
    if (running) {
      // It settles once its record and extension are both durable.
      const done = await running.then(
        () => true,
        () => false,
      );
      return done ? alreadyRedeemed(email) : undefined;
    }

    const work = (async (): Promise<GrantResult> => {
      await repo.insertPayment({
        _id: newId(),
        paymentIntentId,
        email,
        uid: req.uid,
        seconds: plan.seconds,
        amount: plan.amount,
        grantedAt: deps.clock.now().toISOString(),
        source: req.source,
        state: 'pending',
      });
      let premiumEndAt: string | null;
      try {
        ({ premiumEndAt } = await extendPremium(email, plan.seconds, paymentIntentId));
      } catch (err) {
        // Not granted after all: free the intent so a retry (client or webhook) can redeem it.
        await repo.deletePayment(paymentIntentId).catch(() => undefined);
        throw err;
      }
      await repo.markGranted(paymentIntentId);
      await users.finishGrant(email, paymentIntentId);
      deps.logger.info({ paymentIntentId, source: req.source, seconds: plan.seconds }, 'premium granted');
      return { granted: true, premiumEndAt };
    })();
    // Registered before the insert settles: the record is visible to others from that moment.
    granting.set(paymentIntentId, work);
    const forget = () => {
      if (granting.get(paymentIntentId) === work) granting.delete(paymentIntentId);
    };
    void work.then(forget, forget); // before any waiter's callback, so a retry never sees it again
    try {
      return await work;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
      return settleExisting(paymentIntentId);
    }
  }

  return {
    /** Grants `plan` for the intent once; the intent must already be checked (succeeded, price, owner). */
    async grant(req: GrantRequest): Promise<GrantResult> {
      for (let attempt = 0; attempt < MAX_GRANT_ATTEMPTS; attempt++) {
        const result = await grantOnce(req);
        if (result) return result;
      }
      throw new HttpError(503, 'Please try again');
    },
  };
}
