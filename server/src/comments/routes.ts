import { Router } from 'express';
import { commentOperations as op } from '@newsroom/common/api/comments';
import { CacheGroup, sendCached } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { serve, validInput } from '../http/operation.js';

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

  serve(router, op.articleComments, optionalUser, async ({ params, query }, req, res) => {
    const articleId = params.id;
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
  serve(router, op.commentCounts, async ({ query }, _req, res) => {
    res.json(await comments.counts(query.articles));
  });

  // The limits count only what passed validation; refused posts give their budget back.
  const { comments: commentLimits } = ctx.limits;
  serve(
    router,
    op.postComment,
    requireUserRecord,
    validInput(op.postComment),
    commentLimits,
    async ({ params, body }, req, res) => {
      res.status(201).json(await comments.post(params.id, body, req.currentUser!));
    },
  );

  serve(router, op.editComment, requireUserRecord, ctx.limits.edits, async ({ params, body }, req, res) => {
    res.json(await comments.edit(params.id, body.body, req.currentUser!));
  });

  serve(router, op.deleteComment, requireUserRecord, async ({ params }, req, res) => {
    res.json(await comments.remove(params.id, req.currentUser!));
  });

  serve(router, op.pinComment, requireUserRecord, ctx.limits.edits, async ({ params }, req, res) => {
    res.json(await comments.pin(params.id, true, req.currentUser!));
  });

  serve(router, op.unpinComment, requireUserRecord, ctx.limits.edits, async ({ params }, req, res) => {
    res.json(await comments.pin(params.id, false, req.currentUser!));
  });

  serve(router, op.reportComment, requireUserRecord, ctx.limits.edits, async ({ params, body }, req, res) => {
    res.json(await comments.report(params.id, body.reason, req.currentUser!));
  });

  serve(router, op.moderationComments, requireAdmin, async ({ query }, _req, res) => {
    res.json(await comments.adminList(query));
  });

  serve(router, op.moderationCommentCounts, requireAdmin, async (_input, _req, res) => {
    res.json(await comments.adminCounts());
  });

  serve(router, op.moderateComment, requireAdmin, async ({ params, body }, _req, res) => {
    res.json(await comments.moderate(params.id, body.hidden));
  });

  serve(router, op.stopCommenting, requireAdmin, async ({ params, body }, _req, res) => {
    res.json(await comments.setBan(params.id, body.reason));
  });

  serve(router, op.allowCommenting, requireAdmin, async ({ params }, _req, res) => {
    res.json(await comments.setBan(params.id, null));
  });

  return router;
}
