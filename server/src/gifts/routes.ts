import { Router, type Request } from 'express';
import { createGiftLinkBodySchema, idParamSchema, openGiftLinkBodySchema } from '@newsroom/common';
import type { RouteContext } from '../context.js';
import { parseInput } from '../http/input.js';

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

  router.post('/gift-links', requireUserRecord, ctx.limits.edits, async (req, res) => {
    const { articleId } = parseInput(createGiftLinkBodySchema, req.body);
    res.status(201).json(await gifts.create(req.currentUser!, articleId));
  });

  router.get('/me/gift-links', requireUserRecord, async (req, res) => {
    res.json(await gifts.mine(req.currentUser!));
  });

  router.delete('/me/gift-links/:id', requireUserRecord, async (req, res) => {
    const { id } = parseInput(idParamSchema, req.params, 'Malformed id');
    res.json(await gifts.revoke(req.currentUser!, id));
  });

  router.post('/gift-links/open', ctx.limits.giftOpens, optionalUser, async (req, res) => {
    const input = parseInput(openGiftLinkBodySchema, req.body);
    const caller = req.auth ? await users.findByEmail(req.auth.email) : null;
    res.vary('Authorization');
    res.json(await gifts.open(input, caller, { crawler: isCrawler(req) }));
  });

  return router;
}
