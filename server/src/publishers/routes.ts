import { Router } from 'express';
import { sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { parseInput } from '../users/schemas.js';
import { addPublisherBodySchema } from './schemas.js';
import { createPublisherService } from './service.js';

export function publisherRoutes(ctx: RouteContext): Router {
  const router = Router();
  const publishers = createPublisherService(ctx);
  const { requireAdmin } = ctx.guards;

  router.get('/publisher-data', async (req, res) => {
    sendCached(req, res, await publishers.listAnswer(ctx.publicReads.guard(req, res)));
  });

  router.post('/add-publishers', requireAdmin, async (req, res) => {
    const input = parseInput(addPublisherBodySchema, req.body);
    const publisher = await publishers.add(input);
    res.status(201).json({ message: 'Publisher added', insertedId: publisher._id, publisher });
  });

  router.get('/publisher/article/count', requireAdmin, async (req, res) => {
    sendCached(req, res, await publishers.articleCountsAnswer(), 'private, no-cache');
  });

  return router;
}
