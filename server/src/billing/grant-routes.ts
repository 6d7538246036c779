/**
 * POST /admin/premium-grants: an admin gives a reader days of premium (docs/decisions/premium-ledger.md).
 * The days are an entry of the premium ledger, spent like a pass's time: after any paid period.
 */
import { billingOperations as op } from '@newsroom/common/api/billing';
import { Router } from 'express';
import { NotFound } from '../errors.js';
import { serve } from '../http/operation.js';
import type { RouteContext } from '../context.js';
import { newId } from '../store/ids.js';
import { premiumGrantsRepository } from './grants/repository.js';

export function premiumGrantRoutes(ctx: RouteContext): Router {
  const router = Router();
  const grants = premiumGrantsRepository(ctx.store);
  const { ledger, users } = ctx.services;

  serve(router, op.grantPremium, ctx.guards.requireAdmin, async ({ body }, req, res) => {
    const { email, days, note } = body;
    if (!(await users.findByEmail(email))) throw new NotFound('User not found');
    const id = newId();
    await grants.insert({
      _id: id,
      email,
      kind: 'admin',
      grantedAt: ctx.clock.now().toISOString(),
      seconds: days * 86_400,
      by: req.auth!.email,
      ...(note ? { note } : {}),
    });
    const { after } = await ledger.recompute(email);
    ctx.logger.info({ grantId: id, days }, 'premium granted by an admin');
    res.json({ id, email, days, premiumEndAt: after });
  });

  return router;
}
