import { z } from 'zod';
import { DESCRIPTION_MAX, ID_PATTERN, PUBLISHER_NAME_MAX, TITLE_MAX } from '../limits.js';
import { TAGS } from '../tags.js';
import { tagSchema } from './articles.js';
import { httpUrl } from './fields.js';

/**
 * Drafts (docs/roles.md, "Drafts"): what a writer is typing in Add Article or in an article's update
 * dialog, saved as they type. Private to the writer; never an article until submitted.
 */

/** How many drafts one writer keeps at once (saving a new one past this answers 409). */
export const DRAFTS_MAX = 50;
/** The client names a draft (so a retried save meets the same one): 8–64 URL-safe characters. */
export const DRAFT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const draftKeyParamSchema = z
  .object({ key: z.string().regex(DRAFT_KEY_PATTERN, 'Malformed draft key') })
  .strict();

/**
 * PUT /me/drafts/{key}: the form as it stands. Anything may still be empty (it is a draft), but
 * nothing may be longer than the article allows; `articleId` names the article an update draft edits.
 */
export const draftBodySchema = z
  .object({
    articleId: z.string().regex(ID_PATTERN, 'Malformed id').nullish(),
    title: z.string().max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    description: z
      .string()
      .max(
        DESCRIPTION_MAX,
        `Description must be at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
      ),
    publisher: z
      .string()
      .max(PUBLISHER_NAME_MAX, `Publisher must be at most ${PUBLISHER_NAME_MAX} characters`),
    formatedTags: z
      .array(tagSchema)
      .max(TAGS.length)
      .transform((list) => [...new Set(list)]),
    photoURL: httpUrl.nullish(),
  })
  .strict();
export type DraftInput = z.output<typeof draftBodySchema>;

const timestamp = z.iso.datetime().meta({ examples: ['2026-05-01T09:30:00.000Z'] });

/** A saved draft, as its writer reads it back. */
export const DraftSchema = z.object({
  key: z.string().meta({ examples: ['d-3f9a2c41b7e8'] }),
  articleId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  publisher: z.string(),
  formatedTags: z.array(z.enum(TAGS)),
  photoURL: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Draft = z.output<typeof DraftSchema>;

/** GET /me/drafts: the writer's drafts, the last saved first (at most DRAFTS_MAX). */
export const DraftListSchema = z.array(DraftSchema);
