/**
 * The billing page's answer (GET /billing, and an admin's GET /admin/billing): current access and
 * why, the subscription, the card, and every payment of passes and invoices with refunds shown
 * (docs/decisions/subscriptions.md). It is served from what webhooks and the last sync stored; what
 * only Stripe can tell (an unfinished subscription, a pass's receipt) is asked at most once a minute
 * per user (./refreshes/repository.ts).
 */
import type { BillingPayment, BillingSummary } from '@newsroom/common';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Clock } from '../clock.js';
import { NotFound } from '../errors.js';
import { passLedger, type PassRecord } from '../payments/passes.js';
import { planBySeconds } from '../payments/plans.js';
import type { UserService } from '../users/service.js';
import { isPremium, type User } from '../users/types.js';
import type { BillingRefreshes } from './refreshes/repository.js';
import type { BillingRepository, InvoiceRecord, SubscriptionRecord } from './repository.js';
import type { SubscriptionSync } from './sync.js';

/** Subscriptions that still renew (or may): one at a time per user. */
export const LIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
/** Pass receipts read from Stripe per billing page view (the rest on later views). */
const RECEIPTS_READ_PER_VISIT = 5;

const dollars = (cents: number) => cents / 100;
const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : 0);

/** A subscription invoice that was tried, as the billing page lists it (with what was refunded). */
function invoicePayment(invoice: InvoiceRecord & { status: 'paid' | 'failed' }): BillingPayment {
  const refunded = invoice.refundedAmount ?? 0;
  const status: BillingPayment['status'] = invoice.disputed
    ? 'disputed'
    : refunded >= invoice.amount && refunded > 0
      ? 'refunded'
      : refunded > 0
        ? 'partially_refunded'
        : invoice.status;
  return {
    paymentIntentId: invoice.paymentIntentId,
    kind: 'subscription',
    description: `Subscription, ${invoice.periodStart.slice(0, 10)} to ${invoice.periodEnd.slice(0, 10)}`,
    amount: dollars(invoice.amount),
    refundedAmount: dollars(refunded),
    date: invoice.createdAt,
    status,
    receiptUrl: invoice.hostedInvoiceUrl ?? invoice.receiptUrl ?? null,
    periodStart: invoice.status === 'paid' ? invoice.periodStart : null,
    periodEnd: invoice.status === 'paid' ? invoice.periodEnd : null,
    takenBack: !!invoice.takenBack,
  };
}

/** A pass as the billing page lists it; `receiptUrl`: Stripe's receipt read on this visit, if any. */
function passPayment(pass: PassRecord, receiptUrl: string | undefined): BillingPayment {
  const takenBack = pass.takenBack;
  return {
    paymentIntentId: pass.paymentIntentId,
    kind: 'pass',
    description: `Pass: ${planBySeconds(pass.seconds)?.label ?? `${pass.seconds} seconds`}`,
    amount: pass.amount,
    refundedAmount: takenBack === 'refunded' ? pass.amount : 0,
    date: pass.grantedAt,
    status: takenBack && !pass.restoredAt ? takenBack : 'paid',
    receiptUrl: pass.receiptUrl ?? receiptUrl ?? null,
    periodStart: null,
    periodEnd: null,
    takenBack: !!takenBack && !pass.restoredAt,
  };
}

/**
 * The user's access now and what pays for today (docs/decisions/premium-ledger.md): a subscription's
 * period first, then a pass's time, else a grant. Pass time after now is contiguous with the period
 * it waits behind.
 */
function premiumOf(user: User, now: Date): BillingSummary['premium'] {
  const passEndAt = user.passEndAt ?? null;
  const subscriptionPaidThrough = user.subscriptionEndAt ?? null;
  const premiumEndAt = user.premiumEndAt;
  const active = isPremium(user, now);
  const source = !active
    ? 'none'
    : ms(subscriptionPaidThrough) > now.getTime()
      ? 'subscription'
      : ms(passEndAt) > now.getTime()
        ? 'pass'
        : 'grant';
  return {
    active,
    premiumEndAt,
    source,
    passEndAt,
    subscriptionPaidThrough,
  };
}

/** The subscription the billing page manages, with when it renews or ends. */
function subscriptionOf(sub: SubscriptionRecord): NonNullable<BillingSummary['subscription']> {
  const live = LIVE.has(sub.status);
  return {
    id: sub._id,
    status: sub.status,
    plan: sub.plan,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    renewsOn: live && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
    endsOn: live ? (sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null) : sub.endedAt,
    trialEnd: sub.trialEnd,
  };
}

export function billingSummaries(deps: {
  repo: BillingRepository;
  users: UserService;
  passes: ReturnType<typeof passLedger>;
  stripe: Stripe | null;
  sync: SubscriptionSync | null;
  refreshes: BillingRefreshes;
  clock: Clock;
  logger: Logger;
}) {
  const { repo, users, passes, stripe, sync } = deps;

  /** Whether one summary may ask Stripe: the user's turn is claimed once, when something needs it. */
  function stripeTurn(email: string): () => Promise<boolean> {
    let claimed: Promise<boolean> | undefined;
    return () => (claimed ??= deps.refreshes.claim(email, deps.clock.now()));
  }

  /** The subscription the billing page manages: the user's newest. */
  async function current(email: string): Promise<SubscriptionRecord | null> {
    return (await repo.subscriptionsOf(email))[0] ?? null;
  }

  /**
   * Stripe's receipt of each pass not read yet (a few per page, each once: it is kept on the pass).
   * A receipt that cannot be read now is left for a later visit.
   */
  async function passReceipts(
    records: PassRecord[],
    mayAskStripe: () => Promise<boolean>,
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (!stripe) return found;
    const missing = records.filter((r) => !r.receiptUrl).slice(0, RECEIPTS_READ_PER_VISIT);
    if (missing.length === 0 || !(await mayAskStripe())) return found;
    await Promise.all(
      missing.map(async ({ paymentIntentId }) => {
        try {
          const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
          const url = typeof intent.latest_charge === 'object' ? intent.latest_charge?.receipt_url : null;
          if (!url) return;
          found.set(paymentIntentId, url);
          await passes.setReceiptUrl(paymentIntentId, url);
        } catch (err) {
          deps.logger.warn({ err, paymentIntentId }, 'billing: a pass receipt could not be read');
        }
      }),
    );
    return found;
  }

  async function payments(email: string, mayAskStripe: () => Promise<boolean>): Promise<BillingPayment[]> {
    const [invoices, passRecords] = await Promise.all([repo.invoicesOf(email), passes.passesOf(email)]);
    const receipts = await passReceipts(passRecords, mayAskStripe);
    // Invoices never tried (a first invoice not confirmed yet, one of an abandoned start) are no payments.
    const tried = invoices.filter(
      (invoice): invoice is InvoiceRecord & { status: 'paid' | 'failed' } =>
        invoice.status === 'paid' || invoice.status === 'failed',
    );
    const rows: BillingPayment[] = tried.map(invoicePayment);
    for (const pass of passRecords) rows.push(passPayment(pass, receipts.get(pass.paymentIntentId)));
    return rows.sort((a, b) => ms(b.date) - ms(a.date));
  }

  async function summaryOf(email: string): Promise<BillingSummary> {
    const mayAskStripe = stripeTurn(email);
    let sub = await current(email);
    // Not finished yet (the card field is confirming, or the webhook has not come): ask Stripe, at
    // most once a minute; what is stored answers meanwhile, and when Stripe fails.
    const unfinished = sub && (sub.status === 'incomplete' || (sub.status === 'trialing' && !sub.card));
    if (sub && sync && unfinished && (await mayAskStripe())) {
      const id = sub._id;
      const synced = await sync.syncSubscription(id).catch((err: unknown) => {
        deps.logger.warn(
          { err, subscriptionId: id },
          'billing: an unfinished subscription could not be read',
        );
        return null;
      });
      sub = synced ?? sub;
    }
    const user = await users.findByEmail(email);
    if (!user) throw new NotFound('User not found');
    return {
      premium: premiumOf(user, deps.clock.now()),
      subscription: sub ? subscriptionOf(sub) : null,
      card: sub?.card ?? null,
      payments: await payments(email, mayAskStripe),
    };
  }

  return { current, summaryOf };
}
