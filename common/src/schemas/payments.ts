import { z } from 'zod';
import { PAYMENT_INTENT_ID_PATTERN } from '../limits.js';
import { emailSchema } from './fields.js';

/** A number, or its plain decimal text (the payment information the client keeps is text: '<seconds> <dollars>'). */
const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .transform(Number),
]);

/** POST /create-payment-intent: `amount` in dollars, must be a catalog price (checked by the service). */
export const createPaymentIntentBody = z.object({ amount: numeric }).strict();

/** PATCH /make-premium-user: `time` is the plan's seconds. */
export const makePremiumUserBody = z
  .object({
    email: emailSchema,
    time: numeric,
    // Stripe ids only: the id becomes part of an SDK request path.
    paymentIntentId: z.string().regex(PAYMENT_INTENT_ID_PATTERN, 'Not a PaymentIntent id'),
  })
  .strict();

export type MakePremiumUserInput = z.output<typeof makePremiumUserBody>;
