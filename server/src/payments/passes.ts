import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { Store } from '../store/port.js';
import type { PremiumLedgerService } from '../billing/ledger.js';
import { newId } from '../store/ids.js';
import { DuplicateKeyError } from '../store/port.js';
import { paymentsRepository, type PaymentRecord } from './repository.js';

/** A redeemed pass, as the billing page lists it. */
export type PassRecord = PaymentRecord;

/** How many passes the billing page lists. */
const PASSES_LISTED = 50;
/** How many passes of one user the premium ledger reads (far more than any real account buys). */
const PASSES_IN_LEDGER = 1000;

/** Every pass of a user, as the premium ledger reads them (billing/ledger.ts). */
export function passesInLedger(store: Store) {
  const repo = paymentsRepository(store);
  return (email: string): Promise<PaymentRecord[]> => repo.passesOf(email, PASSES_IN_LEDGER);
}

/**
 * The passes as billing sees them (docs/decisions/subscriptions.md): the ones a user bought, and
 * taking a pass back when its payment is refunded or disputed, and giving it back when a dispute is won.
 */
export type PassLedger = ReturnType<typeof passLedger>;

export function passLedger(deps: {
  store: Store;
  clock: Clock;
  logger: Logger;
  ledger: PremiumLedgerService;
}) {
  const repo = paymentsRepository(deps.store);
  const { ledger } = deps;
  return {
    passesOf: (email: string): Promise<PaymentRecord[]> => repo.passesOf(email, PASSES_LISTED),

    findPass: (paymentIntentId: string) => repo.findPayment(paymentIntentId),

    setReceiptUrl: (paymentIntentId: string, receiptUrl: string) =>
      repo.setReceiptUrl(paymentIntentId, receiptUrl),

    /**
     * Takes back this pass from now on (docs/decisions/premium-ledger.md): its record is marked, once,
     * and premium derived again, so whatever of its time was not yet spent is not spent. False when
     * the PaymentIntent is no redeemed pass.
     */
    async takeBack(paymentIntentId: string, cause: 'refunded' | 'disputed'): Promise<boolean> {
      const record = await repo.findPayment(paymentIntentId);
      if (!record) return false;
      const marked = await repo.markTakenBack(paymentIntentId, cause, deps.clock.now().toISOString());
      const result = await ledger.recompute(record.email, { takenBack: true });
      if (marked.modifiedCount > 0 || result.applied)
        deps.logger.info({ paymentIntentId, cause }, 'pass time taken back');
      return true;
    },

    /**
     * A refund or dispute of a pass nobody redeemed yet (its webhook came first): the pass is recorded
     * already taken back, so the grant that follows meets the record and grants nothing.
     */
    async takeBackBeforeGrant(
      pass: Pick<PaymentRecord, 'paymentIntentId' | 'email' | 'uid' | 'seconds' | 'amount'>,
      cause: 'refunded' | 'disputed',
    ): Promise<void> {
      const now = deps.clock.now().toISOString();
      try {
        await repo.insertPayment({
          _id: newId(),
          ...pass,
          grantedAt: now,
          source: 'webhook',
          state: 'granted',
          takenBack: cause,
          takenBackAt: now,
        });
        deps.logger.info(
          { paymentIntentId: pass.paymentIntentId, cause },
          'pass taken back before its grant',
        );
      } catch (err) {
        // Redeemed meanwhile: take it back as any other.
        if (!(err instanceof DuplicateKeyError)) throw err;
        await this.takeBack(pass.paymentIntentId, cause);
      }
    },

    /** A dispute of the pass was won: its time is spendable again from now on. */
    async restore(paymentIntentId: string): Promise<void> {
      const record = await repo.findPayment(paymentIntentId);
      if (!record?.takenBack || record.restoredAt) return;
      await repo.markRestored(paymentIntentId, deps.clock.now().toISOString());
      await ledger.recompute(record.email);
      deps.logger.info({ paymentIntentId }, 'pass time given back (dispute won)');
    },
  };
}
