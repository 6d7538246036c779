/** How the app writes counts (views, readers): the locale of its dates, grouped thousands. */
import { LOCALE } from './format-date';

const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** 6,120 */
export function formatCount(n: number): string {
  return whole.format(n);
}

/** A count that fits a chart axis: 950, 1.5k, 14k. */
export function formatCompactCount(n: number): string {
  return n >= 1000 ? `${oneDecimal.format(n / 1000)}k` : whole.format(n);
}
