import { Router, type Request } from 'express';
import {
  adminCommentsQuerySchema,
  commentBanBodySchema,
  commentCountsQuerySchema,
  commentsQuerySchema,
  createCommentBodySchema,
  editCommentBodySchema,
  idParamSchema,
  moderateCommentBodySchema,
  reportCommentBodySchema,
} from '@newsroom/common';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { parseInput } from '../http/input.js';

const idOf = (req: Request) => parseInput(idParamSchema, req.params, 'Malformed id').id;

/**
 * Comments under articles (docs/decisions/comments.md). Reading follows who may read the article
 * (signed out for a free one); writing needs a session and passes the per-user comment limits.
 * Answers are never stored by a shared cache; the signed-out pages are kept in the app's answer cache.
 */
export function commentRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { users, comments } = ctx.services;
  const { requireUserRecord, requireAdmin, optionalUser } = ctx.guards;
  const onMiss = ctx.limits.publicReads.guard.bind(ctx.limits.publicReads);

  // Deleting an article deletes its comments (a listener must not throw: a failure is logged, and
  // the comments are unreachable anyway, their article being gone).
  ctx.events.subscribe((event) => {
    if (event.type !== 'article.deleted') return;
    comments.deleteArticle(event.article.id).catch((err: unknown) => {
      ctx.logger.warn({ err, articleId: event.article.id }, 'could not delete the comments of an article');
    });
  });

  router.use(
    ['/articles/:id/comments', '/comments', '/admin/comments', '/admin/comment-bans'],
    (_req, res, next) => {
      res.set('Cache-Control', 'private, no-store');
      next();
    },
  );

  router.get('/articles/:id/comments', optionalUser, async (req, res) => {
    const articleId = idOf(req);
    const query = parseInput(commentsQuerySchema, req.query);
    res.vary('Authorization');
    if (!req.auth && !query.gift) {
      // Signed out: the same page for everyone, kept until a comment of this article changes
      // (cache/invalidation.ts). Who may read it is asked first, every time: an article made premium
      // or taken down answers 402 or 404 at once, whatever is cached. (A gift link's reader is
      // answered below, as who they are.)
      await comments.readable(articleId, null);
      const { sort, page, limit } = query;
      const answer = await ctx.cache.get(
        CacheGroup.comments,
        `${articleId}|${sort}|${page}|${limit}`,
        async () => ({ value: await comments.list(articleId, query, null), meta: undefined }),
        onMiss(req, res),
      );
      sendCached(req, res, answer, 'private, no-store');
      return;
    }
    const caller = req.auth ? await users.findByEmail(req.auth.email) : null;
    res.json(await comments.list(articleId, query, caller));
  });

  // A number per article, the same for everyone (a premium article's count says nothing of its text).
  router.get('/comments/counts', async (req, res) => {
    const { articles } = parseInput(commentCountsQuerySchema, req.query);
    res.json(await comments.counts(articles));
  });

  router.post('/articles/:id/comments', requireUserRecord, async (req, res, next) => {
    const articleId = idOf(req);
    const input = parseInput(createCommentBodySchema, req.body);
    // The limits count only what passed validation; refused posts give their budget back.
    ctx.limits.comments(req, res, (err?: unknown) => {
      if (err) return next(err);
      comments
        .post(articleId, input, req.currentUser!)
        .then((comment) => res.status(201).json(comment), next);
    });
  });

  router.patch('/comments/:id', requireUserRecord, ctx.limits.edits, async (req, res) => {
    const { body } = parseInput(editCommentBodySchema, req.body);
    res.json(await comments.edit(idOf(req), body, req.currentUser!));
  });

  router.delete('/comments/:id', requireUserRecord, async (req, res) => {
    res.json(await comments.remove(idOf(req), req.currentUser!));
  });

  router.put('/comments/:id/pin', requireUserRecord, ctx.limits.edits, async (req, res) => {
    res.json(await comments.pin(idOf(req), true, req.currentUser!));
  });

  router.delete('/comments/:id/pin', requireUserRecord, ctx.limits.edits, async (req, res) => {
    res.json(await comments.pin(idOf(req), false, req.currentUser!));
  });

  router.post('/comments/:id/reports', requireUserRecord, ctx.limits.edits, async (req, res) => {
    const { reason } = parseInput(reportCommentBodySchema, req.body);
    res.json(await comments.report(idOf(req), reason, req.currentUser!));
  });

  router.get('/admin/comments', requireAdmin, async (req, res) => {
    res.json(await comments.adminList(parseInput(adminCommentsQuerySchema, req.query)));
  });

  router.get('/admin/comments/counts', requireAdmin, async (_req, res) => {
    res.json(await comments.adminCounts());
  });

  router.patch('/admin/comments/:id', requireAdmin, async (req, res) => {
    const { hidden } = parseInput(moderateCommentBodySchema, req.body);
    res.json(await comments.moderate(idOf(req), hidden));
  });

  router.put('/admin/comment-bans/:id', requireAdmin, async (req, res) => {
    const { reason } = parseInput(commentBanBodySchema, req.body);
    res.json(await comments.setBan(idOf(req), reason));
  });

  router.delete('/admin/comment-bans/:id', requireAdmin, async (req, res) => {
    res.json(await comments.setBan(idOf(req), null));
  });

  return router;
}
