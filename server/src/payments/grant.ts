/**
 * Redeeming a succeeded PaymentIntent: once, and never lost to a crash
 * (docs/decisions/durable-before-answering.md).
 *
 * 1. A payment record in state 'pending' is inserted; the unique index on paymentIntentId lets one
 *    redemption in. The record is the pass's entry in the premium ledger (billing/ledger.ts).
 * 2. premiumEndAt is derived again from the ledger and written (docs/decisions/premium-ledger.md):
 *    deriving twice gives the same answer, so redoing this step never grants twice.
 * 3. The record becomes 'granted'.
 * A crash after step 1 or 2 leaves a pending record. Whoever meets it next (Stripe retrying the
 * webhook we never answered, or the client calling again) finishes steps 2 and 3 before answering.
 * A refund or dispute recorded before the grant (payments/passes.ts) left a record already taken
 * back: the grant meets it and grants nothing.
 */
import type { Grant } from '@newsroom/common';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { HttpError } from '../errors.js';
import { newId } from '../store/ids.js';
import { DuplicateKeyError, type Store } from '../store/port.js';
import type { Plan } from './plans.js';
import type { PremiumLedgerService } from '../billing/ledger.js';
import type { UserService } from '../users/service.js';
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

export type PremiumGranter = ReturnType<typeof premiumGranter>;

export function premiumGranter(deps: {
  store: Store;
  clock: Clock;
  logger: Logger;
  events: DomainEvents;
  users: UserService;
  ledger: PremiumLedgerService;
}) {
  const repo = paymentsRepository(deps.store);
  const { ledger, users } = deps;
  /**
   * Grants under way in this process, by PaymentIntent id: a second caller (the webhook and the
   * client's redeem, one granter built once for both) answers with their outcome.
   */
  const granting = new Map<string, Promise<GrantResult>>();

  const premiumEndOf = async (email: string) => (await users.findByEmail(email))?.premiumEndAt ?? null;

  /** Steps 2 and 3: premium derived with this pass in the ledger, then the record marked granted. */
  async function finish(record: Pick<PaymentRecord, 'email' | 'paymentIntentId'>) {
    const result = await ledger.recompute(record.email, { adding: record.paymentIntentId, granted: true });
    await repo.markGranted(record.paymentIntentId);
    return result;
  }

  async function alreadyRedeemed(email: string): Promise<GrantResult> {
    return { granted: false, premiumEndAt: await premiumEndOf(email) };
  }

  /** The record exists and no request of this process is granting it. Undefined: it was freed, try again. */
  async function settleExisting(paymentIntentId: string): Promise<GrantResult | undefined> {
    // Answer only from what is on disk: a 200 stops Stripe's retries.
    await deps.store.waitDurable();
    const record = await repo.findPayment(paymentIntentId);
    if (!record) return undefined;
    if (record.state !== 'pending') return alreadyRedeemed(record.email);
    // Cut short by a crash (or under way in another instance): finish it; step 2 is idempotent.
    const { applied } = await finish(record);
    if (applied) deps.logger.info({ paymentIntentId }, 'premium granted (an interrupted grant finished)');
    return { granted: applied, premiumEndAt: await premiumEndOf(record.email) };
  }

  async function grantOnce(req: GrantRequest): Promise<GrantResult | undefined> {
    const { paymentIntentId, plan, email } = req;
    const running = granting.get(paymentIntentId);
    if (running) {
      // It settles once its record and premium are both durable.
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
      try {
        await finish({ email, paymentIntentId });
      } catch (err) {
        // Not granted after all: free the intent so a retry (client or webhook) can redeem it.
        await repo.deletePayment(paymentIntentId).catch(() => undefined);
        throw err;
      }
      deps.logger.info({ paymentIntentId, source: req.source, seconds: plan.seconds }, 'premium granted');
      return { granted: true, premiumEndAt: await premiumEndOf(email) };
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
