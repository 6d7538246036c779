/**
 * The articles service (docs/api-contract.md): built once by services.ts from the services it uses,
 * composed of its parts — what readers find (reading.ts), who reads in full and counting views
 * (views.ts), a writer's own articles (writing.ts), moderation (moderation.ts) and their history
 * (revisions.ts).
 */
import { articleModeration } from './moderation.js';
import { articleReading } from './reading.js';
import { articleRevisions } from './revisions.js';
import { articleBase, type ArticleServiceDeps } from './service-base.js';
import { articleViews } from './views.js';
import { articleWriting } from './writing.js';

export type { ArticleAccess, ArticleServiceDeps } from './service-base.js';
export { FEED_SIZE, PUBLIC_INDEX_SIZE, TRENDING_SIZE } from './reading.js';
export { VIEW_WINDOW_MS } from './views.js';
export { FREE_PLAN_MAX_ARTICLES, FREE_PLAN_MESSAGE, NAME_BEFORE_POSTING_MESSAGE } from './writing.js';

export type ArticleService = ReturnType<typeof createArticleService>;

export function createArticleService(deps: ArticleServiceDeps) {
  const base = articleBase(deps);
  return {
    ...articleReading(base),
    ...articleViews(base),
    ...articleWriting(base),
    ...articleModeration(base),
    ...articleRevisions(base),
  };
}
