/**
 * Comments under articles (docs/decisions/comments.md): they belong to an approved article and are
 * read by whoever may read it; one level of replies; edits for COMMENT_EDIT_MINUTES; reports; admins
 * hide, restore and stop users from commenting. Built once by services.ts; composed of reading
 * (reading.ts), writing (writing.ts) and moderation (moderation.ts) over service-base.ts.
 */
import { commentModeration } from './moderation.js';
import { commentReading, createCommentCounts } from './reading.js';
import { commentBase, type CommentServiceDeps } from './service-base.js';
import { commentWriting } from './writing.js';

export type { CommentableArticle, CommentServiceDeps, GiftPass } from './service-base.js';
export { createCommentCounts } from './reading.js';

export type CommentService = ReturnType<typeof createCommentService>;

export function createCommentService(deps: CommentServiceDeps) {
  const base = commentBase(deps);
  return {
    ...commentReading(base),
    ...commentWriting(base),
    ...commentModeration(base),
    /** GET /comments/counts: published comments of these articles (0 when none or unknown). */
    counts: createCommentCounts(deps.store),
  };
}
