/** Inputs of follows, the writer page and the personal front page (docs/decisions/follows-and-feed.md). */
import { idParamSchema, pageQuerySchema } from './fields.js';

/** POST/DELETE /follows/publishers/{id} and /follows/writers/{id}: a publisher's or a writer's id. */
export const followTargetParamSchema = idParamSchema;

/** GET /writers/{id}?page&limit: the writer's approved articles, a page at a time. */
export const writerPageQuerySchema = pageQuerySchema;

/** GET /me/for-you?page&limit. */
export const forYouQuerySchema = pageQuerySchema;
