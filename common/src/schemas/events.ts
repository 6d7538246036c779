import { z } from 'zod';

/** GET /events?token&lastEventId */
export const eventsQuerySchema = z
  .object({
    /** EventSource cannot send headers, so browsers pass our JWT here (the request log masks it). */
    token: z.string().min(1).max(4096).optional(),
    /** For clients that reconnect with a new EventSource (it cannot set Last-Event-ID either). */
    lastEventId: z.string().max(64).optional(),
  })
  .strict();
