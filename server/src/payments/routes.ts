import express, { Router } from 'express';
import type Stripe from 'stripe';
import type { RouteContext } from '../context.js';
import { Unauthorized } from '../errors.js';
import { paymentOperations as op } from '@newsroom/common/api/platform';
import { serve } from '../http/operation.js';
import type { Payer } from './service.js';

function payer(req: express.Request): Payer {
  if (!req.auth) throw new Unauthorized();
  return { uid: req.auth.uid, email: req.auth.email };
}

/**
 * GET /plans, POST /create-payment-intent, PATCH /make-premium-user.
 * PATCH /make-premium-user answers 200 {message, granted, premiumEndAt}; redeeming an intent
 * that was already redeemed (by an earlier call or the webhook) is idempotent: 200 with
 * granted false and premiumEndAt unchanged, so a client racing the webhook still succeeds.
 */
export function paymentRoutes(ctx: RouteContext): Router {
  const { payments } = ctx.services;
  const router = Router();

  serve(router, op.plans, (_input, _req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(payments.plans());
  });

  serve(
    router,
    op.createPaymentIntent,
    ctx.guards.requireUser,
    ctx.limits.paymentIntents,
    ctx.limits.stripeCalls,
    ctx.guards.requireUserRecord,
    async ({ body }, req, res) => {
      res.json(await payments.createPaymentIntent(payer(req), body.amount));
    },
  );

  serve(
    router,
    op.redeemPayment,
    ctx.guards.requireUserRecord,
    ctx.limits.stripeCalls,
    async ({ body }, req, res) => {
      const result = await payments.redeem(payer(req), body);
      res.json({ message: result.granted ? 'Premium granted' : 'Payment already redeemed', ...result });
    },
  );

  return router;
}

/** Another component's share of Stripe's events, on the one endpoint Stripe sends them all to. */
export interface StripeEventHandler {
  handles(type: string): boolean;
  handle(event: Stripe.Event): Promise<void>;
}

/**
 * POST /stripe/webhook. Must be mounted BEFORE express.json(): the signature is computed over
 * the raw body bytes.
 */
export function stripeWebhookRoutes(ctx: RouteContext, others: StripeEventHandler[] = []): Router {
  const { payments } = ctx.services;
  const router = Router();
  // The declared body is Stripe's signed event, not JSON parsed here: the handler reads the raw bytes.
  serve(
    router,
    op.stripeWebhook,
    express.raw({ type: () => true, limit: '1mb' }),
    async (_input, req, res) => {
      const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const event = payments.verifyWebhook(payload, req.header('stripe-signature'));
      const other = others.find((handler) => handler.handles(event.type));
      await (other ? other.handle(event) : payments.handleEvent(event));
      res.json({ received: true });
    },
  );
  return router;
}
