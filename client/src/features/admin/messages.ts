/** User-visible strings of the admin dashboard, verbatim from docs/product.md §8 (the confirmation texts live in lib/swal.ts confirmAction). */
export const adminMessages = {
  changedToAdmin: 'Changed To Admin!',
  makeAdminFailedTitle: 'Something Is Wrong',
  makeAdminFailedText: "Couldn't make admin",
  approved: 'Approved',
  declined: 'Declined',
  deleted: 'Deleted!',
  premium: 'Premium',
  added: 'Added',
  refundConfirmTitle: 'Refund this payment?',
  refundConfirmText: (amount: string, description: string, name: string) =>
    `${amount} for “${description}” goes back to ${name}, and the premium time it bought is taken back.`,
  refundConfirmButton: 'Yes, refund',
  refunded: 'Refunded',
  refundedText:
    'Stripe is returning the money; the premium time it bought is taken back when Stripe confirms.',
  refundFailedTitle: 'The refund did not go through',
  grantTitle: 'Give premium',
  grantHelp: 'Days of premium, spent after any paid subscription or pass time (an apology, a prize).',
  granted: 'Premium given',
  grantedText: (name: string, end: string) => `${name} is premium until ${end}.`,
  grantFailedTitle: 'Premium could not be given',
} as const;

/** The Revenue tab (docs/decisions/revenue-view.md). */
export const revenueMessages = {
  title: 'Revenue',
  intro:
    'What subscriptions and passes brought in, month by month (calendar months, UTC). A refund or a dispute counts in the month of the payment it reverses.',
  period: 'Period',
  periodOption: (months: number) => `Last ${months} months`,
  loading: 'Loading revenue',
  loadFailed: 'Revenue could not be loaded.',
  asOf: 'Figures as of',
  noPayments: 'No payments in these months yet.',
  mrr: 'Monthly recurring revenue',
  mrrHint: 'Active and past-due subscriptions; a yearly one counts as 1/12 of its price.',
  subscribers: 'Subscribers',
  net: (months: number) => `Net revenue, last ${months} months`,
  refundsAndDisputes: (months: number) => `Refunds and disputes, last ${months} months`,
  byPlan: 'Subscribers by plan',
  byMonth: 'Month by month',
  revenueChart: 'Revenue per month',
  subscriptionsChart: 'Subscriptions started and ended',
  passesChart: 'Passes sold',
  refundsChart: 'Refunds and disputes',
} as const;

/** The Comments tab (docs/decisions/comments.md). */
export const commentsAdminMessages = {
  title: 'Comments',
  intro:
    'What readers reported (most recently reported first) or everything new. A hidden comment vanishes for everyone at once; a stopped reader is told your reason when they try to comment.',
  filter: 'Show',
  filterLabel: { reported: 'Reported', recent: 'Recent' },
  loading: 'Loading comments',
  loadFailed: 'Comments could not be loaded.',
  noneReported: 'No reported comments.',
  noneRecent: 'No comments yet.',
  caption: (filter: string, page: number) => `${filter} comments, page ${page}`,
  state: { removed: 'Removed', hidden: 'Hidden', pending: 'Held', shown: 'Shown' },
  reports: (n: number) => (n === 0 ? 'None' : `${n} ${n === 1 ? 'report' : 'reports'}`),
  hide: 'Hide',
  restore: 'Restore',
  show: 'Show',
  stop: 'Stop commenting',
  lift: 'Let comment',
  stopped: 'Stopped from commenting',
  stopTitle: 'Stop this reader from commenting',
  stopReason: 'Reason (they are told)',
  stopPlaceholder: 'Tell the reader why they can no longer comment',
  stopConfirm: 'Stop commenting',
  removedText: 'Removed by its author',
  formerReader: 'Former reader',
  action: (action: string, name: string) => `${action}: comment by ${name}`,
} as const;
