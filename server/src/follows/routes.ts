import { Router } from 'express';
import { followOperations as op } from '@newsroom/common/api/reading';
import type { RouteContext } from '../context.js';
import { serve } from '../http/operation.js';

/**
 * Following publishers and writers (docs/decisions/follows-and-feed.md): signed in, per-user rate
 * limited, idempotent both ways; each answers whether the caller follows now and the follower count.
 */
export function followRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { follows } = ctx.services;
  const { requireUserRecord } = ctx.guards;

  // A publisher's id; a writer's public id.
  for (const [kind, follow, unfollow] of [
    ['publisher', op.followPublisher, op.unfollowPublisher],
    ['writer', op.followWriter, op.unfollowWriter],
  ] as const) {
    serve(router, follow, requireUserRecord, ctx.limits.follows, async ({ params }, req, res) => {
      res.json(await follows.follow(req.currentUser!, kind, params.id));
    });
    serve(router, unfollow, requireUserRecord, ctx.limits.follows, async ({ params }, req, res) => {
      res.json(await follows.unfollow(req.currentUser!, kind, params.id));
    });
  }

  serve(router, op.myFollows, requireUserRecord, async (_input, req, res) => {
    res.set('Cache-Control', 'private, no-cache');
    res.json(await follows.list(req.currentUser!));
  });

  return router;
}
