/** Inputs of follows, the writer page and the personal front page (docs/decisions/follows-and-feed.md). */
import { z } from 'zod';
import { PUBLIC_ID_PATTERN } from '../limits.js';
import type { FollowKind } from '../follows.js';
import { idParamSchema, pageQuerySchema } from './fields.js';

/** GET /writers/{id}, /follows/writers/{id}: the writer's public id, never their account's id. */
export const writerIdParamSchema = z.object({ id: z.string().regex(PUBLIC_ID_PATTERN, 'Malformed id') });

/** POST/DELETE /follows/publishers/{id} and /follows/writers/{id}: a publisher's id or a writer's public id. */
export const followTargetParamSchemas = {
  publisher: idParamSchema,
  writer: writerIdParamSchema,
} as const satisfies Record<FollowKind, unknown>;

/** GET /writers/{id}?page&limit: the writer's approved articles, a page at a time. */
export const writerPageQuerySchema = pageQuerySchema;

/** GET /me/for-you?page&limit. */
export const forYouQuerySchema = pageQuerySchema;
