/**
 * What a subscription pays for, as a date (docs/decisions/subscriptions.md): the end of the time it
 * paid for. A plain function of what Stripe said last, so the same state written twice, late or out
 * of order gives the same answer. Periods a refund or a dispute took back are the ledger's blocks
 * (billing/ledger.ts).
 */
import type { SubscriptionRecord } from './repository.js';

/**
 * How long a `past_due` subscription keeps premium while Stripe retries the renewal. Match Stripe's
 * "Smart Retries" setting (Dashboard → Billing → Revenue recovery), by default up to two weeks.
 */
export const RETRY_WINDOW_MS = 14 * 24 * 3600_000;

const ms = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

export function paidThrough(
  sub: Pick<
    SubscriptionRecord,
    'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'endedAt' | 'trialEnd' | 'latestInvoicePaid'
  >,
): string | null {
  const start = ms(sub.currentPeriodStart)!;
  const end = ms(sub.currentPeriodEnd)!;
  const ended = ms(sub.endedAt);
  // The period is a trial (it starts when a pass ends): the pass pays for it, so taking the pass
  // back takes the trial too.
  const inTrial = sub.trialEnd !== null && ms(sub.trialEnd)! >= end;
  let until: number | null;
  switch (sub.status) {
    case 'active':
      until = end;
      break;
    case 'past_due':
      // The renewal failed: the last paid period ended at `start`; Stripe retries for a while. Unless
      // the latest invoice (a plan switch's, paid meanwhile) pays for the current period.
      until = sub.latestInvoicePaid ? end : Math.min(end, start + RETRY_WINDOW_MS);
      break;
    case 'canceled':
      if (inTrial) until = null;
      else if (sub.latestInvoicePaid) until = Math.min(end, ended ?? end);
      else until = Math.min(start, ended ?? start);
      break;
    case 'unpaid':
      until = start;
      break;
    default:
      // trialing (the pass covers it), incomplete (nothing paid yet), incomplete_expired, paused.
      until = null;
  }
  return until === null ? null : new Date(until).toISOString();
}
