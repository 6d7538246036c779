import { Router } from 'express';
import { draftBodySchema, draftKeyParamSchema } from '@newsroom/common';
import type { RouteContext } from '../context.js';
import { parseInput } from '../http/input.js';

/**
 * A writer's drafts (docs/roles.md, "Drafts"): signed in, each caller's own only; saves are
 * idempotent by the key the client names and rate limited per user.
 */
export function draftRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { drafts } = ctx.services;
  const { requireUserRecord } = ctx.guards;
  const keyOf = (params: unknown) => parseInput(draftKeyParamSchema, params, 'Malformed draft key').key;
  const privately = (res: { set(name: string, value: string): unknown }) =>
    res.set('Cache-Control', 'private, no-store');

  router.get('/me/drafts', requireUserRecord, async (req, res) => {
    privately(res);
    res.json(await drafts.list(req.currentUser!));
  });

  router.get('/me/drafts/:key', requireUserRecord, async (req, res) => {
    const key = keyOf(req.params);
    privately(res);
    res.json(await drafts.get(req.currentUser!, key));
  });

  router.put('/me/drafts/:key', requireUserRecord, ctx.limits.draftSaves, async (req, res) => {
    const key = keyOf(req.params);
    const body = parseInput(draftBodySchema, req.body);
    privately(res);
    res.json(await drafts.save(req.currentUser!, key, body));
  });

  router.delete('/me/drafts/:key', requireUserRecord, async (req, res) => {
    const key = keyOf(req.params);
    await drafts.discard(req.currentUser!, key);
    res.json({ message: 'Draft discarded' });
  });

  return router;
}
