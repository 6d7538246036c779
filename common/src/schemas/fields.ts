/** Field rules several inputs share: emails, links, names, ids and pages. */
import { z } from 'zod';
import { EMAIL_MAX, ID_PATTERN, NAME_MAX, PAGE_SIZES, URL_MAX } from '../limits.js';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(EMAIL_MAX));

export const httpUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).max(URL_MAX);

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

/** '' clears an optional field (profile forms send empty inputs). */
export const clearable = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('')]).optional();

/** Query `?email=` of the self-or-admin reads. */
export const emailQuerySchema = z.object({ email: emailSchema });

export const emailBodySchema = z.object({ email: emailSchema }).strict();

/**
 * Free text in a query string (a search, a filter): trimmed, at most `max` characters, no control
 * characters (a NUL, an escape): nothing a reader types holds them, and a database may refuse them.
 */
export const queryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // The C0 and C1 control characters, spelled out so the OpenAPI pattern reads the same everywhere.
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f-\u009f]*$/, 'must not contain control characters');

export const idParamSchema = z.object({ id: z.string().regex(ID_PATTERN, 'Malformed id') });

const pageSizesText = PAGE_SIZES.join(', ');

/** A query-string `limit` that must be one of PAGE_SIZES, `fallback` when absent. */
export const pageLimit = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v) && (PAGE_SIZES as readonly number[]).includes(Number(v)), {
      message: `limit must be one of ${pageSizesText}`,
    })
    .transform(Number);

/** `page` 1-based, `limit` one of PAGE_SIZES (default 5); anything else is a 400. */
export const pageQuerySchema = z
  .object({
    page: z
      .string()
      .regex(/^[1-9]\d{0,6}$/, 'page must be a positive integer')
      .default('1')
      .transform(Number),
    limit: pageLimit(5),
  })
  .strict();
