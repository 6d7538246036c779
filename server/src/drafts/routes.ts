import { Router } from 'express';
import { draftOperations as op } from '@newsroom/common/api/drafts';
import type { RouteContext } from '../context.js';
import { serve } from '../http/operation.js';

/**
 * A writer's drafts (docs/roles.md, "Drafts"): signed in, each caller's own only; saves are
 * idempotent by the key the client names and rate limited per user.
 */
export function draftRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { drafts } = ctx.services;
  const { requireUserRecord } = ctx.guards;
  const privately = (res: { set(name: string, value: string): unknown }) =>
    res.set('Cache-Control', 'private, no-store');

  serve(router, op.myDrafts, requireUserRecord, async (_input, req, res) => {
    privately(res);
    res.json(await drafts.list(req.currentUser!));
  });

  serve(router, op.myDraft, requireUserRecord, async ({ params }, req, res) => {
    privately(res);
    res.json(await drafts.get(req.currentUser!, params.key));
  });

  serve(
    router,
    op.saveDraft,
    requireUserRecord,
    ctx.limits.draftSaves,
    async ({ params, body }, req, res) => {
      privately(res);
      res.json(await drafts.save(req.currentUser!, params.key, body));
    },
  );

  serve(router, op.discardDraft, requireUserRecord, async ({ params }, req, res) => {
    await drafts.discard(req.currentUser!, params.key);
    res.json({ message: 'Draft discarded' });
  });

  return router;
}
