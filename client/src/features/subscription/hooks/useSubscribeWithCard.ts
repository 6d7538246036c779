import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useNavigate } from 'react-router-dom';
import { fetchBilling, subscribe, type SubscriptionPlanOffer } from '@/lib/api/billing';
import { accountKeys } from '@/lib/api/account-keys';
import { invalidate, staleAfter } from '@/lib/api/stale';
import { useAuth } from '@/lib/auth';
import { UserFacingError } from '@/lib/error-message';
import { messages } from '../messages';

export interface SubscribeWithCardInput {
  stripe: Stripe;
  card: StripeCardElement;
  plan: SubscriptionPlanOffer;
}

/**
 * A renewing subscription (docs/decisions/subscriptions.md): our server creates it incomplete and
 * answers what the card field confirms: the first invoice's payment, or (a pass holder, whose
 * subscription starts when the pass ends) the card of the trial. Then GET /billing reads the
 * subscription from Stripe (its webhook may not be here yet): premium shows, the reader lands on
 * the billing page with a toast. Errors show under the card field.
 */
export function useSubscribeWithCard() {
  const { user, markSubscribed } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async ({ stripe, card, plan }: SubscribeWithCardInput) => {
      if (!user?.email) throw new Error('Not signed in');
      const { intent } = await subscribe(plan.id);
      if (intent) {
        const paymentMethod = {
          card,
          billing_details: { name: user.displayName ?? undefined, email: user.email },
        };
        const result =
          intent.type === 'payment'
            ? await stripe.confirmCardPayment(intent.clientSecret, { payment_method: paymentMethod })
            : await stripe.confirmCardSetup(intent.clientSecret, { payment_method: paymentMethod });
        if (result.error) {
          throw new UserFacingError(result.error.message ?? 'Your card could not be charged, try again', {
            cause: result.error,
          });
        }
      }
      return { email: user.email, billing: await fetchBilling() };
    },
    onSuccess: ({ email, billing }, { plan }) => {
      queryClient.setQueryData(accountKeys.billingOf(email), billing);
      void invalidate(queryClient, staleAfter.premiumChanged(email));
      if (billing.premium.active) markSubscribed();
      toast.success(messages.subscribedToast(plan.label));
      void navigate('/user-dashboard/billing');
    },
    onError: (error) => {
      console.error(error);
    },
    // Shown under the card field by the form, not as a toast.
    meta: { errorToast: false },
  });
}
