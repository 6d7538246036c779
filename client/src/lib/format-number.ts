/**
 * How the app writes counts (views, readers): the app's locale (en-GB: thousands grouped with
 * commas, a point before decimals). Written by hand, not with Intl.NumberFormat: the first Intl
 * formatter a page makes loads its locale data, a long task on a phone, for what a few string
 * operations do (counts are shown in the first screen).
 */

/** Digits of a whole, non-negative number grouped by three. */
function grouped(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** 6,120 (rounded to a whole number) */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(Math.abs(n));
  return `${n < 0 && whole !== 0 ? '-' : ''}${grouped(String(whole))}`;
}

/** A count that fits a chart axis: 950, 1.5k, 14k. */
export function formatCompactCount(n: number): string {
  if (!(n >= 1000)) return formatCount(n);
  const tenths = Math.round(n / 100); // thousands with one decimal, e.g. 15 → 1.5
  const decimal = tenths % 10;
  return `${grouped(String(Math.floor(tenths / 10)))}${decimal ? `.${decimal}` : ''}k`;
}
