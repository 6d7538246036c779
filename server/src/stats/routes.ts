import { Router } from 'express';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { serve } from '../http/operation.js';
import { statsOperations as op } from '@newsroom/common/api/platform';

/**
 * Public counters: GET /users-count (Home) and GET /active-users (About). Cached in the userStats
 * group: any write to `users` drops them (registration, payments, make-admin, activity), and a short
 * TTL (app.ts) lets premium expiry and the activity window show up without a write.
 */
export function statsRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { stats } = ctx.services;

  serve(router, op.userCounts, async (_input, req, res) => {
    const onMiss = ctx.limits.publicReads.guard(req, res);
    const build = async () => ({ value: await stats.userCounts(), meta: undefined });
    sendCached(req, res, await ctx.cache.get(CacheGroup.userStats, 'count', build, onMiss));
  });

  serve(router, op.activeUsers, async (_input, req, res) => {
    const onMiss = ctx.limits.publicReads.guard(req, res);
    const build = async () => ({ value: await stats.activeUsers(), meta: undefined });
    sendCached(req, res, await ctx.cache.get(CacheGroup.userStats, 'active', build, onMiss));
  });

  // Views per day over the last `days` (30 by default): the caller's own articles (and their follower
  // count); per publisher for admins.
  const views = ctx.services.viewStats;
  serve(router, op.myArticleViews, ctx.guards.requireUserRecord, async ({ query }, req, res) => {
    res.json(await views.forWriter(req.currentUser!, query.days));
  });
  serve(router, op.publisherViews, ctx.guards.requireAdmin, async ({ query }, _req, res) => {
    res.json(await views.forPublishers(query.days));
  });

  return router;
}
