/** The plan catalog lives in @newsroom/common (the client reads it through GET /plans). */
export { PLAN_CURRENCY, PLANS, planByAmount, planBySeconds, type Plan } from '@newsroom/common';

/** Stripe amounts are in the currency's smallest unit (cents). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
