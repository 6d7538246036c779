import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { UserFacingError } from '@/lib/error-message';
import { invalidate, staleAfter } from '@/lib/api/stale';
import { createPaymentIntent, makePremiumUser } from '@/lib/api/payments';
import { messages } from '../messages';
import type { PaymentInformation } from '../payment-information';

export interface PayWithCardInput {
  stripe: Stripe;
  card: StripeCardElement;
  payment: PaymentInformation;
}

/**
 * docs/product.md §4 payment flow: create the PaymentIntent on our server, confirm the card with Stripe,
 * have the server verify and grant, then toast 'successful', subscribed = true, /all-articles.
 * Errors are logged (docs/product.md §8) and the card form shows them under the card field (Stripe's own
 * message for a card error); `isPending` drives the disabled Pay button.
 */
export function usePayWithCard() {
  const { user, markSubscribed } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async ({ stripe, card, payment }: PayWithCardInput) => {
      if (!user?.email) throw new Error('Not signed in');
      const { clientSecret, paymentIntentId } = await createPaymentIntent(payment.amount);
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: {
          card,
          billing_details: { name: user.displayName ?? undefined, email: user.email },
        },
      });
      if (result.error) {
        throw new UserFacingError(result.error.message ?? 'Your card could not be charged, try again', {
          cause: result.error,
        });
      }
      if (result.paymentIntent.status !== 'succeeded') {
        throw new UserFacingError('The payment was not completed, try again or use another card', {
          cause: new Error(`PaymentIntent status ${result.paymentIntent.status}`),
        });
      }
      await makePremiumUser({ email: user.email, time: payment.time, paymentIntentId });
      return user.email;
    },
    onSuccess: (email) => {
      void invalidate(queryClient, staleAfter.premiumChanged(email));
      toast.success(messages.paymentSuccessToast);
      markSubscribed();
      void navigate('/all-articles');
    },
    onError: (error) => {
      console.error(error);
    },
    // Shown under the card field by the form, not as a toast.
    meta: { errorToast: false },
  });
}
