import { Router } from 'express';
import { FOLLOW_KINDS, followTargetParamSchemas, type FollowKind } from '@newsroom/common';
import type { RouteContext } from '../context.js';
import { parseInput } from '../http/input.js';

/**
 * Following publishers and writers (docs/decisions/follows-and-feed.md): signed in, per-user rate
 * limited, idempotent both ways; each answers whether the caller follows now and the follower count.
 */
export function followRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { follows } = ctx.services;
  const { requireUserRecord } = ctx.guards;

  for (const kind of FOLLOW_KINDS satisfies readonly FollowKind[]) {
    const path = `/follows/${kind}s/:id`;
    // A publisher's id; a writer's public id.
    const idOf = (params: unknown) => parseInput(followTargetParamSchemas[kind], params, 'Malformed id').id;
    router.post(path, requireUserRecord, ctx.limits.follows, async (req, res) => {
      res.json(await follows.follow(req.currentUser!, kind, idOf(req.params)));
    });
    router.delete(path, requireUserRecord, ctx.limits.follows, async (req, res) => {
      res.json(await follows.unfollow(req.currentUser!, kind, idOf(req.params)));
    });
  }

  router.get('/me/follows', requireUserRecord, async (req, res) => {
    res.set('Cache-Control', 'private, no-cache');
    res.json(await follows.list(req.currentUser!));
  });

  return router;
}
