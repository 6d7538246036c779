import { z } from 'zod';
import { LIVE_EVENT_FIELDS, LIVE_EVENT_TYPES, STREAM_MESSAGE_TYPES, type LiveEventField } from '../events.js';
import { ID_PATTERN } from '../limits.js';

/** GET /events?token&lastEventId */
export const eventsQuerySchema = z
  .object({
    /** EventSource cannot send headers, so browsers pass our JWT here (the request log masks it). */
    token: z.string().min(1).max(4096).optional(),
    /** For clients that reconnect with a new EventSource (it cannot set Last-Event-ID either). */
    lastEventId: z.string().max(64).optional(),
  })
  .strict();

const id = z.string().regex(ID_PATTERN);
const FIELD_SCHEMAS: Record<LiveEventField, z.ZodString> = {
  articleId: id,
  publisherId: id,
  userId: id,
  commentId: id,
  title: z.string(),
  reason: z.string(),
  note: z.string(),
  name: z.string(),
};

/** One `data:` line of GET /events, made from the event table (events.ts). */
export const LiveMessageSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.enum(STREAM_MESSAGE_TYPES) }),
    ...LIVE_EVENT_TYPES.map((type) =>
      z.object({
        type: z.literal(type),
        ...Object.fromEntries(LIVE_EVENT_FIELDS[type].map((field) => [field, FIELD_SCHEMAS[field]])),
        own: z.boolean(),
      }),
    ),
  ])
  .meta({ description: 'A live event, as one JSON `data:` line of the stream.' });
