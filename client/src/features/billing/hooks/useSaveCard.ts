import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startCardSetup, updateCard } from '@/lib/api/billing';
import { accountKeys } from '@/lib/api/account-keys';
import { invalidate, staleAfter } from '@/lib/api/stale';
import { useAuth } from '@/lib/auth';
import { UserFacingError } from '@/lib/error-message';

export interface SaveCardInput {
  stripe: Stripe;
  card: StripeCardElement;
}

/**
 * A new card for renewals: a SetupIntent from our server (POST /billing/card-setup), confirmed by
 * Stripe.js with the card field, then POST /billing/card makes it the card renewals charge.
 */
export function useSaveCard() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stripe, card }: SaveCardInput) => {
      if (!user?.email) throw new Error('Not signed in');
      const { clientSecret, setupIntentId } = await startCardSetup();
      const result = await stripe.confirmCardSetup(clientSecret, {
        payment_method: {
          card,
          billing_details: { name: user.displayName ?? undefined, email: user.email },
        },
      });
      if (result.error) {
        throw new UserFacingError(result.error.message ?? 'Your card could not be saved, try again', {
          cause: result.error,
        });
      }
      return { email: user.email, billing: await updateCard(setupIntentId) };
    },
    onSuccess: ({ email, billing }) => {
      queryClient.setQueryData(accountKeys.billingOf(email), billing);
      void invalidate(queryClient, staleAfter.billingChanged());
    },
    onError: (error) => console.error(error),
    // Shown under the card field.
    meta: { errorToast: false },
  });
}
