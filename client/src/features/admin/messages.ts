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
} as const;
