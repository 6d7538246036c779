import type { RevenueMonth } from '@/lib/api/revenue';
import { formatDollars } from '@/lib/billing-labels';
import { formatDate } from '@/lib/format-date';
import { formatCompactCount, formatCount } from '@/lib/format-number';

// How the Revenue tab writes its months, amounts and counts, and adds them up (its tables and charts).

export const monthName = (month: string) => formatDate(`${month}-01`, 'monthYear') ?? month;
export const shortMonth = (month: string) => formatDate(`${month}-01`, 'shortMonthYear') ?? month;
export const dollarTick = (value: number) => `$${formatCompactCount(value)}`;
export const plural = (n: number, one: string) => `${formatCount(n)} ${n === 1 ? one : `${one}s`}`;
/** "2 · $31.00": how many, and how much. */
export const countAndAmount = (count: number, amount: number) =>
  count === 0 ? '0' : `${formatCount(count)} · ${formatDollars(amount)}`;
export const sum = (months: RevenueMonth[], pick: (month: RevenueMonth) => number) =>
  months.reduce((n, month) => n + pick(month), 0);
