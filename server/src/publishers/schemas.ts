import { z } from 'zod';
import { httpUrl } from '../users/schemas.js';

export const publisherNameSchema = z.string().trim().min(1, 'Publisher name is required').max(100);

/** POST /add-publishers */
export const addPublisherBodySchema = z
  .object({
    publisherName: publisherNameSchema,
    logo: httpUrl,
  })
  .strict();
export type AddPublisher = z.output<typeof addPublisherBodySchema>;
