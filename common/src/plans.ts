/**
 * The plan catalog. The server alone decides what a plan costs: the client names a catalog price
 * (read from GET /plans), and a grant checks the PaymentIntent's amount against this table.
 */
export interface Plan {
  /** Premium time the plan buys, in seconds. */
  seconds: number;
  /** Price in whole US dollars. */
  amount: number;
  /** What the plan select shows. */
  label: string;
}

export const PLANS: readonly Plan[] = Object.freeze([
  { seconds: 60, amount: 1, label: '1 minute' },
  { seconds: 432_000, amount: 5, label: '5 days' },
  { seconds: 864_000, amount: 10, label: '10 days' },
]);

export const PLAN_CURRENCY = 'usd';

export function planByAmount(dollars: number): Plan | undefined {
  return PLANS.find((p) => p.amount === dollars);
}

export function planBySeconds(seconds: number): Plan | undefined {
  return PLANS.find((p) => p.seconds === seconds);
}
