import { Router } from 'express';
import type { RouteContext } from '../context.js';
import { sendCachedJson, USER_STATS_PREFIX } from './cache.js';
import { createStatsRepository } from './repository.js';
import { createStatsService } from './service.js';

/** Short enough that premium expiry and activity show up promptly; writes that count drop it sooner. */
const COUNTS_TTL_MS = 5_000;

/** Public counters: GET /users-count (Home) and GET /active-users (About). */
export function statsRoutes(ctx: RouteContext): Router {
  const router = Router();
  const stats = createStatsService({ repo: createStatsRepository(ctx.store), clock: ctx.clock });

  const ttl = () => ({ ttlMs: COUNTS_TTL_MS, nowMs: ctx.clock.now().getTime() });

  router.get('/users-count', async (req, res) => {
    await sendCachedJson(ctx.store, `${USER_STATS_PREFIX}count`, ttl(), req, res, () => stats.userCounts());
  });

  router.get('/active-users', async (req, res) => {
    await sendCachedJson(ctx.store, `${USER_STATS_PREFIX}active`, ttl(), req, res, () => stats.activeUsers());
  });

  return router;
}
