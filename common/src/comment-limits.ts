/**
 * The comments' limits a list of article cards needs (docs/decisions/comments.md), without zod: the
 * card lists import them (`@newsroom/common/comment-limits`) and stay light.
 */

/** The most articles one count request may name (a page of cards). */
export const COMMENT_COUNTS_MAX = 50;
