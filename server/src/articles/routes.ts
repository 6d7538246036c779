import { Router } from 'express';
import type { RouteContext } from '../context.js';
import { parseInput } from '../users/schemas.js';
import { sendCached, sendWithEtag } from '../cache/answer-cache.js';
import {
  adminPageQuerySchema,
  approvedQuerySchema,
  authorParamSchema,
  createArticleBodySchema,
  declineBodySchema,
  idParamSchema,
  listPageQuerySchema,
  updateArticleBodySchema,
} from './schemas.js';
import { createArticleService } from './service.js';

/**
 * Article routes (ARCHITECTURE.md "Who may call what"). Public lists are anyone's and cached;
 * details and view counts need a session; writing needs an account; moderation is admin-only.
 */
export function articleRoutes(ctx: RouteContext): Router {
  const router = Router();
  const articles = createArticleService(ctx);
  const { requireUserRecord, requireAdmin, requirePremium, requireSelf } = ctx.guards;
  const idOf = (params: unknown) => parseInput(idParamSchema, params, 'Malformed id').id;

  // Reader
  router.get('/articles/trending', async (req, res) => {
    sendCached(req, res, await articles.trendingAnswer());
  });

  router.get('/all-articles/approved', async (req, res) => {
    const query = parseInput(approvedQuerySchema, req.query);
    sendCached(req, res, await articles.approvedAnswer(query));
  });

  router.get('/premium/articles/only', requirePremium, async (req, res) => {
    const { page, limit } = parseInput(listPageQuerySchema, req.query);
    sendCached(req, res, await articles.premiumAnswer(page, limit), 'private, no-cache');
  });

  router.get('/article/data/:id', requireUserRecord, async (req, res) => {
    const result = await articles.details(idOf(req.params), req.currentUser!);
    res.vary('Authorization');
    if ('cached' in result) sendCached(req, res, result.cached, 'private, no-cache');
    else sendWithEtag(req, res, result.article);
  });

  router.patch('/articles/view-count/:id', requireUserRecord, async (req, res) => {
    res.json(await articles.countView(idOf(req.params), req.currentUser!));
  });

  // Writer
  router.post('/articles', requireUserRecord, requireSelf('query'), async (req, res) => {
    const input = parseInput(createArticleBodySchema, req.body);
    const article = await articles.create(req.currentUser!, input);
    res.status(201).json({ message: 'Article added', insertedId: article._id, article });
  });

  router.get('/articles/:email', requireSelf('params', { adminMayRead: true }), async (req, res) => {
    const { email } = parseInput(authorParamSchema, req.params);
    res.json(await articles.listByAuthor(email));
  });

  router.patch('/my-articles/update/:id', requireUserRecord, async (req, res) => {
    const id = idOf(req.params);
    const input = parseInput(updateArticleBodySchema, req.body);
    const article = await articles.update(id, req.currentUser!, input);
    res.json({ message: 'Article updated', modifiedCount: 1, article });
  });

  router.delete('/my-articles/:id', requireUserRecord, async (req, res) => {
    await articles.remove(idOf(req.params), req.currentUser!);
    res.json({ message: 'Article deleted', deletedCount: 1 });
  });

  // Admin
  router.get('/all-articles/data', requireAdmin, async (req, res) => {
    const { page, limit } = parseInput(adminPageQuerySchema, req.query);
    res.json(await articles.adminPage(page, limit));
  });

  router.patch('/update/status/:id', requireAdmin, async (req, res) => {
    const article = await articles.approve(idOf(req.params));
    res.json({ message: 'Article approved', modifiedCount: 1, article });
  });

  router.patch('/article/decline/:id', requireAdmin, async (req, res) => {
    const id = idOf(req.params);
    const { decliningReason } = parseInput(declineBodySchema, req.body);
    const article = await articles.decline(id, decliningReason);
    res.json({ message: 'Article declined', modifiedCount: 1, article });
  });

  router.patch('/make-premium/:id', requireAdmin, async (req, res) => {
    const { article, modified } = await articles.makePremium(idOf(req.params));
    res.json({
      message: modified ? 'Article is now premium' : 'Article is already premium',
      modifiedCount: modified ? 1 : 0,
      article,
    });
  });

  return router;
}
