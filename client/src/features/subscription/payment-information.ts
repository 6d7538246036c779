/**
 * docs/product.md §3 "payment information": text of two numbers separated by a space, the duration in
 * seconds then the amount in dollars ('432000 5'). /subscription hands it to /payment in the
 * router state (kept across reloads by the browser's history state).
 */
export interface PaymentInformation {
  /** Seconds of premium. */
  time: number;
  /** Dollars. */
  amount: number;
}

export function formatPaymentInformation({ time, amount }: PaymentInformation): string {
  return `${time} ${amount}`;
}

export function parsePaymentInformation(text: unknown): PaymentInformation | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d+) (\d+(?:\.\d{1,2})?)$/.exec(text.trim());
  if (!match) return null;
  const time = Number(match[1]);
  const amount = Number(match[2]);
  return time > 0 && amount > 0 ? { time, amount } : null;
}

/** Router state of /payment. */
export interface PaymentRouteState {
  paymentInformation: string;
}

export function paymentInformationFromState(state: unknown): PaymentInformation | null {
  if (!state || typeof state !== 'object' || !('paymentInformation' in state)) return null;
  return parsePaymentInformation((state as PaymentRouteState).paymentInformation);
}

/** '1 minute', '5 days', '2 hours': how long a plan lasts, in words. */
export function describeDuration(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
