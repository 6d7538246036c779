import { Router } from 'express';
import { billingOperations as op } from '@newsroom/common/api/billing';
import type { RouteContext } from '../context.js';
import { serve } from '../http/operation.js';

/** GET /admin/revenue?months=: the admins' revenue view (billing/revenue.ts, docs/decisions/revenue-view.md). */
export function revenueRoutes(ctx: RouteContext): Router {
  const { revenue } = ctx.services;
  const router = Router();

  serve(router, op.revenueReport, ctx.guards.requireAdmin, async ({ query }, _req, res) => {
    res.json(await revenue.report(query.months));
  });

  return router;
}
