/**
 * The premium ledger of a user, read from what paid for premium, and premiumEndAt derived from it
 * (docs/decisions/premium-ledger.md): passes (`payments`), subscriptions as Stripe last said
 * (`subscriptions`, their taken-back invoices in `billing_invoices`) and grants (`premium_grants`).
 * Every change of any of them is followed by `recompute`, which writes the derivation; nothing adds
 * time to a stored end.
 */
import {
  derivePremium,
  type LedgerPeriod,
  type LedgerTime,
  type PremiumDerivation,
  type PremiumLedger,
  type SubscriptionState,
} from '@newsroom/common';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { DomainEvents } from '../events/domain.js';
import { passesInLedger } from '../payments/passes.js';
import type { Store } from '../store/port.js';
import type { UserService } from '../users/service.js';
import type { User } from '../users/types.js';
import { premiumGrantsRepository } from './grants/repository.js';
import { paidThrough } from './paid-through.js';
import { billingRepository, type InvoiceRecord } from './repository.js';

const later = (a: string, b: string) => (a > b ? a : b);
/** A pass or grant taken back from `takenBackAt` (never before it was bought) on, or until restored. */
const blockOf = (takenBackAt: string | undefined, restoredAt: string | undefined, paidAt: string) =>
  takenBackAt ? [{ from: later(takenBackAt, paidAt), to: restoredAt ?? null }] : [];

/**
 * A subscription's paid time within [from, bound) (its status's bound: billing/paid-through.ts): each
 * paid invoice's period, blocked from the moment a refund or dispute took it back (its start, for
 * records from before that moment was kept) until its end or a won dispute; and what no invoice
 * record explains (a retry window) as plain paid time. An invoice of nothing (a switch paid by the
 * old period's credit) is no record: its dates stay the credited period's, within the bound.
 */
function subscriptionPeriods(
  id: string,
  { from, bound, paidBound }: { from: string; bound: string; paidBound: string },
  invoices: InvoiceRecord[],
): LedgerPeriod[] {
  // Each paid period within the bound. Periods overlap where a plan switch started a new one before
  // the old one ended: taking back either leaves what the other paid for.
  const paid = [...invoices]
    .sort((a, b) => (a.periodStart < b.periodStart ? -1 : 1))
    .map((invoice) => ({
      invoice,
      start: later(invoice.periodStart, from),
      end: invoice.periodEnd < paidBound ? invoice.periodEnd : paidBound,
    }));
  const periods: LedgerPeriod[] = paid.map(({ invoice, start, end }) => ({
    id: `${id}/${invoice._id}`,
    kind: 'subscription',
    start,
    end,
    blocks: invoice.takenBack
      ? [
          {
            from: later(invoice.takenBackAt ?? invoice.periodStart, invoice.periodStart),
            to: invoice.restoredAt && invoice.restoredAt < end ? invoice.restoredAt : end,
          },
        ]
      : [],
  }));
  // The rest of [from, bound): what no paid invoice's period explains.
  let cursor = from;
  for (const { start, end } of [...paid, { start: bound, end: bound }]) {
    const gapEnd = start < bound ? start : bound;
    if (gapEnd > cursor)
      periods.push({ id: `${id}/${cursor}`, kind: 'subscription', start: cursor, end: gapEnd });
    cursor = later(cursor, end);
  }
  return periods.filter((p) => p.end > p.start);
}

export interface RecomputeOptions {
  /** A ledger entry this change added (legacy premium is measured without it). */
  adding?: string;
  /** The change took time back (a refund, a dispute): premium.changed says takenBack. */
  takenBack?: boolean;
  /** A pass was granted: premium.granted, as before the ledger. */
  granted?: boolean;
  /** The user's latest subscription, as All Users shows it, written with the derivation. */
  subscription?: SubscriptionState;
}

export function premiumLedger(deps: {
  store: Store;
  clock: Clock;
  logger: Logger;
  events: DomainEvents;
  users: UserService;
}) {
  const billing = billingRepository(deps.store);
  const passesOf = passesInLedger(deps.store);
  const grants = premiumGrantsRepository(deps.store);
  const { users } = deps;

  async function ledgerOf(email: string): Promise<PremiumLedger> {
    const [subs, passes, grantRecords] = await Promise.all([
      billing.subscriptionsOf(email),
      passesOf(email),
      grants.of(email),
    ]);
    const periods: LedgerPeriod[] = [];
    for (const sub of subs) {
      const bound = paidThrough(sub);
      if (!bound) continue;
      // Paid time starts when a trial (covered by a pass) ends.
      const from = sub.trialEnd && sub.trialEnd > sub.createdAt ? sub.trialEnd : sub.createdAt;
      // An unpaid renewal's period is no invoice's: what Stripe's retries grant of it is plain time.
      const paidBound =
        sub.latestInvoicePaid || sub.currentPeriodStart > bound ? bound : sub.currentPeriodStart;
      const invoices = await billing.paidInvoicesOf(sub._id);
      periods.push(...subscriptionPeriods(sub._id, { from, bound, paidBound }, invoices));
    }
    const times: LedgerTime[] = passes.map((pass) => ({
      id: pass.paymentIntentId,
      kind: 'pass',
      paidAt: pass.grantedAt,
      seconds: pass.seconds,
      order: pass._id,
      blocks: pass.takenBack
        ? blockOf(pass.takenBackAt ?? pass.grantedAt, pass.restoredAt, pass.grantedAt)
        : [],
    }));
    for (const grant of grantRecords) {
      const blocks = blockOf(grant.takenBackAt, undefined, grant.grantedAt);
      if (grant.kind === 'legacy' && grant.start && grant.end)
        periods.push({ id: grant._id, kind: 'grant', start: grant.start, end: grant.end, blocks });
      else if (grant.kind === 'admin' && grant.seconds)
        times.push({
          id: grant._id,
          kind: 'grant',
          paidAt: grant.grantedAt,
          seconds: grant.seconds,
          order: grant._id,
          blocks,
        });
    }
    return { periods, times };
  }

  /**
   * A record from before the ledger carries premiumEndAt with nothing that explains it (the seed's
   * premium reader, a grant by hand): what the ledger does not explain becomes a grant of those dates,
   * once, so deriving never takes away premium the record had.
   */
  async function adoptLegacy(user: User, ledger: PremiumLedger, adding?: string): Promise<PremiumLedger> {
    const now = deps.clock.now().toISOString();
    if (!user.premiumEndAt || user.premiumEndAt <= now) return ledger;
    const without = (id: string) => id !== adding;
    const explained = derivePremium({
      periods: ledger.periods.filter((p) => without(p.id)),
      times: ledger.times.filter((t) => without(t.id)),
    }).premiumEndAt;
    // From where the ledger's explanation ends; else from now, or from when the entry being added
    // was bought, so that entry waits behind what the record had, as it would have before.
    const addedAt = ledger.times.find((t) => t.id === adding)?.paidAt;
    const start = explained && explained > now ? explained : addedAt && addedAt < now ? addedAt : now;
    if (user.premiumEndAt <= start) return ledger;
    const id = `legacy-${user._id}`;
    await grants.insert({
      _id: id,
      email: user.email,
      kind: 'legacy',
      grantedAt: now,
      start,
      end: user.premiumEndAt,
    });
    deps.logger.info({ userId: user._id, end: user.premiumEndAt }, 'premium: legacy premium kept as a grant');
    return ledger.periods.some((p) => p.id === id)
      ? ledger
      : { ...ledger, periods: [...ledger.periods, { id, kind: 'grant', start, end: user.premiumEndAt }] };
  }

  return {
    ledgerOf,

    /** The ledger's derivation for this user, without writing it. */
    async derive(email: string): Promise<PremiumDerivation> {
      return derivePremium(await ledgerOf(email));
    },

    /**
     * Derives premium from the ledger and writes it to the user (compare-and-set on the user's
     * premium revision, read before the ledger: a change of the ledger meanwhile makes the write miss
     * and derive again, so the last write always saw every entry written before it).
     */
    recompute(email: string, options: RecomputeOptions = {}) {
      return users.applyPremium(
        email,
        async (user) => {
          let ledger = await ledgerOf(email);
          if (user.premiumRev === undefined) ledger = await adoptLegacy(user, ledger, options.adding);
          return derivePremium(ledger);
        },
        options,
      );
    },
  };
}

export type PremiumLedgerService = ReturnType<typeof premiumLedger>;
