import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { DomainEvents } from '../events/domain.js';
import type { Store } from '../store/port.js';
import { createUserService } from '../users/service.js';
import { paymentsRepository, type PaymentRecord } from './repository.js';

/** A redeemed pass, as the billing page lists it. */
export type PassRecord = PaymentRecord;

/** How many passes the billing page lists. */
const PASSES_LISTED = 50;

/**
 * The passes as billing sees them (docs/decisions/subscriptions.md): the ones a user bought, and
 * taking a pass's time back when its payment is refunded or disputed.
 */
export function passLedger(deps: { store: Store; clock: Clock; logger: Logger; events: DomainEvents }) {
  const repo = paymentsRepository(deps.store);
  const users = createUserService(deps);
  return {
    passesOf: (email: string): Promise<PaymentRecord[]> => repo.passesOf(email, PASSES_LISTED),

    findPass: (paymentIntentId: string) => repo.findPayment(paymentIntentId),

    setReceiptUrl: (paymentIntentId: string, receiptUrl: string) =>
      repo.setReceiptUrl(paymentIntentId, receiptUrl),

    /**
     * Takes back exactly the seconds this pass bought, once (the user record keeps the intent's id,
     * so a second refund event or a dispute after a refund takes nothing more). False when the
     * PaymentIntent is no redeemed pass.
     */
    async takeBack(paymentIntentId: string, cause: 'refunded' | 'disputed'): Promise<boolean> {
      const record = await repo.findPayment(paymentIntentId);
      if (!record) return false;
      if (record.state === 'pending') {
        // Its grant is under way (or was cut short): Stripe retries the event once we answer 5xx.
        throw new Error(`pass ${paymentIntentId} is still being granted`);
      }
      const result = await users.takeBackPass(record.email, record.seconds, paymentIntentId);
      await repo.markTakenBack(paymentIntentId, cause, deps.clock.now().toISOString());
      if (result.applied) deps.logger.info({ paymentIntentId, cause }, 'pass time taken back');
      return true;
    },
  };
}
