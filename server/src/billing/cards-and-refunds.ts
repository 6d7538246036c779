/** The caller's card, and what admins do: another user's billing, refunds (service.ts composes it). */
import type { BillingSummary } from '@newsroom/common';
import Stripe from 'stripe';
import { Conflict, HttpError, NotFound } from '../errors.js';
import type { User } from '../users/types.js';
import type { BillingBase } from './service-base.js';
import { LIVE } from './summary.js';

export function billingCardsAndRefunds({
  deps,
  repo,
  configured,
  callStripe,
  current,
  summaryOf,
  ensureCustomer,
  update,
}: BillingBase) {
  const { users, passes } = deps;
  return {
    /** POST /billing/card-setup: a SetupIntent the card field confirms (stripe.confirmCardSetup). */
    async cardSetup(user: User): Promise<{ clientSecret: string; setupIntentId: string }> {
      const { stripe } = configured();
      const customer = await ensureCustomer(user);
      const setup = await callStripe(() =>
        stripe.setupIntents.create({
          customer,
          usage: 'off_session',
          metadata: { uid: user.uid },
        }),
      );
      if (!setup.client_secret) throw new HttpError(502, 'Payment provider error');
      return { clientSecret: setup.client_secret, setupIntentId: setup.id };
    },

    /** POST /billing/card: the confirmed SetupIntent's card becomes the one renewals charge. */
    async updateCard(user: User, setupIntentId: string): Promise<BillingSummary> {
      const { stripe } = configured();
      const setup = await callStripe(() =>
        stripe.setupIntents.retrieve(setupIntentId).catch((err: unknown) => {
          if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) {
            throw new NotFound('Card setup not found');
          }
          throw err;
        }),
      );
      const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
      if (!user.stripeCustomerId || customer !== user.stripeCustomerId) {
        throw new NotFound('Card setup not found');
      }
      if (setup.status !== 'succeeded' || !setup.payment_method)
        throw new Conflict('The card is not confirmed yet');
      const method =
        typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method.id;
      await callStripe(() =>
        stripe.customers.update(customer, { invoice_settings: { default_payment_method: method } }),
      );
      const sub = await current(user.email);
      if (sub && LIVE.has(sub.status)) await update(sub, { default_payment_method: method });
      return summaryOf(user.email);
    },

    /** GET /admin/billing?email=: an admin's view of one user's billing. */
    async summaryForAdmin(email: string): Promise<BillingSummary> {
      if (!(await users.findByEmail(email))) throw new NotFound('User not found');
      return summaryOf(email);
    },

    /**
     * POST /admin/refunds: refunds a payment of ours (a pass or a subscription invoice) in full.
     * Nothing is taken back here: charge.refunded comes through the webhook like any refund.
     */
    async refund(paymentIntentId: string): Promise<{ refundId: string; status: string }> {
      const { stripe } = configured();
      const invoice = await repo.invoiceByPaymentIntent(paymentIntentId);
      const pass = invoice ? null : await passes.findPass(paymentIntentId);
      if (!invoice && !pass) throw new NotFound('Payment not found');
      const refunded = invoice
        ? !!invoice.takenBack || (invoice.refundedAmount ?? 0) >= invoice.amount
        : pass?.takenBack === 'refunded';
      // Stripe would answer the first refund again (same idempotency key): say so instead.
      if (refunded) throw new Conflict('This payment was refunded already');
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, metadata: { by: 'admin' } },
          { idempotencyKey: `refund-${paymentIntentId}` },
        );
        return { refundId: refund.id, status: refund.status ?? 'pending' };
      } catch (err) {
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'charge_already_refunded'
        ) {
          throw new Conflict('This payment was refunded already');
        }
        return callStripe(() => Promise.reject(err));
      }
    },

    /** A verified Stripe event of billing's (BILLING_EVENTS). */
    handleEvent(event: Stripe.Event): Promise<void> {
      return configured().sync.handleEvent(event);
    },
  };
}
