/** Injected so premium expiry and view windows can be tested without waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
