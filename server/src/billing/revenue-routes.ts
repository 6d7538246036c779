import { Router } from 'express';
import { revenueQuery } from '@newsroom/common';
import type { RouteContext } from '../context.js';
import { parseInput } from '../http/input.js';

/** GET /admin/revenue?months=: the admins' revenue view (billing/revenue.ts, docs/decisions/revenue-view.md). */
export function revenueRoutes(ctx: RouteContext): Router {
  const { revenue } = ctx.services;
  const router = Router();

  router.get('/admin/revenue', ctx.guards.requireAdmin, async (req, res) => {
    const { months } = parseInput(revenueQuery, req.query);
    res.json(await revenue.report(months));
  });

  return router;
}
