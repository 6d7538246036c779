import type { Store } from '../store/port.js';
import { PASS_SOURCES, paymentsRepository, type PassMonth } from './repository.js';

export type { PassMonth } from './repository.js';

/**
 * The passes' share of the admins' revenue view (billing/revenue.ts): per month of purchase, the
 * passes bought in [fromIso, untilIso), what they cost and what refunds and disputes took (dollars).
 * One date range of an index per source a pass is redeemed from; a month may come once per source.
 */
export function passRevenue(store: Store) {
  const repo = paymentsRepository(store);
  return {
    async perMonth(fromIso: string, untilIso: string): Promise<PassMonth[]> {
      const parts = await Promise.all(
        PASS_SOURCES.map((source) => repo.passesPerMonth(source, fromIso, untilIso)),
      );
      return parts.flat();
    },
  };
}
