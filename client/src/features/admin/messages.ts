/** User-visible strings of the admin dashboard, verbatim from SPEC.md §8 (typos included). */
export const adminMessages = {
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  changedToAdmin: 'Changed To Admin!',
  makeAdminFailedTitle: 'Something Is Wrong',
  makeAdminFailedText: "Couldn't make admin",
  approved: 'Approved',
  declined: 'Declined',
  deleted: 'Deleted!',
  premium: 'Premium',
  added: 'Added',
} as const;
