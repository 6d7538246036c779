/**
 * Query keys of the reader's own account pages (billing, mail, gift links) and the admin's view of a
 * user's billing. Apart from keys.ts, which every first paint loads: only lazily loaded screens and
 * hooks use these. 'private' keys are dropped at sign-out like the others.
 */
export const accountKeys = {
  subscriptionPlans: ['subscription-plans'],
  /** The reader's own billing page (GET /billing). */
  billing: ['private', 'billing'],
  billingOf: (email: string) => ['private', 'billing', email],
  /** The reader's own mail preferences and mail history (GET /me/mail-preferences, /me/mails). */
  mailPreferences: ['private', 'mail-preferences'],
  myMails: ['private', 'mails'],
  /** The creator's gift links (docs/decisions/gift-links-and-meter.md). */
  myGiftLinks: ['private', 'gift-links'],
  myGiftLinksOf: (email: string) => ['private', 'gift-links', email],
  /** An article read through a gift link, per reader (private: sign-out drops it). */
  giftRead: (id: string, token: string, email: string) => ['private', 'gift-read', id, token, email],
  admin: {
    /** A user's billing as an admin sees it (GET /admin/billing?email=). */
    billing: ['private', 'admin', 'billing'],
    billingOf: (email: string) => ['private', 'admin', 'billing', email],
    /** The revenue view (GET /admin/revenue?months=), per number of months. */
    revenue: ['private', 'admin', 'revenue'],
    revenueOf: (months: number) => ['private', 'admin', 'revenue', months],
  },
} as const;
