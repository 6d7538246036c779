/** The ledger's derivation (common/src/premium-ledger.ts; docs/decisions/premium-ledger.md). */
import { derivePremium, premiumSourceAt, type LedgerPeriod, type LedgerTime } from '@newsroom/common';
import { describe, expect, it } from 'vitest';

const T0 = Date.parse('2031-03-01T00:00:00.000Z');
const MIN = 60_000;
const DAY = 1440 * MIN;
const at = (ms: number) => new Date(T0 + ms).toISOString();
const pass = (
  id: string,
  paidAt: number,
  seconds: number,
  blocks: LedgerTime['blocks'] = [],
): LedgerTime => ({
  id,
  kind: 'pass',
  paidAt: at(paidAt),
  seconds,
  blocks,
});
const yearly = (blocks: LedgerPeriod['blocks'] = []): LedgerPeriod => ({
  id: 'sub/in_1',
  kind: 'subscription',
  start: at(0),
  end: at(365 * DAY),
  blocks,
});

describe('derivePremium', () => {
  it('lays a pass bought during a subscription after its paid time', () => {
    const d = derivePremium({ periods: [yearly()], times: [pass('pi_1', DAY, 60)] });
    expect(d.premiumEndAt).toBe(at(365 * DAY + MIN));
    expect(d.subscriptionEndAt).toBe(at(365 * DAY));
    expect(d.passEndAt).toBe(at(365 * DAY + MIN));
    expect(premiumSourceAt(d, new Date(T0 + 2 * DAY))).toBe('subscription');
  });

  it('a refunded subscription takes its year back and the $1 pass it waited behind runs from then (finding 1)', () => {
    const refundedAt = 2 * DAY;
    const d = derivePremium({
      periods: [yearly([{ from: at(refundedAt), to: at(365 * DAY) }])],
      times: [pass('pi_1', DAY, 60)],
    });
    expect(d.premiumEndAt).toBe(at(refundedAt + MIN));
    expect(d.subscriptionEndAt).toBe(at(refundedAt));
    expect(premiumSourceAt(d, new Date(T0 + refundedAt))).toBe('pass');
  });

  it('spends passes one after another, oldest first, and a refund takes only what was not spent', () => {
    const five = pass('pi_5', 0, 5 * 86_400, [{ from: at(2 * DAY), to: null }]);
    const ten = pass('pi_10', MIN, 10 * 86_400);
    const d = derivePremium({ periods: [], times: [ten, five] });
    // five ran [0, 2 days) and was refunded then; ten runs from 2 days for its 10.
    expect(d.premiumEndAt).toBe(at(12 * DAY));
    expect(d.spans.map((s) => [s.id, s.start, s.end])).toEqual([
      ['pi_5', at(0), at(2 * DAY)],
      ['pi_10', at(2 * DAY), at(12 * DAY)],
    ]);
  });

  it('a pass refunded before it was granted gives nothing', () => {
    const d = derivePremium({
      periods: [],
      times: [pass('pi_1', DAY, 432_000, [{ from: at(0), to: null }])],
    });
    expect(d.premiumEndAt).toBeNull();
    expect(premiumSourceAt(d, new Date(T0 + DAY))).toBe('none');
  });

  it('a dispute won gives back what the dispute held, from the moment it was won', () => {
    const d = derivePremium({
      periods: [],
      times: [pass('pi_5', 0, 5 * 86_400, [{ from: at(DAY), to: at(10 * DAY) }])],
    });
    expect(d.premiumEndAt).toBe(at(14 * DAY));
  });

  it('a paid period that starts while a pass runs pauses the pass', () => {
    const d = derivePremium({
      periods: [{ id: 'legacy', kind: 'grant', start: at(DAY), end: at(3 * DAY) }],
      times: [pass('pi_5', 0, 5 * 86_400)],
    });
    expect(d.premiumEndAt).toBe(at(7 * DAY));
  });

  it('orders purchases of the same moment by their record', () => {
    const d = derivePremium({
      periods: [],
      times: [
        { ...pass('z', 0, 60), order: '2' },
        { ...pass('a', 0, 60, [{ from: at(MIN), to: null }]), order: '1' },
      ],
    });
    // 'a' was bought first (order 1): it ran its minute before the refund; 'z' runs after it.
    expect(d.premiumEndAt).toBe(at(2 * MIN));
  });
});
