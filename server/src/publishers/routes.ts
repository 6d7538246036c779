import { Router } from 'express';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { addPublisherBodySchema } from '@newsroom/common';
import { parseInput } from '../http/input.js';
import { withArticleCounts } from './service.js';

export function publisherRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { publishers, articles } = ctx.services;
  const { requireAdmin } = ctx.guards;

  router.get('/publisher-data', async (req, res) => {
    const build = async () => ({ value: await publishers.list(), meta: undefined });
    const onMiss = ctx.limits.publicReads.guard(req, res);
    sendCached(req, res, await ctx.cache.get(CacheGroup.publishers, 'all', build, onMiss));
  });

  router.post('/add-publishers', requireAdmin, async (req, res) => {
    const input = parseInput(addPublisherBodySchema, req.body);
    const publisher = await publishers.add(input);
    res.status(201).json({ message: 'Publisher added', insertedId: publisher._id, publisher });
  });

  router.get('/publisher/article/count', requireAdmin, async (req, res) => {
    const build = async () => {
      const [list, counts] = await Promise.all([publishers.list(), articles.countsByPublisher()]);
      return { value: withArticleCounts(list, counts), meta: undefined };
    };
    const answer = await ctx.cache.get(CacheGroup.publisherCounts, 'all', build);
    sendCached(req, res, answer, 'private, no-cache');
  });

  return router;
}
