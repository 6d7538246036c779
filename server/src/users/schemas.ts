import { z } from 'zod';
import { Invalid } from '../errors.js';

/** Parses untrusted input; on failure throws 400 {message, errors} (nothing reaches a query). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  data: unknown,
  message = 'Invalid input',
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Invalid(
      message,
      result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  }
  return result.data;
}

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const httpUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).max(2048);

export const nameSchema = z.string().trim().min(1, 'Name is required').max(100);

/** Query `?email=` of the self-or-admin reads. */
export const emailQuerySchema = z.object({ email: emailSchema });

export const emailBodySchema = z.object({ email: emailSchema }).strict();

/** POST /users/new and /users/new/google: the email itself comes from the verified ID token. */
export const registerBodySchema = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    photoURL: z.union([httpUrl, z.literal('')]).optional(),
  })
  .strict();

/** '' clears an optional field (profile forms send empty inputs). */
const clearable = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('')]).optional();

export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    /** Read-only: accepted only when it is the profile's own email. */
    email: emailSchema.optional(),
    photoURL: clearable(httpUrl),
    phone: clearable(
      z
        .string()
        .trim()
        .regex(/^\+?\d{4,20}$/, 'Phone must be numeric'),
    ),
    address: clearable(z.string().trim().max(300)),
    birth: clearable(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Birth must be a date (YYYY-MM-DD)')
        .refine((v) => {
          const d = new Date(`${v}T00:00:00Z`);
          return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() <= Date.now();
        }, 'Birth must be a real past date'),
    ),
    gender: clearable(z.enum(['male', 'female'])),
  })
  .strict();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const PAGE_SIZES = [3, 5, 10, 20, 50] as const;

/** `page` 1-based, `limit` one of 3, 5, 10, 20, 50 (default 5); anything else is a 400. */
export const pageQuerySchema = z
  .object({
    page: z
      .string()
      .regex(/^[1-9]\d{0,6}$/, 'page must be a positive integer')
      .default('1')
      .transform(Number),
    limit: z
      .string()
      .default('5')
      .refine((v) => (PAGE_SIZES as readonly number[]).includes(Number(v)) && /^\d+$/.test(v), {
        message: 'limit must be one of 3, 5, 10, 20, 50',
      })
      .transform(Number),
  })
  .strict();

export const idParamSchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Malformed id') });
