/**
 * The admins' revenue view costs the months it shows, not the history before them: with 50 000
 * invoices, passes and ended subscriptions from earlier years beside the same last twelve months, it
 * answers the same numbers in about the time it takes with 1 000 (each collection is read by a date
 * range of an index; the live subscriptions by their status). Measured on the embedded engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newId } from '../store/ids.js';
import { openEmbeddedStore, type EmbeddedStore } from '../store/embedded/index.js';
import { ensureIndexes } from '../store/index.js';
import { median } from '../test/median.js';
import { revenueService } from './revenue.js';

const now = new Date('2031-04-05T12:00:00.000Z');
const clock = { now: () => now };
const HOUR = 3_600_000;
const TEN_MINUTES = 600_000;
const opened: { store: EmbeddedStore; dir: string }[] = [];

afterAll(async () => {
  for (const { store, dir } of opened) {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const subscription = (i: number, createdAt: string, status: string, endedAt: string | null) => ({
  _id: `sub_${newId()}`,
  email: `s${i}@x.test`,
  uid: `u${i}`,
  customerId: `cus_${i}`,
  status,
  plan: i % 3 ? 'monthly' : 'yearly',
  priceId: 'price_x',
  itemId: 'si_x',
  currentPeriodStart: createdAt,
  currentPeriodEnd: createdAt,
  cancelAtPeriodEnd: false,
  endedAt,
  trialEnd: null,
  latestInvoicePaid: true,
  card: null,
  createdAt,
  seq: 1,
  syncedAt: createdAt,
});
const invoice = (i: number, createdAt: string) => ({
  _id: `in_${newId()}`,
  email: `s${i}@x.test`,
  subscriptionId: `sub_${i}`,
  paymentIntentId: `pi_${newId()}`,
  amount: i % 3 ? 1000 : 10_000,
  currency: 'usd',
  status: 'paid',
  createdAt,
  periodStart: createdAt,
  periodEnd: createdAt,
  hostedInvoiceUrl: null,
  ...(i % 50 === 0 ? { refundedAmount: 500 } : {}),
  ...(i % 70 === 0 ? { disputed: true, takenBack: 'disputed' } : {}),
});
const pass = (i: number, grantedAt: string) => ({
  _id: newId(),
  paymentIntentId: `pi_${newId()}`,
  email: `p${i}@x.test`,
  uid: `p${i}`,
  seconds: 432_000,
  amount: 5,
  grantedAt,
  source: i % 2 ? 'client' : 'webhook',
  state: 'granted',
  ...(i % 40 === 0 ? { takenBack: 'refunded', takenBackAt: grantedAt } : {}),
});

/** A store with `history` records of each kind before the last twelve months, and the same 1 200 in them. */
async function storeWith(history: number): Promise<EmbeddedStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsroom-revenue-perf-'));
  const store = await openEmbeddedStore({ dir });
  opened.push({ store, dir });
  await ensureIndexes(store);
  const longAgo = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * TEN_MINUTES).toISOString();
  const recent = (i: number) => new Date(Date.UTC(2030, 4, 1) + i * 6 * HOUR).toISOString();
  for (let start = 0; start < history; start += 10_000) {
    const n = Math.min(10_000, history - start);
    const at = (k: number) => longAgo(start + k);
    await store
      .collection('subscriptions')
      .insertMany(Array.from({ length: n }, (_, k) => subscription(start + k, at(k), 'canceled', at(k + 1))));
    await store
      .collection('billing_invoices')
      .insertMany(Array.from({ length: n }, (_, k) => invoice(start + k, at(k))));
    await store
      .collection('payments')
      .insertMany(Array.from({ length: n }, (_, k) => pass(start + k, at(k))));
  }
  await store
    .collection('subscriptions')
    .insertMany(
      Array.from({ length: 1200 }, (_, i) =>
        subscription(i, recent(i), i % 10 ? 'active' : 'canceled', i % 10 ? null : recent(i + 1)),
      ),
    );
  await store
    .collection('billing_invoices')
    .insertMany(Array.from({ length: 1200 }, (_, i) => invoice(i, recent(i))));
  await store.collection('payments').insertMany(Array.from({ length: 1200 }, (_, i) => pass(i, recent(i))));
  return store;
}

describe('the revenue view at 50 000 records of history', () => {
  test('answers what it answers at 1 000, in about the same time', async () => {
    const small = revenueService({ store: await storeWith(1_000), clock });
    const large = revenueService({ store: await storeWith(50_000), clock });
    const report = await large.report(12);
    expect(report).toEqual(await small.report(12));
    expect(report.months.reduce((n, m) => n + m.passesSold, 0)).toBe(1200);
    expect(report.months.reduce((n, m) => n + m.subscriptionPayments, 0)).toBe(1200);
    expect(report.subscribers.reduce((n, p) => n + p.active, 0)).toBe(1080);

    const atSmall = await median(() => small.report(12), { runs: 15 });
    const atLarge = await median(() => large.report(12), { runs: 15 });
    // A scan of the history would take about 4 times as long as the small store's answer (measured:
    // 140 ms against 37 ms without the indexes; with them about the same time); a shared machine
    // gets some room. 50 000 records with this bound fail without the indexes as 200 000 with 5x
    // did, in a quarter of the time spent filling the store.
    expect(atLarge).toBeLessThan(Math.max(3 * atSmall, 10));
  }, 180_000);
});
