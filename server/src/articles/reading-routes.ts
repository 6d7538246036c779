import { Router } from 'express';
import type { ForYouCard, ForYouPage } from '@newsroom/common';
import { readingOperations as op } from '@newsroom/common/api/reading';
import { answerOf, CacheGroup, sendCached, type CachedAnswer } from '../cache/answer-cache.js';
import type { RouteContext } from '../context.js';
import { NotFound } from '../errors.js';
import { serve } from '../http/operation.js';

/**
 * What to read next (docs/decisions/follows-and-feed.md): a writer's public page and related reading
 * (anyone's, cached, a miss counted against the caller's public-read limit), and the signed-in
 * reader's "For you" list (cached per reader briefly; pages are slices of it, so none repeats another).
 */
export function readingRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { recommendations } = ctx.services;
  const onMiss = ctx.limits.publicReads.guard.bind(ctx.limits.publicReads);

  serve(router, op.writerPage, async ({ params: { id }, query: { page, limit } }, req, res) => {
    const answer = await ctx.cache.get(
      CacheGroup.writers,
      `${id}|${page}|${limit}`,
      async () => ({ value: await recommendations.writerPage(id, page, limit), meta: undefined }),
      onMiss(req, res),
    );
    sendCached(req, res, answer);
  });

  serve(router, op.relatedArticles, async ({ params: { id } }, req, res) => {
    const answer = await ctx.cache.get(
      CacheGroup.related,
      id,
      async () => {
        const related = await recommendations.related(id);
        return related ? { value: related, meta: undefined } : null;
      },
      onMiss(req, res),
    );
    if (!answer) throw new NotFound('Article not found');
    sendCached(req, res, answer);
  });

  // One list per reader (the cached answer's meta); each page a slice of it, made once per list.
  const pagesOf = new WeakMap<CachedAnswer<ForYouCard[]>, Map<string, CachedAnswer>>();
  serve(router, op.forYou, ctx.guards.requireUserRecord, async ({ query: { page, limit } }, req, res) => {
    const reader = req.currentUser!.email;
    const list = await ctx.cache.get(CacheGroup.forYou, reader, async () => ({
      value: null,
      meta: await recommendations.forYou(reader),
    }));
    let pages = pagesOf.get(list);
    if (!pages) pagesOf.set(list, (pages = new Map()));
    const key = `${page}|${limit}`;
    let answer = pages.get(key);
    if (!answer) {
      const from = (page - 1) * limit;
      const value: ForYouPage = {
        articles: list.meta.slice(from, from + limit),
        page,
        limit,
        hasMore: list.meta.length > from + limit,
      };
      answer = answerOf(value, undefined);
      pages.set(key, answer);
    }
    res.vary('Authorization');
    sendCached(req, res, answer, 'private, no-cache');
  });

  return router;
}
