/**
 * Premium time as a ledger (docs/decisions/premium-ledger.md). Every stretch of premium is an entry
 * tied to what paid for it, and when premium ends is one pure function of the entries: nothing ever
 * adds seconds to a stored end. The server derives the user's premiumEndAt with it after every change
 * of the ledger; the billing page says with it where today's premium comes from.
 *
 * Two kinds of entries:
 * - A **period** covers fixed dates: a subscription's paid time (its invoices, as Stripe says), or a
 *   grant of fixed dates (premium from before the ledger existed).
 * - A **time** entry is an amount of time bought at a moment: a pass, an admin's grant of days. Time is
 *   spent only while no period covers the reader, oldest purchase first, so a pass bought by a
 *   subscriber waits until the subscription's paid time ends.
 *
 * A refund or a dispute does not erase an entry: it **blocks** it from the moment it was recorded
 * (`from`) on, for good (`to` null) or until a dispute is won (`to`). What the reader had before that
 * moment was had; what was not yet spent is not spent meanwhile. So taking back a subscription a pass
 * waited behind lets the pass start at once, instead of a year later.
 */

/** An entry taken back from `from` on: for good (`to` null), or until `to` (a dispute won). */
export interface LedgerBlock {
  from: string;
  to: string | null;
}

/** Paid time on fixed dates: [start, end), except where blocked. */
export interface LedgerPeriod {
  id: string;
  kind: 'subscription' | 'grant';
  start: string;
  end: string;
  blocks?: readonly LedgerBlock[];
}

/** An amount of time bought at `paidAt`, spent while no period covers the reader. */
export interface LedgerTime {
  id: string;
  kind: 'pass' | 'grant';
  paidAt: string;
  seconds: number;
  /** Orders purchases made at the same moment (the record's id, which sorts by creation). */
  order?: string;
  blocks?: readonly LedgerBlock[];
}

export interface PremiumLedger {
  periods: readonly LedgerPeriod[];
  times: readonly LedgerTime[];
}

export type PremiumSource = 'pass' | 'subscription' | 'grant' | 'none';

/** One stretch of premium and the entry that paid for it. */
export interface PremiumSpan {
  id: string;
  source: Exclude<PremiumSource, 'none'>;
  start: string;
  end: string;
}

export interface PremiumDerivation {
  /** The end of the last stretch of premium (null: there never was any). */
  premiumEndAt: string | null;
  /** The end of the last stretch a pass paid for. */
  passEndAt: string | null;
  /** The end of the last stretch a subscription paid for. */
  subscriptionEndAt: string | null;
  /** Every stretch, in time order. */
  spans: PremiumSpan[];
}

interface Interval {
  start: number;
  end: number;
}

const FOREVER = Number.POSITIVE_INFINITY;
const ms = (iso: string) => new Date(iso).getTime();
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const toIso = (t: number) => new Date(t).toISOString();
const blocksOf = (blocks: readonly LedgerBlock[] | undefined): Interval[] =>
  (blocks ?? [])
    .map((b) => ({ start: ms(b.from), end: b.to === null ? FOREVER : ms(b.to) }))
    .filter((b) => b.start < b.end);

/** [start, end) less the blocked intervals, as sorted disjoint pieces. */
function subtract(whole: Interval, blocked: Interval[]): Interval[] {
  let pieces = whole.end > whole.start ? [whole] : [];
  for (const b of blocked) {
    pieces = pieces.flatMap((p) => {
      if (b.end <= p.start || b.start >= p.end) return [p];
      const kept: Interval[] = [];
      if (b.start > p.start) kept.push({ start: p.start, end: b.start });
      if (b.end < p.end) kept.push({ start: b.end, end: p.end });
      return kept;
    });
  }
  return pieces.sort((a, b) => a.start - b.start);
}

/** Sorted, disjoint, with touching intervals joined. */
function union(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out.at(-1);
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}

const containing = (intervals: Interval[], t: number) => intervals.find((i) => i.start <= t && t < i.end);
const nextStartAfter = (intervals: Interval[], t: number) =>
  intervals.reduce((next, i) => (i.start > t && i.start < next ? i.start : next), FOREVER);

/**
 * Lays the time entries on the timeline: at every moment no period covers, the oldest purchase that
 * is paid for, not blocked and not used up is spent.
 */
function spendTimes(times: readonly LedgerTime[], covered: Interval[]): PremiumSpan[] {
  const queue = [...times]
    .sort((a, b) => ms(a.paidAt) - ms(b.paidAt) || compare(a.order ?? a.id, b.order ?? b.id))
    .map((entry) => ({
      entry,
      paidAt: ms(entry.paidAt),
      left: Math.max(0, entry.seconds) * 1000,
      blocked: union(blocksOf(entry.blocks)),
    }));
  const spans: PremiumSpan[] = [];
  const runnable = (q: (typeof queue)[number], t: number) =>
    q.left > 0 && q.paidAt <= t && !containing(q.blocked, t);
  let t = queue.reduce((first, q) => Math.min(first, q.paidAt), FOREVER);
  // Every turn ends at a breakpoint (a purchase, a block's edge, a period's edge) or uses an entry
  // up, so the loop is bounded by their number; the cap only guards against a bug.
  for (let turn = 0; turn < 10_000 && t < FOREVER; turn++) {
    const period = containing(covered, t);
    if (period) {
      t = period.end;
      continue;
    }
    const running = queue.findIndex((q) => runnable(q, t));
    if (running < 0) {
      // Nothing to spend now: the next moment something becomes spendable, if any.
      let next = FOREVER;
      for (const q of queue) {
        if (q.left <= 0) continue;
        if (q.paidAt > t) next = Math.min(next, q.paidAt);
        const block = containing(q.blocked, t);
        if (block && q.paidAt <= t) next = Math.min(next, block.end);
      }
      t = next;
      continue;
    }
    const q = queue[running]!;
    let until = Math.min(t + q.left, nextStartAfter(covered, t), nextStartAfter(q.blocked, t));
    // An older purchase whose block ends (a dispute won) is spent first again from then on.
    for (const older of queue.slice(0, running)) {
      if (older.left <= 0) continue;
      const block = containing(older.blocked, t);
      if (block) until = Math.min(until, block.end);
    }
    const last = spans.at(-1);
    if (last && last.id === q.entry.id && ms(last.end) === t) last.end = toIso(until);
    else spans.push({ id: q.entry.id, source: q.entry.kind, start: toIso(t), end: toIso(until) });
    q.left -= until - t;
    t = until;
  }
  return spans;
}

export function derivePremium(ledger: PremiumLedger): PremiumDerivation {
  const periodSpans: PremiumSpan[] = ledger.periods.flatMap((p) =>
    subtract({ start: ms(p.start), end: ms(p.end) }, blocksOf(p.blocks)).map((i) => ({
      id: p.id,
      source: p.kind,
      start: toIso(i.start),
      end: toIso(i.end),
    })),
  );
  const covered = union(periodSpans.map((s) => ({ start: ms(s.start), end: ms(s.end) })));
  const spans = [...periodSpans, ...spendTimes(ledger.times, covered)].sort(
    (a, b) => ms(a.start) - ms(b.start) || ms(a.end) - ms(b.end),
  );
  const lastEnd = (source?: PremiumSource) =>
    spans
      .filter((s) => !source || s.source === source)
      .reduce<string | null>((end, s) => (end === null || ms(s.end) > ms(end) ? s.end : end), null);
  return {
    premiumEndAt: lastEnd(),
    passEndAt: lastEnd('pass'),
    subscriptionEndAt: lastEnd('subscription'),
    spans,
  };
}

/** What pays for premium at `now` (a period before time entries: time waits behind it). */
export function premiumSourceAt(derivation: Pick<PremiumDerivation, 'spans'>, now: Date): PremiumSource {
  const t = now.getTime();
  const at = derivation.spans.filter((s) => ms(s.start) <= t && t < ms(s.end));
  return (
    at.find((s) => s.source === 'subscription')?.source ??
    at.find((s) => s.source === 'grant')?.source ??
    at.find((s) => s.source === 'pass')?.source ??
    'none'
  );
}
