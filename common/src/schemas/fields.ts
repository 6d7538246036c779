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
