import { Router } from 'express';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { createStatsRepository } from './repository.js';
import { createStatsService } from './service.js';

/**
 * Public counters: GET /users-count (Home) and GET /active-users (About). Cached in the userStats
 * group: any write to `users` drops them (registration, payments, make-admin, activity), and a short
 * TTL (app.ts) lets premium expiry and the activity window show up without a write.
 */
export function statsRoutes(ctx: RouteContext): Router {
  const router = Router();
  const stats = createStatsService({ repo: createStatsRepository(ctx.store), clock: ctx.clock });

  router.get('/users-count', async (req, res) => {
    sendCached(req, res, await ctx.cache.get(CacheGroup.userStats, 'count', stats.userCounts));
  });

  router.get('/active-users', async (req, res) => {
    sendCached(req, res, await ctx.cache.get(CacheGroup.userStats, 'active', stats.activeUsers));
  });

  return router;
}
