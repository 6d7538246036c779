/** When digests go out (docs/decisions/email.md): at the reader's hour (UTC); weekly ones on Mondays. */
import type { DigestFrequency } from '@newsroom/common';

const DAY = 24 * 3_600_000;

/** The first slot strictly after `after`: `hour`:00 UTC, on a Monday for a weekly digest. */
export function nextDigestSlot(frequency: Exclude<DigestFrequency, 'off'>, hour: number, after: Date): Date {
  const slot = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hour));
  while (slot.getTime() <= after.getTime() || (frequency === 'weekly' && slot.getUTCDay() !== 1)) {
    slot.setTime(slot.getTime() + DAY);
  }
  return slot;
}

/**
 * The period a slot belongs to: its UTC day, or its ISO week. At most one digest per reader and
 * period, whatever the hour was changed to in between.
 */
export function digestPeriod(frequency: Exclude<DigestFrequency, 'off'>, slot: Date): string {
  if (frequency === 'daily') return slot.toISOString().slice(0, 10);
  // ISO week: the week (and year) of the Thursday of this Monday-based week.
  const thursday = new Date(Date.UTC(slot.getUTCFullYear(), slot.getUTCMonth(), slot.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
