/** The admins' revenue view's limits (no zod: screens import this subpath, `@newsroom/common/revenue`). */

/** How many months the view may cover, the current one included. */
export const REVENUE_MONTHS_MAX = 24;
export const REVENUE_MONTHS_DEFAULT = 12;
/** The periods the Revenue tab offers. */
export const REVENUE_PERIODS = [6, 12, 24] as const;
