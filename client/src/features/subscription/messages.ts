/** User-visible strings of the subscription and payment screens (docs/product.md wording kept exactly, typos included). */
export const messages = {
  alreadyPremium: 'You Hava Alredy Became A Premium User',
  totalPaymentAmount: 'Total Payment Amount',
  paymentSuccessToast: 'successful',
  payButton: (amount: number) => `Pay $${amount}`,
  choosePlan: 'Choose a plan',
  planRequired: 'Please choose a plan first',
  continueToPayment: 'Continue to payment',
  paymentsNotConfigured: 'Payments are not configured',
  paymentsNotConfiguredHelp:
    'This site has no payment provider key (VITE_STRIPE_PUBLISHABLE_KEY), so subscriptions cannot be bought here.',
  plansUnavailable: 'Plans could not be loaded. Please try again later.',
  chooseSubscription: 'Choose a subscription',
  subscriptionRequired: 'Please choose Monthly or Yearly first',
  continueToSubscribe: 'Continue to card details',
  subscribeButton: (amount: number, interval: 'month' | 'year') => `Subscribe for $${amount} a ${interval}`,
  subscribedToast: (label: string) => `Subscribed: ${label}. Premium is yours until you cancel.`,
} as const;
