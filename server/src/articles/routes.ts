import { Router, type RequestHandler } from 'express';
import {
  articleReadOperations as read,
  historyOperations as history,
  moderationOperations as moderation,
  writerOperations as writer,
} from '@newsroom/common/api/articles';
import type { RouteContext } from '../context.js';
import { serve, validInput } from '../http/operation.js';
import { sendCached, sendWithEtag } from '../cache/answer-cache.js';

/**
 * Article routes (docs/api-contract.md "Who may call what"). Public lists are anyone's and cached;
 * details and view counts need a session; writing needs an account; moderation is for admins and
 * editors (requireModerator, docs/roles.md).
 */
export function articleRoutes(ctx: RouteContext): Router {
  const router = Router();
  readerRoutes(router, ctx);
  writerRoutes(router, ctx);
  historyRoutes(router, ctx);
  moderationRoutes(router, ctx);
  return router;
}

/** Reading: the public lists and teasers (cached), premium lists, details and view counts. */
function readerRoutes(router: Router, ctx: RouteContext): void {
  const { articles, answers } = ctx.services;
  const { requireUser, requireUserRecord, requirePremium } = ctx.guards;
  // Public reads: a cache miss counts against the caller's per-IP limit, a hit never does.
  const onMiss = ctx.limits.publicReads.guard.bind(ctx.limits.publicReads);
  serve(router, read.trendingArticles, async (_input, req, res) => {
    sendCached(req, res, await answers.trendingAnswer(onMiss(req, res)));
  });

  // Public teasers and the index of approved articles (signed-out article page, the site's feeds).
  // Before /articles/:email, which would take "public" for an email.
  serve(router, read.publicArticleIndex, async (_input, req, res) => {
    sendCached(req, res, await answers.publicIndexAnswer(onMiss(req, res)));
  });

  serve(router, read.articleTeaser, async ({ params }, req, res) => {
    sendCached(req, res, await answers.teaserAnswer(params.id, onMiss(req, res)));
  });

  serve(router, read.approvedArticles, async ({ query }, req, res) => {
    sendCached(req, res, await answers.approvedAnswer(query, onMiss(req, res)));
  });

  // Who (401), then what (400), then premium (402): a bad page is never answered "premium required".
  serve(
    router,
    read.premiumArticles,
    requireUserRecord,
    validInput(read.premiumArticles),
    requirePremium,
    async ({ query }, req, res) => {
      sendCached(req, res, await answers.premiumAnswer(query.page, query.limit), 'private, no-cache');
    },
  );

  serve(router, read.articleDetails, requireUserRecord, async ({ params }, req, res) => {
    const result = await answers.details(params.id, req.currentUser!);
    res.vary('Authorization');
    if ('cached' in result) sendCached(req, res, result.cached, 'private, no-cache');
    else if ('metered' in result) {
      // A read on the caller's meter: theirs alone, kept by no cache.
      res.set('Cache-Control', 'private, no-store');
      res.json({ ...(result.metered.article as object), meter: result.metered.meter });
    } else sendWithEtag(req, res, result.article);
  });

  serve(
    router,
    read.countView,
    requireUser,
    ctx.limits.viewCounts,
    requireUserRecord,
    async ({ params }, req, res) => {
      res.json(await articles.countView(params.id, req.currentUser!));
    },
  );
}

/** Writing: the free plan's allowance, posting, the writer's list, edits and deletion. */
function writerRoutes(router: Router, ctx: RouteContext): void {
  const { articles } = ctx.services;
  const { requireUserRecord, requireSelf } = ctx.guards;
  // Add Article tells a free user whose post is used up before they write (the cap itself is the service's).
  serve(router, writer.postingAllowance, requireUserRecord, async (_input, req, res) => {
    res.json(await articles.postingAllowance(req.currentUser!));
  });

  serve(router, writer.createArticle, requireUserRecord, requireSelf('query'), async ({ body }, req, res) => {
    const article = await articles.create(req.currentUser!, body);
    res.status(201).json({ message: 'Article added', insertedId: article._id, article });
  });

  serve(
    router,
    writer.articlesByAuthor,
    requireSelf('params', { adminMayRead: true }),
    async ({ params }, _req, res) => {
      res.json(await articles.listByAuthor(params.email));
    },
  );

  serve(
    router,
    writer.updateArticle,
    requireUserRecord,
    ctx.limits.edits,
    async ({ params, body }, req, res) => {
      const article = await articles.update(params.id, req.currentUser!, body);
      res.json({ message: 'Article updated', modifiedCount: 1, article });
    },
  );

  serve(router, writer.deleteArticle, requireUserRecord, async ({ params }, req, res) => {
    await articles.remove(params.id, req.currentUser!);
    res.json({ message: 'Article deleted', deletedCount: 1 });
  });
}

/** History: the article's writer and moderators (docs/decisions/revisions.md). */
function historyRoutes(router: Router, ctx: RouteContext): void {
  const { articles } = ctx.services;
  const { requireUserRecord } = ctx.guards;
  // Private before the id is read, so a malformed id's 400 is not stored either.
  const privately: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  };
  serve(router, history.articleRevisions, requireUserRecord, privately, async ({ params }, req, res) => {
    res.json(await articles.revisionsOf(params.id, req.currentUser!));
  });

  serve(
    router,
    history.restoreArticleRevision,
    requireUserRecord,
    ctx.limits.edits,
    async ({ params }, req, res) => {
      const article = await articles.restore(params.id, Number(params.n), req.currentUser!);
      res.json({ message: 'Revision restored', modifiedCount: 1, article });
    },
  );
}

/** Moderation: admins and editors. */
function moderationRoutes(router: Router, ctx: RouteContext): void {
  const { articles } = ctx.services;
  const { requireModerator } = ctx.guards;
  serve(router, moderation.moderationPage, requireModerator, async ({ query }, _req, res) => {
    res.json(await articles.adminPage(query.page, query.limit, query.status));
  });

  // The dashboard menu's pending badge and the status filter's numbers: four index counts.
  serve(router, moderation.moderationCounts, requireModerator, async (_input, _req, res) => {
    res.json(await articles.moderationCounts());
  });

  serve(router, moderation.approveArticle, requireModerator, async ({ params }, _req, res) => {
    const article = await articles.approve(params.id);
    res.json({ message: 'Article approved', modifiedCount: 1, article });
  });

  serve(router, moderation.declineArticle, requireModerator, async ({ params, body }, _req, res) => {
    const article = await articles.decline(params.id, body.decliningReason);
    res.json({ message: 'Article declined', modifiedCount: 1, article });
  });

  serve(router, moderation.requestArticleChanges, requireModerator, async ({ params, body }, _req, res) => {
    const article = await articles.requestChanges(params.id, body.reviewNote);
    res.json({ message: 'Changes requested', modifiedCount: 1, article });
  });

  serve(router, moderation.scheduleArticle, requireModerator, async ({ params, body }, _req, res) => {
    const article = await articles.schedule(params.id, body.publishAt);
    res.json({ message: 'Article scheduled', modifiedCount: 1, article });
  });

  serve(router, moderation.makeArticlePremium, requireModerator, async ({ params }, _req, res) => {
    const { article, modified } = await articles.makePremium(params.id);
    res.json({
      message: modified ? 'Article is now premium' : 'Article is already premium',
      modifiedCount: modified ? 1 : 0,
      article,
    });
  });
}
