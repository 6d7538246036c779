import { describe, expect, it } from 'vitest';
import { paidThrough, RETRY_WINDOW_MS } from './paid-through.js';

const APR_1 = '2031-04-01T00:00:00.000Z';
const MAY_1 = '2031-05-01T00:00:00.000Z';
const sub = (fields: Partial<Parameters<typeof paidThrough>[0]> = {}) => ({
  status: 'active' as const,
  currentPeriodStart: APR_1,
  currentPeriodEnd: MAY_1,
  endedAt: null,
  trialEnd: null,
  latestInvoicePaid: true,
  ...fields,
});

describe('paidThrough', () => {
  it('is the period end of an active subscription, nothing for a trial or an unpaid start', () => {
    expect(paidThrough(sub())).toBe(MAY_1);
    expect(paidThrough(sub({ status: 'trialing', trialEnd: MAY_1 }))).toBeNull();
    expect(paidThrough(sub({ status: 'incomplete', latestInvoicePaid: false }))).toBeNull();
  });

  it('keeps a past_due subscription within the retry window only', () => {
    expect(paidThrough(sub({ status: 'past_due', latestInvoicePaid: true }))).toBe(MAY_1);
    expect(paidThrough(sub({ status: 'past_due', latestInvoicePaid: false }))).toBe(
      new Date(Date.parse(APR_1) + RETRY_WINDOW_MS).toISOString(),
    );
  });

  it('ends a cancelled one where its last paid period ends', () => {
    expect(paidThrough(sub({ status: 'canceled', endedAt: MAY_1 }))).toBe(MAY_1);
    expect(paidThrough(sub({ status: 'canceled', endedAt: MAY_1, latestInvoicePaid: false }))).toBe(APR_1);
    expect(paidThrough(sub({ status: 'unpaid', latestInvoicePaid: false }))).toBe(APR_1);
    // Cancelled in its trial: the pass paid for the trial, the subscription nothing.
    expect(paidThrough(sub({ status: 'canceled', trialEnd: MAY_1, endedAt: MAY_1 }))).toBeNull();
  });
});
