import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { createPaymentIntent, makePremiumUser } from '../api/payments';
import { messages } from '../messages';
import type { PaymentInformation } from '../payment-information';

export interface PayWithCardInput {
  stripe: Stripe;
  card: StripeCardElement;
  payment: PaymentInformation;
}

/**
 * SPEC.md §4 payment flow: create the PaymentIntent on our server, confirm the card with Stripe,
 * have the server verify and grant, then toast 'successful', subscribed = true, /all-articles.
 * Errors are only logged (SPEC.md §8); `isPending` drives the disabled Pay button.
 */
export function usePayWithCard() {
  const { user, markSubscribed } = useAuth();
  const navigate = useNavigate();

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
      if (result.error)
        throw new Error(result.error.message ?? 'Card payment failed', { cause: result.error });
      if (result.paymentIntent.status !== 'succeeded') {
        throw new Error(`Payment not completed (${result.paymentIntent.status})`);
      }
      await makePremiumUser({ email: user.email, time: payment.time, paymentIntentId });
    },
    onSuccess: () => {
      toast.success(messages.paymentSuccessToast);
      markSubscribed();
      void navigate('/all-articles');
    },
    onError: (error) => {
      console.error(error);
    },
  });
}
