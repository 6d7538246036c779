/**
 * Billing reconciliation (docs/decisions/subscriptions.md, "Reconciliation"): finds and repairs what a
 * lost webhook left behind. Stripe's events are the index of what changed: an object's `created` is
 * when it was made, not when it changed (a renewal's invoice is paid after it is made, a pass's
 * intent may be paid days after, a subscription ends with nothing new made), while an event is made
 * when the change happens. Each settled event of the window that no webhook handled is given to the
 * code its webhook runs (billing's sync, which fetches the object from Stripe and writes its state
 * whole, then derives premium again; or the passes' grant), and what that changed in our records is
 * logged as a repair. Nothing here writes premium.
 */
import type Stripe from 'stripe';
import type { PaymentsService } from '../payments/service.js';
import { billingRepository, type BillingRepository, type ReconciliationProgress } from './repository.js';
import { BILLING_EVENTS, type BillingDeps, type SubscriptionSync } from './sync.js';

/** Events younger than this are left to their webhook, which is usually on its way. */
export const RECONCILE_SETTLE_MS = 10 * 60_000;
/** Stripe lists the events of the last 30 days: the first run starts there. */
export const STRIPE_EVENTS_KEPT_MS = 30 * 86_400_000;
/** Events checked per run; the next run goes on where this one stopped. */
export const RECONCILE_EVENTS_PER_RUN = 500;
/** Runs in a row an event's repair may fail before it is given up (logged as an error each time). */
const FAILED_RUNS_BEFORE_GIVING_UP = 3;
const PAGE = 100;
const PASS_PAID = 'payment_intent.succeeded';

export interface ReconcileReport {
  /** Events listed and checked. */
  checked: number;
  /** Of those, the ones whose handling changed what we had stored. */
  repaired: number;
  failed: number;
  /** Every settled event was checked (false: the cap was reached, or a repair failed). */
  caughtUp: boolean;
}

/** What we store of each record an event names: the fields premium and the billing page read. */
const FIELDS = {
  subscription: [
    'status',
    'plan',
    'currentPeriodStart',
    'currentPeriodEnd',
    'cancelAtPeriodEnd',
    'endedAt',
    'trialEnd',
    'latestInvoicePaid',
  ],
  invoice: ['status', 'amount', 'refundedAmount', 'disputed', 'takenBack', 'restoredAt'],
  pass: ['state', 'takenBack', 'restoredAt'],
} as const;

type Fields = Record<string, unknown>;
/** Records by what they are (`subscription`, `invoice`, `payment`), and the account's `premiumEndAt`. */
type Snapshot = Record<string, Fields | string | null>;

/** The ids an event's object names, and the account when the object says it (metadata). */
interface Named {
  subscriptionId?: string;
  invoiceId?: string;
  paymentIntentId?: string;
  email?: string;
}

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : undefined;

function namedBy(event: Stripe.Event): Named {
  const object = event.data.object as unknown as Record<string, unknown>;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const email = typeof metadata.email === 'string' ? metadata.email : undefined;
  switch (object.object) {
    case 'subscription':
      return { subscriptionId: idOf(object), email };
    case 'invoice': {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
      return { invoiceId: idOf(object), subscriptionId: idOf(parent?.subscription_details?.subscription) };
    }
    case 'charge':
    case 'dispute':
      return { paymentIntentId: idOf(object.payment_intent) };
    case 'payment_intent':
      return { paymentIntentId: idOf(object), email };
    default:
      return {};
  }
}

/** A pass's PaymentIntent (metadata {uid, email, seconds}); an invoice's has none of them. */
function isPass(event: Stripe.Event): boolean {
  const { uid, email, seconds } =
    (event.data.object as { metadata?: Record<string, unknown> }).metadata ?? {};
  return [uid, email, seconds].every((value) => typeof value === 'string' && value !== '');
}

function pick(record: Record<string, unknown> | null, fields: readonly string[]): Fields | null {
  if (!record) return null;
  return Object.fromEntries(fields.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isFields = (value: unknown): value is Fields => !!value && typeof value === 'object';

/** What differs between two snapshots, field by field: `{invoice: {status: {was, now}}}`; null if nothing. */
function snapshotChanges(before: Snapshot, after: Snapshot): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = before[key] ?? null;
    const now = after[key] ?? null;
    if (same(was, now)) continue;
    if (isFields(was) && isFields(now)) {
      const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
      out[key] = Object.fromEntries(
        fields
          .filter((f) => !same(was[f] ?? null, now[f] ?? null))
          .map((f) => [f, { was: was[f] ?? null, now: now[f] ?? null }]),
      );
    } else out[key] = { was, now };
  }
  return Object.keys(out).length ? out : null;
}

/** Where what an event names is stored: billing's records, the passes, the accounts. */
interface Records {
  repo: BillingRepository;
  passes: BillingDeps['passes'];
  users: BillingDeps['users'];
}

/** What we stored of the records `named` names, and of the account they belong to. */
async function stored(
  { repo, passes, users }: Records,
  named: Named,
  account?: string,
): Promise<{ snapshot: Snapshot; email?: string }> {
  const snapshot: Snapshot = {};
  let email = account ?? named.email;
  if (named.subscriptionId) {
    const sub = await repo.findSubscription(named.subscriptionId);
    snapshot.subscription = pick(sub, FIELDS.subscription);
    email ??= sub?.email;
  }
  if (named.invoiceId) {
    const invoice = await repo.findInvoice(named.invoiceId);
    snapshot.invoice = pick(invoice, FIELDS.invoice);
    email ??= invoice?.email;
  }
  if (named.paymentIntentId && !named.invoiceId) {
    // A charge's (or a pass's) PaymentIntent paid an invoice or a pass.
    const invoice = await repo.invoiceByPaymentIntent(named.paymentIntentId);
    const pass = invoice ? null : await passes.findPass(named.paymentIntentId);
    snapshot.payment = invoice
      ? { kind: 'invoice', ...pick(invoice, FIELDS.invoice) }
      : pass && { kind: 'pass', ...pick(pass, FIELDS.pass) };
    email ??= invoice?.email ?? pass?.email;
  }
  if (email) snapshot.premiumEndAt = (await users.findByEmail(email))?.premiumEndAt ?? null;
  return { snapshot, email };
}

/** Whether a webhook already did what this event asks. */
async function handledAlready(
  { repo, passes }: Records,
  event: Stripe.Event,
  named: Named,
): Promise<boolean> {
  if (event.type !== PASS_PAID) return repo.eventDone(event.id);
  // The passes keep no event record: the pass itself says whether it was granted.
  if (!isPass(event)) return true;
  const pass = await passes.findPass(named.paymentIntentId ?? '');
  return !!pass && pass.state !== 'pending';
}

export function billingReconciler(deps: BillingDeps & { sync: SubscriptionSync; payments: PaymentsService }) {
  const { stripe, logger, sync, payments, passes, users } = deps;
  const repo = billingRepository(deps.store);
  const records: Records = { repo, passes, users };
  const types = [...BILLING_EVENTS, PASS_PAID];
  const seconds = (ms: number) => Math.floor(ms / 1000);

  /** Checks one event; true when handling it changed what we stored (a repair). */
  async function reconcileEvent(event: Stripe.Event, seen: Set<string>): Promise<boolean> {
    const named = namedBy(event);
    if (await handledAlready(records, event, named)) return false;
    // Newest first: the first event of an object fetched its state now; the older ones add nothing.
    const objectId = idOf(event.data.object) ?? event.id;
    if (seen.has(objectId)) return false;
    seen.add(objectId);

    const before = await stored(records, named);
    if (event.type === PASS_PAID) await payments.handleEvent(event);
    else await sync.handleEvent(event);
    const after = await stored(records, named, before.email);
    const differed = snapshotChanges(before.snapshot, after.snapshot);
    const ids = {
      eventId: event.id,
      type: event.type,
      subscriptionId: named.subscriptionId,
      invoiceId: named.invoiceId,
      paymentIntentId: named.paymentIntentId,
    };
    if (!differed) {
      logger.info(ids, 'billing reconciliation: an event no webhook handled; nothing differed');
      return false;
    }
    logger.warn({ ...ids, differed }, 'billing reconciliation: repaired what a lost webhook left behind');
    return true;
  }

  /** One run: the window's events, newest first, up to `maxEvents`; where it stopped is stored. */
  async function reconcile(maxEvents: number): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, repaired: 0, failed: 0, caughtUp: false };
    const now = deps.clock.now().getTime();
    const saved = await repo.reconciliationProgress();
    const oldest = seconds(now - STRIPE_EVENTS_KEPT_MS);
    let from = saved?.from ?? oldest;
    if (from < oldest) {
      logger.warn(
        { from: new Date(from * 1000).toISOString() },
        'billing reconciliation: Stripe no longer lists events that old; checking the last 30 days',
      );
      from = oldest;
    }
    const upper = saved?.window?.upper ?? seconds(now - RECONCILE_SETTLE_MS);
    let after = saved?.window?.after ?? null;
    let failing = saved?.failing;
    const save = (window: ReconciliationProgress['window']) =>
      repo.saveReconciliationProgress({
        from: window ? from : upper + 1,
        window,
        failing,
        updatedAt: new Date(now).toISOString(),
      });
    if (upper < from) {
      report.caughtUp = true;
      return report;
    }

    const seen = new Set<string>();
    while (report.checked < maxEvents) {
      const page = await stripe.events.list({
        types,
        created: { gte: from, lte: upper },
        limit: Math.min(PAGE, maxEvents - report.checked),
        ...(after ? { starting_after: after } : {}),
      });
      for (const event of page.data) {
        try {
          if (await reconcileEvent(event, seen)) report.repaired++;
          if (failing?.eventId === event.id) failing = undefined;
        } catch (err) {
          report.failed++;
          const runs = failing?.eventId === event.id ? failing.runs + 1 : 1;
          const log = { err, eventId: event.id, type: event.type, runs };
          if (runs < FAILED_RUNS_BEFORE_GIVING_UP) {
            // Stopped before it: the next run starts with this event again.
            failing = { eventId: event.id, runs };
            logger.error(log, 'billing reconciliation: a repair failed; the next run tries it again');
            await save({ upper, after });
            return report;
          }
          failing = undefined;
          logger.error(log, 'billing reconciliation: a repair failed again; given up');
        }
        report.checked++;
        after = event.id;
      }
      if (!page.has_more) {
        report.caughtUp = true;
        await save(undefined);
        return report;
      }
      await save({ upper, after });
    }
    return report;
  }

  return {
    /**
     * Checks the events Stripe made since the last run (the sweep, under its lease; or
     * `npm run billing:reconcile`), at most `maxEvents`, and repairs what their webhooks left undone.
     */
    async run(options: { maxEvents?: number } = {}): Promise<ReconcileReport> {
      const report = await reconcile(options.maxEvents ?? RECONCILE_EVENTS_PER_RUN);
      const level = report.repaired || report.failed || !report.caughtUp ? 'info' : 'debug';
      logger[level](report, 'billing reconciliation: run finished');
      return report;
    },
  };
}

export type BillingReconciler = ReturnType<typeof billingReconciler>;
