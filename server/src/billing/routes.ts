import { Router, type Request } from 'express';
import {
  adminBillingQuery,
  refundBody,
  subscribeBody,
  switchPlanBody,
  switchPreviewQuery,
  updateCardBody,
} from '@newsroom/common';
import { z } from 'zod';
import type { RouteContext } from '../context.js';
import { Unauthorized } from '../errors.js';
import { parseInput, requiredBody } from '../http/input.js';
import type { StripeEventHandler } from '../payments/routes.js';
import type { User } from '../users/types.js';
import { publicPlans } from './catalog.js';
import { BILLING_EVENTS } from './sync.js';

const emptyBody = z.object({}).strict();

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

  router.get('/subscription-plans', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(publicPlans());
  });

  router.get('/billing', ...own, async (req, res) => {
    res.json(await billing.summary(caller(req)));
  });

  router.post('/billing/subscription', ...own, async (req, res) => {
    const { plan } = parseInput(subscribeBody, req.body ?? {});
    res.json(await billing.subscribe(caller(req), plan));
  });

  router.post('/billing/cancel', ...own, async (req, res) => {
    parseInput(emptyBody, requiredBody(req));
    res.json(await billing.cancel(caller(req)));
  });

  router.post('/billing/resume', ...own, async (req, res) => {
    parseInput(emptyBody, requiredBody(req));
    res.json(await billing.resume(caller(req)));
  });

  router.get('/billing/switch-preview', ...own, async (req, res) => {
    const { plan } = parseInput(switchPreviewQuery, req.query);
    res.json(await billing.previewSwitch(caller(req), plan));
  });

  router.post('/billing/switch', ...own, async (req, res) => {
    // A `prorationDate` sent by an older page is parsed and ignored: the date is the preview's.
    const { plan } = parseInput(switchPlanBody, req.body ?? {});
    res.json(await billing.switchPlan(caller(req), plan));
  });

  router.post('/billing/card-setup', ...own, async (req, res) => {
    parseInput(emptyBody, requiredBody(req));
    res.json(await billing.cardSetup(caller(req)));
  });

  router.post('/billing/card', ...own, async (req, res) => {
    const { setupIntentId } = parseInput(updateCardBody, req.body ?? {});
    res.json(await billing.updateCard(caller(req), setupIntentId));
  });

  router.get('/admin/billing', ...admin, async (req, res) => {
    const { email } = parseInput(adminBillingQuery, req.query);
    res.json(await billing.summaryForAdmin(email));
  });

  router.post('/admin/refunds', ...admin, async (req, res) => {
    const { paymentIntentId } = parseInput(refundBody, req.body ?? {});
    res.json(await billing.refund(paymentIntentId));
  });

  return router;
}

/** Billing's share of POST /stripe/webhook (payments/routes.ts verifies the signature). */
export function billingWebhookHandler(ctx: RouteContext): StripeEventHandler {
  const { billing } = ctx.services;
  return { handles: (type) => BILLING_EVENTS.has(type), handle: (event) => billing.handleEvent(event) };
}
