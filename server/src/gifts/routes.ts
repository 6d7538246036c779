import { Router, type Request } from 'express';
import { giftOperations as op } from '@newsroom/common/api/gifts';
import type { RouteContext } from '../context.js';
import { serve } from '../http/operation.js';

/** User agents of crawlers and link previews: a gift link never reads in full for them. */
const CRAWLER = /(bot|crawler|spider|slurp)\b|facebookexternalhit|embedly|preview/i;
const isCrawler = (req: Request) => CRAWLER.test(req.header('user-agent') ?? '');

/**
 * Gift links (docs/decisions/gift-links-and-meter.md): created by premium readers, admins and the
 * writer of a premium article, listed and revoked by their creator, opened by anyone (a session
 * counts when sent). Every answer is the caller's own: never stored by a shared cache.
 */
export function giftRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { users, gifts } = ctx.services;
  const { requireUserRecord, optionalUser } = ctx.guards;

  router.use(['/gift-links', '/me/gift-links'], (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });

  serve(router, op.createGiftLink, requireUserRecord, ctx.limits.edits, async ({ body }, req, res) => {
    res.status(201).json(await gifts.create(req.currentUser!, body.articleId));
  });

  serve(router, op.myGiftLinks, requireUserRecord, async (_input, req, res) => {
    res.json(await gifts.mine(req.currentUser!));
  });

  serve(router, op.revokeGiftLink, requireUserRecord, async ({ params }, req, res) => {
    res.json(await gifts.revoke(req.currentUser!, params.id));
  });

  serve(router, op.openGiftLink, ctx.limits.giftOpens, optionalUser, async ({ body }, req, res) => {
    const caller = req.auth ? await users.findByEmail(req.auth.email) : null;
    res.vary('Authorization');
    res.json(await gifts.open(body, caller, { crawler: isCrawler(req) }));
  });

  return router;
}
