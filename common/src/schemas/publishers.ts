import { z } from 'zod';
import { PUBLISHER_NAME_MAX } from '../limits.js';
import { httpUrl } from './fields.js';

export const publisherNameSchema = z
  .string()
  .trim()
  .min(1, 'Publisher name is required')
  .max(PUBLISHER_NAME_MAX, `Publisher name must be at most ${PUBLISHER_NAME_MAX} characters`);

/** POST /add-publishers */
export const addPublisherBodySchema = z
  .object({
    publisherName: publisherNameSchema,
    logo: httpUrl,
  })
  .strict();
export type AddPublisher = z.output<typeof addPublisherBodySchema>;
