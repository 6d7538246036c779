import { Router, type Request } from 'express';
import { billingOperations as op } from '@newsroom/common/api/billing';
import type { RouteContext } from '../context.js';
import { Unauthorized } from '../errors.js';
import { serve } from '../http/operation.js';
import type { StripeEventHandler } from '../payments/routes.js';
import type { User } from '../users/types.js';
import { publicPlans } from './catalog.js';
import { BILLING_EVENTS } from './sync.js';

function caller(req: Request): User {
  if (!req.currentUser) throw new Unauthorized();
  return req.currentUser;
}

/**
 * GET /subscription-plans; the caller's own billing (GET /billing, POST /billing/subscription,
 * /billing/cancel, /billing/resume, GET /billing/switch-preview, POST /billing/switch,
 * /billing/card-setup, /billing/card); admins' GET /admin/billing and POST /admin/refunds.
 * docs/decisions/subscriptions.md.
 */
export function billingRoutes(ctx: RouteContext): Router {
  const { billing } = ctx.services;
  const router = Router();
  const { requireUserRecord, requireAdmin } = ctx.guards;
  // Each of these can reach Stripe: one budget per user and per IP (docs/decisions/subscriptions.md).
  const own = [requireUserRecord, ctx.limits.stripeCalls];
  const admin = [requireAdmin, ctx.limits.stripeCalls];

  serve(router, op.subscriptionPlans, (_input, _req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(publicPlans());
  });

  serve(router, op.billingSummary, ...own, async (_input, req, res) => {
    res.json(await billing.summary(caller(req)));
  });

  serve(router, op.subscribe, ...own, async ({ body }, req, res) => {
    res.json(await billing.subscribe(caller(req), body.plan));
  });

  serve(router, op.cancelSubscription, ...own, async (_input, req, res) => {
    res.json(await billing.cancel(caller(req)));
  });

  serve(router, op.resumeSubscription, ...own, async (_input, req, res) => {
    res.json(await billing.resume(caller(req)));
  });

  serve(router, op.previewPlanSwitch, ...own, async ({ query }, req, res) => {
    res.json(await billing.previewSwitch(caller(req), query.plan));
  });

  serve(router, op.switchPlan, ...own, async ({ body }, req, res) => {
    // A `prorationDate` sent by an older page is parsed and ignored: the date is the preview's.
    res.json(await billing.switchPlan(caller(req), body.plan));
  });

  serve(router, op.startCardUpdate, ...own, async (_input, req, res) => {
    res.json(await billing.cardSetup(caller(req)));
  });

  serve(router, op.updateCard, ...own, async ({ body }, req, res) => {
    res.json(await billing.updateCard(caller(req), body.setupIntentId));
  });

  serve(router, op.userBilling, ...admin, async ({ query }, _req, res) => {
    res.json(await billing.summaryForAdmin(query.email));
  });

  serve(router, op.refundPayment, ...admin, async ({ body }, _req, res) => {
    res.json(await billing.refund(body.paymentIntentId));
  });

  return router;
}

/** Billing's share of POST /stripe/webhook (payments/routes.ts verifies the signature). */
export function billingWebhookHandler(ctx: RouteContext): StripeEventHandler {
  const { billing } = ctx.services;
  return { handles: (type) => BILLING_EVENTS.has(type), handle: (event) => billing.handleEvent(event) };
}
