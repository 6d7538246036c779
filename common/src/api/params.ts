/** How the operations name a thing in their path, and what a malformed name is answered (400). */
import { z } from 'zod';
import { emailSchema, idParamSchema } from '../index.js';

/** The 400 of a malformed id in the path. */
export const MALFORMED_ID = { params: 'Malformed id' } as const;

/** An article, comment, user or link named by its id: a malformed one is 400 'Malformed id'. */
export const byId = { params: idParamSchema, invalid: MALFORMED_ID } as const;

/** A user named by their e-mail: a malformed one is 400 'Invalid email'. */
export const byEmail = {
  params: z.object({ email: emailSchema }),
  invalid: { params: 'Invalid email' },
} as const;
