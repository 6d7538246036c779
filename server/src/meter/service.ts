import type { Meter } from '@newsroom/common';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DomainEvents } from '../events/domain.js';
import type { Store } from '../store/port.js';
import { createMeterRepository, type MeterClaim } from './repository.js';

export type MeterService = ReturnType<typeof createMeterService>;

/** The calendar month (UTC) a moment falls in, as 'YYYY-MM': the meter starts again on the first. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/**
 * The metered paywall (docs/decisions/gift-links-and-meter.md): a signed-in reader without premium
 * reads `meterFreePremiumPerMonth` premium articles in full per calendar month, counted per account on
 * the server; opening one counted this month again is free. Who is metered is the articles' rule.
 */
export function createMeterService(deps: {
  store: Store;
  clock: Clock;
  config: Pick<Config, 'meterFreePremiumPerMonth'>;
  events: DomainEvents;
}) {
  const repo = createMeterRepository(deps.store);
  const limit = deps.config.meterFreePremiumPerMonth;

  return {
    /** Whether there is a meter at all (METER_FREE_PREMIUM_PER_MONTH > 0). */
    enabled: limit > 0,

    /** A metered reader opens a premium article: counted (once a month) while free reads are left. */
    async open(reader: string, articleId: string): Promise<MeterClaim & { meter: Meter }> {
      const claim = await repo.claim(reader, monthOf(deps.clock.now()), articleId, limit);
      if (claim.counted) {
        await deps.events.publish({ type: 'meter.counted', reader, articleId, used: claim.used });
      }
      return { ...claim, meter: { used: Math.min(claim.used, limit), limit } };
    },

    /** Whether the reader read this article on this month's meter (their view of it may count). */
    async has(reader: string, articleId: string): Promise<boolean> {
      if (limit <= 0) return false;
      const month = await repo.find(reader, monthOf(deps.clock.now()));
      return !!month?.articles.includes(articleId);
    },
  };
}
