import { Router } from 'express';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { parseInput } from '../http/input.js';
import { viewStatsQuerySchema } from '@newsroom/common';

/**
 * Public counters: GET /users-count (Home) and GET /active-users (About). Cached in the userStats
 * group: any write to `users` drops them (registration, payments, make-admin, activity), and a short
 * TTL (app.ts) lets premium expiry and the activity window show up without a write.
 */
export function statsRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { stats } = ctx.services;

  router.get('/users-count', async (req, res) => {
    const onMiss = ctx.limits.publicReads.guard(req, res);
    const build = async () => ({ value: await stats.userCounts(), meta: undefined });
    sendCached(req, res, await ctx.cache.get(CacheGroup.userStats, 'count', build, onMiss));
  });

  router.get('/active-users', async (req, res) => {
    const onMiss = ctx.limits.publicReads.guard(req, res);
    const build = async () => ({ value: await stats.activeUsers(), meta: undefined });
    sendCached(req, res, await ctx.cache.get(CacheGroup.userStats, 'active', build, onMiss));
  });

  // Views per day over the last `days` (30 by default): the caller's own articles (and their follower
  // count); per publisher for admins.
  const views = ctx.services.viewStats;
  router.get('/stats/my-article-views', ctx.guards.requireUserRecord, async (req, res) => {
    const { days } = parseInput(viewStatsQuerySchema, req.query);
    res.json(await views.forWriter(req.currentUser!, days));
  });
  router.get('/stats/publisher-views', ctx.guards.requireAdmin, async (req, res) => {
    const { days } = parseInput(viewStatsQuerySchema, req.query);
    res.json(await views.forPublishers(days));
  });

  return router;
}
