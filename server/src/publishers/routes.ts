import { Router } from 'express';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { publisherOperations as op } from '@newsroom/common/api/platform';
import { serve } from '../http/operation.js';
import { withArticleCounts } from './service.js';

export function publisherRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { publishers, articles } = ctx.services;
  const { requireAdmin } = ctx.guards;

  serve(router, op.listPublishers, async (_input, req, res) => {
    const build = async () => ({ value: await publishers.list(), meta: undefined });
    const onMiss = ctx.limits.publicReads.guard(req, res);
    sendCached(req, res, await ctx.cache.get(CacheGroup.publishers, 'all', build, onMiss));
  });

  serve(router, op.addPublisher, requireAdmin, async ({ body }, _req, res) => {
    const publisher = await publishers.add(body);
    res.status(201).json({ message: 'Publisher added', insertedId: publisher._id, publisher });
  });

  serve(router, op.publisherArticleCounts, requireAdmin, async (_input, req, res) => {
    const build = async () => {
      const [list, counts] = await Promise.all([publishers.list(), articles.countsByPublisher()]);
      return { value: withArticleCounts(list, counts), meta: undefined };
    };
    const answer = await ctx.cache.get(CacheGroup.publisherCounts, 'all', build);
    sendCached(req, res, answer, 'private, no-cache');
  });

  return router;
}
