import { Router } from 'express';
import type { RouteContext } from '../context.js';
import { parseInput, validQuery } from '../http/input.js';
import { sendCached, sendWithEtag } from '../cache/answer-cache.js';
import {
  adminPageQuerySchema,
  approvedQuerySchema,
  authorParamSchema,
  createArticleBodySchema,
  declineBodySchema,
  idParamSchema,
  listPageQuerySchema,
  requestChangesBodySchema,
  revisionParamSchema,
  scheduleBodySchema,
  updateArticleBodySchema,
} from '@newsroom/common';

/**
 * Article routes (docs/api-contract.md "Who may call what"). Public lists are anyone's and cached;
 * details and view counts need a session; writing needs an account; moderation is for admins and
 * editors (requireModerator, docs/roles.md).
 */
export function articleRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { articles, answers } = ctx.services;
  const { requireUser, requireUserRecord, requireModerator, requirePremium, requireSelf } = ctx.guards;
  const idOf = (params: unknown) => parseInput(idParamSchema, params, 'Malformed id').id;

  // Reader
  // Public reads: a cache miss counts against the caller's per-IP limit, a hit never does.
  const onMiss = ctx.limits.publicReads.guard.bind(ctx.limits.publicReads);
  router.get('/articles/trending', async (req, res) => {
    sendCached(req, res, await answers.trendingAnswer(onMiss(req, res)));
  });

  // Public teasers and the index of approved articles (signed-out article page, the site's feeds).
  // Before /articles/:email, which would take "public" for an email.
  router.get('/articles/public', async (req, res) => {
    sendCached(req, res, await answers.publicIndexAnswer(onMiss(req, res)));
  });

  router.get('/articles/public/:id', async (req, res) => {
    sendCached(req, res, await answers.teaserAnswer(idOf(req.params), onMiss(req, res)));
  });

  router.get('/all-articles/approved', async (req, res) => {
    const query = parseInput(approvedQuerySchema, req.query);
    sendCached(req, res, await answers.approvedAnswer(query, onMiss(req, res)));
  });

  // Who (401), then what (400), then premium (402): a bad page is never answered "premium required".
  router.get(
    '/premium/articles/only',
    requireUserRecord,
    validQuery(listPageQuerySchema),
    requirePremium,
    async (req, res) => {
      const { page, limit } = parseInput(listPageQuerySchema, req.query);
      sendCached(req, res, await answers.premiumAnswer(page, limit), 'private, no-cache');
    },
  );

  router.get('/article/data/:id', requireUserRecord, async (req, res) => {
    const result = await answers.details(idOf(req.params), req.currentUser!);
    res.vary('Authorization');
    if ('cached' in result) sendCached(req, res, result.cached, 'private, no-cache');
    else if ('metered' in result) {
      // A read on the caller's meter: theirs alone, kept by no cache.
      res.set('Cache-Control', 'private, no-store');
      res.json({ ...(result.metered.article as object), meter: result.metered.meter });
    } else sendWithEtag(req, res, result.article);
  });

  router.patch(
    '/articles/view-count/:id',
    requireUser,
    ctx.limits.viewCounts,
    requireUserRecord,
    async (req, res) => {
      res.json(await articles.countView(idOf(req.params), req.currentUser!));
    },
  );

  // Writer
  // Add Article tells a free user whose post is used up before they write (the cap itself is the service's).
  router.get('/me/posting', requireUserRecord, async (req, res) => {
    res.json(await articles.postingAllowance(req.currentUser!));
  });

  router.post('/articles', requireUserRecord, requireSelf('query'), async (req, res) => {
    const input = parseInput(createArticleBodySchema, req.body);
    const article = await articles.create(req.currentUser!, input);
    res.status(201).json({ message: 'Article added', insertedId: article._id, article });
  });

  router.get('/articles/:email', requireSelf('params', { adminMayRead: true }), async (req, res) => {
    const { email } = parseInput(authorParamSchema, req.params);
    res.json(await articles.listByAuthor(email));
  });

  router.patch('/my-articles/update/:id', requireUserRecord, ctx.limits.edits, async (req, res) => {
    const id = idOf(req.params);
    const input = parseInput(updateArticleBodySchema, req.body);
    const article = await articles.update(id, req.currentUser!, input);
    res.json({ message: 'Article updated', modifiedCount: 1, article });
  });

  router.delete('/my-articles/:id', requireUserRecord, async (req, res) => {
    await articles.remove(idOf(req.params), req.currentUser!);
    res.json({ message: 'Article deleted', deletedCount: 1 });
  });

  // History: the article's writer and moderators (docs/decisions/revisions.md)
  router.get('/articles/:id/revisions', requireUserRecord, async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json(await articles.revisionsOf(idOf(req.params), req.currentUser!));
  });

  router.post('/articles/:id/revisions/:n/restore', requireUserRecord, ctx.limits.edits, async (req, res) => {
    const { id, n } = parseInput(revisionParamSchema, req.params, 'Malformed id or revision number');
    const article = await articles.restore(id, Number(n), req.currentUser!);
    res.json({ message: 'Revision restored', modifiedCount: 1, article });
  });

  // Moderation: admins and editors
  router.get('/all-articles/data', requireModerator, async (req, res) => {
    const { page, limit, status } = parseInput(adminPageQuerySchema, req.query);
    res.json(await articles.adminPage(page, limit, status));
  });

  // The dashboard menu's pending badge and the status filter's numbers: four index counts.
  router.get('/all-articles/counts', requireModerator, async (_req, res) => {
    res.json(await articles.moderationCounts());
  });

  router.patch('/update/status/:id', requireModerator, async (req, res) => {
    const article = await articles.approve(idOf(req.params));
    res.json({ message: 'Article approved', modifiedCount: 1, article });
  });

  router.patch('/article/decline/:id', requireModerator, async (req, res) => {
    const id = idOf(req.params);
    const { decliningReason } = parseInput(declineBodySchema, req.body);
    const article = await articles.decline(id, decliningReason);
    res.json({ message: 'Article declined', modifiedCount: 1, article });
  });

  router.patch('/article/request-changes/:id', requireModerator, async (req, res) => {
    const id = idOf(req.params);
    const { reviewNote } = parseInput(requestChangesBodySchema, req.body);
    const article = await articles.requestChanges(id, reviewNote);
    res.json({ message: 'Changes requested', modifiedCount: 1, article });
  });

  router.patch('/article/schedule/:id', requireModerator, async (req, res) => {
    const id = idOf(req.params);
    const { publishAt } = parseInput(scheduleBodySchema, req.body);
    const article = await articles.schedule(id, publishAt);
    res.json({ message: 'Article scheduled', modifiedCount: 1, article });
  });

  router.patch('/make-premium/:id', requireModerator, async (req, res) => {
    const { article, modified } = await articles.makePremium(idOf(req.params));
    res.json({
      message: modified ? 'Article is now premium' : 'Article is already premium',
      modifiedCount: modified ? 1 : 0,
      article,
    });
  });

  return router;
}
