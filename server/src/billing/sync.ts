/**
 * Stripe's word on subscriptions, written down (docs/decisions/subscriptions.md). Every webhook is
 * only a hint of what to fetch: the subscription, invoice or charge is read from Stripe and its state
 * written whole, so an event that comes late, twice or out of order writes the same truth. Each event
 * id is recorded durably; a delivery handled to the end is not handled again.
 */
import {
  subscriptionPlanByLookupKey,
  type SubscriptionState,
  type SubscriptionStatus,
} from '@newsroom/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { Clock } from '../clock.js';
import { Invalid } from '../errors.js';
import type { DomainEvents } from '../events/domain.js';
import type { PassLedger } from '../payments/passes.js';
import { planBySeconds } from '../payments/plans.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import type { PremiumLedgerService } from './ledger.js';
import {
  billingRepository,
  type BillingRepository,
  type InvoiceRecord,
  type SubscriptionRecord,
} from './repository.js';

export interface BillingDeps {
  store: Store;
  stripe: Stripe;
  clock: Clock;
  logger: Logger;
  events: DomainEvents;
  users: UserService;
  passes: PassLedger;
}

/** The events billing handles; Stripe's other events (and payment_intent.succeeded) are not its business. */
export const BILLING_EVENTS: ReadonlySet<string> = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
]);

/** What every subscription read asks Stripe to expand: whether the latest invoice is paid, the card. */
export const SUBSCRIPTION_EXPAND = ['latest_invoice.payments', 'default_payment_method'];

const iso = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A subscription as stored, from Stripe's object (periods live on its item since API 2025-03-31). */
export function subscriptionRecord(
  sub: Stripe.Subscription,
  owner: { email: string; uid: string },
  syncedAt: string,
): SubscriptionRecord {
  const item = sub.items.data[0];
  if (!item) throw new Error(`subscription ${sub.id} has no item`);
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  const method = typeof sub.default_payment_method === 'object' ? sub.default_payment_method : null;
  return {
    _id: sub.id,
    email: owner.email,
    uid: owner.uid,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status as SubscriptionStatus,
    plan: subscriptionPlanByLookupKey(item.price.lookup_key)?.id ?? null,
    priceId: item.price.id,
    itemId: item.id,
    currentPeriodStart: iso(item.current_period_start)!,
    currentPeriodEnd: iso(item.current_period_end)!,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: iso(sub.ended_at),
    trialEnd: iso(sub.trial_end),
    latestInvoicePaid: invoice?.status === 'paid',
    card: method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null,
    createdAt: iso(sub.created)!,
    seq: Number(sub.metadata.seq) || 0,
    syncedAt,
  };
}

export function subscriptionState(record: SubscriptionRecord): SubscriptionState {
  return {
    status: record.status,
    plan: record.plan,
    currentPeriodEnd: record.currentPeriodEnd,
    cancelAtPeriodEnd: record.cancelAtPeriodEnd,
  };
}

/** An invoice as the ledger keeps it (what it bought and what became of it); null: it asked for no money. */
function invoiceRecord(invoice: Stripe.Invoice, sub: SubscriptionRecord): InvoiceRecord | null {
  if (invoice.amount_due === 0 || !invoice.id) return null;
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.status === 'paid') ?? payments.at(-1);
  const line = invoice.lines.data[0];
  const status: InvoiceRecord['status'] =
    invoice.status === 'paid'
      ? 'paid'
      : invoice.status === 'void'
        ? 'void'
        : (invoice.attempt_count ?? 0) > 0 || invoice.status === 'uncollectible'
          ? 'failed'
          : 'open';
  return {
    _id: invoice.id,
    email: sub.email,
    subscriptionId: sub._id,
    paymentIntentId: idOf(payment?.payment.payment_intent),
    amount: invoice.amount_due,
    currency: invoice.currency,
    status,
    createdAt: iso(invoice.created)!,
    periodStart: iso(line?.period.start ?? invoice.period_start)!,
    periodEnd: iso(line?.period.end ?? invoice.period_end)!,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** What a Stripe event id looks like (`evt_` and letters or digits); anything else is refused. */
const STRIPE_EVENT_ID = /^evt_\w{1,200}$/;

/** Signed, yet not shaped like Stripe's events (Stripe never sends such): refused, nothing read. */
function assertStripeShaped(event: Stripe.Event): void {
  const shaped = event as unknown as { id?: unknown; data?: { object?: unknown } | null };
  const object = shaped.data?.object;
  // An event id is what the event is recorded under: Stripe's are `evt_…`, never empty.
  const id = shaped.id;
  if (typeof id !== 'string' || !STRIPE_EVENT_ID.test(id) || !object || typeof object !== 'object') {
    throw new Invalid('Malformed Stripe event');
  }
}

/**
 * Refunds and disputes of a charge: what its payment bought is taken back, or given back when a
 * dispute is won (docs/decisions/premium-ledger.md).
 */
function chargeSync({
  stripe,
  repo,
  passes,
  nowIso,
  refreshAccess,
  syncInvoice,
}: {
  stripe: Stripe;
  repo: BillingRepository;
  passes: PassLedger;
  nowIso: () => string;
  /** Premium derived again for the account (subscriptionSync). */
  refreshAccess: (email: string, takenBack?: boolean) => Promise<void>;
  /** Fetches an invoice and writes it; answers its subscription (subscriptionSync). */
  syncInvoice: (id: string) => Promise<string | null>;
}) {
  /**
   * A refund or a dispute of a charge: a full refund, or any dispute, takes back exactly what that
   * payment bought (the invoice's period, or the pass), once, from the moment it is recorded; a won
   * dispute gives it back from then on (docs/decisions/premium-ledger.md).
   */
  async function syncCharge(id: string, cause: 'refunded' | 'disputed'): Promise<void> {
    const charge = await stripe.charges.retrieve(id);
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return;
    const takesBack = cause === 'disputed' || charge.refunded;
    let invoice = await repo.invoiceByPaymentIntent(paymentIntentId);
    const pass = invoice ? null : await passes.findPass(paymentIntentId);
    if (!invoice && !pass) {
      // The refund came before its invoice.paid, or before its pass was redeemed: ask Stripe.
      const found = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 1,
      });
      const invoiceId = idOf(found.data[0]?.invoice);
      if (invoiceId) {
        await syncInvoice(invoiceId);
        invoice = await repo.invoiceByPaymentIntent(paymentIntentId);
      } else if (takesBack) {
        await takeBackUnredeemedPass(paymentIntentId, cause);
        return;
      }
    }
    if (invoice) {
      await repo.setChargeState(invoice._id, {
        refundedAmount: charge.amount_refunded,
        disputed: charge.disputed,
        receiptUrl: charge.receipt_url ?? null,
      });
      if (takesBack) {
        await repo.markTakenBack(invoice._id, cause, nowIso());
        await refreshAccess(invoice.email, true);
      }
      return;
    }
    if (takesBack) await passes.takeBack(paymentIntentId, cause);
  }

  /** A pass PaymentIntent (metadata {uid, email, seconds}) refunded or disputed before its grant. */
  async function takeBackUnredeemedPass(paymentIntentId: string, cause: 'refunded' | 'disputed') {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    const plan = planBySeconds(Number(intent.metadata?.seconds));
    const { email, uid } = intent.metadata ?? {};
    if (!plan || !email || !uid) return; // not one of our passes
    await passes.takeBackBeforeGrant(
      { paymentIntentId, email, uid, seconds: plan.seconds, amount: plan.amount },
      cause,
    );
  }

  /** A dispute closed: won gives back what its opening took; lost keeps it taken back. */
  async function syncDisputeClosed(dispute: { charge?: unknown; status?: unknown }): Promise<void> {
    if (dispute.status !== 'won') return;
    const chargeId = idOf(dispute.charge as string | { id: string } | null);
    if (!chargeId) return;
    const charge = await stripe.charges.retrieve(chargeId);
    const paymentIntentId = idOf(charge.payment_intent);
    if (!paymentIntentId) return;
    const invoice = await repo.invoiceByPaymentIntent(paymentIntentId);
    if (invoice) {
      if (invoice.takenBack === 'disputed' && (await repo.markRestored(invoice._id, nowIso())))
        await refreshAccess(invoice.email);
      return;
    }
    await passes.restore(paymentIntentId);
  }

  return { syncCharge, syncDisputeClosed };
}

export function subscriptionSync(deps: BillingDeps & { ledger: PremiumLedgerService }) {
  const { stripe, logger, users, passes, ledger } = deps;
  const repo = billingRepository(deps.store);
  const nowIso = () => deps.clock.now().toISOString();

  /**
   * Premium derived again from the ledger (billing/ledger.ts), with the user's latest subscription
   * written beside it as All Users shows it.
   */
  async function refreshAccess(email: string, takenBack = false): Promise<void> {
    const latest = (await repo.subscriptionsOf(email))[0];
    await ledger.recompute(email, {
      takenBack,
      subscription: latest ? subscriptionState(latest) : undefined,
    });
  }

  /** Writes a subscription Stripe answered (already fetched, e.g. by an update), then premium. */
  async function save(sub: Stripe.Subscription, takenBack = false): Promise<SubscriptionRecord | null> {
    const email = sub.metadata.email ?? '';
    const user = await users.findByEmail(email);
    if (!user || user.uid !== sub.metadata.uid) {
      logger.warn({ subscriptionId: sub.id }, 'billing: a subscription of no known account');
      return null;
    }
    if (user.stripeCustomerId && user.stripeCustomerId !== idOf(sub.customer)) {
      logger.warn({ subscriptionId: sub.id }, "billing: a subscription not on the account's customer");
      return null;
    }
    const record = subscriptionRecord(sub, user, nowIso());
    await repo.saveSubscription(record);
    // Its latest invoice too: the billing page lists a payment before its invoice.paid arrives.
    if (sub.latest_invoice && typeof sub.latest_invoice === 'object')
      await recordInvoice(sub.latest_invoice, record);
    await refreshAccess(email, takenBack);
    return record;
  }

  /** Writes an invoice that asked for money to the ledger (what it bought and what became of it). */
  async function recordInvoice(invoice: Stripe.Invoice, sub: SubscriptionRecord): Promise<void> {
    const record = invoiceRecord(invoice, sub);
    if (record) await repo.saveInvoice(record);
  }

  /** Fetches the subscription from Stripe and writes its state. */
  async function syncSubscription(id: string, takenBack = false): Promise<SubscriptionRecord | null> {
    let sub: Stripe.Subscription;
    try {
      sub = await stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
      throw err;
    }
    return save(sub, takenBack);
  }

  /** Fetches an invoice and writes it to the ledger (when it asked for money); answers its subscription. */
  async function syncInvoice(id: string): Promise<string | null> {
    const invoice = await stripe.invoices.retrieve(id, { expand: ['payments'] });
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return null;
    let sub = await repo.findSubscription(subscriptionId);
    // The invoice came before anything of its subscription did: fetch that first.
    if (!sub) sub = await syncSubscription(subscriptionId);
    if (sub) await recordInvoice(invoice, sub);
    return subscriptionId;
  }

  const charges = chargeSync({ stripe, repo, passes, nowIso, refreshAccess, syncInvoice });

  async function handle(event: Stripe.Event): Promise<void> {
    const object = event.data.object as { id?: unknown; charge?: unknown };
    const id = typeof object.id === 'string' ? object.id : null;
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        if (!id) return;
        const subscriptionId = await syncInvoice(id);
        if (subscriptionId) await syncSubscription(subscriptionId);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        if (id) await syncSubscription(id);
        return;
      case 'charge.refunded':
        if (id) await charges.syncCharge(id, 'refunded');
        return;
      case 'charge.dispute.created': {
        const charge = idOf(object.charge as string | { id: string } | null);
        if (charge) await charges.syncCharge(charge, 'disputed');
        return;
      }
      case 'charge.dispute.closed': {
        // Fetched, not read from the event: the dispute's state as Stripe has it now.
        if (id) await charges.syncDisputeClosed(await stripe.disputes.retrieve(id));
        return;
      }
    }
  }

  return {
    save,
    syncSubscription,
    refreshAccess,

    /** A verified Stripe event billing handles: once per event id, durably. */
    async handleEvent(event: Stripe.Event): Promise<void> {
      assertStripeShaped(event);
      if (await repo.eventDone(event.id)) {
        logger.info({ eventId: event.id, type: event.type }, 'billing: event already handled');
        return;
      }
      await repo.eventStarted(event.id, event.type, nowIso());
      await handle(event);
      await repo.eventFinished(event.id, nowIso());
    },
  };
}

export type SubscriptionSync = ReturnType<typeof subscriptionSync>;
