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
} as const;
