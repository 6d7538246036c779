import { z } from 'zod';
import { ADDRESS_MAX, BIRTH_PATTERN, PHONE_PATTERN } from '../limits.js';
import { clearable, emailSchema, httpUrl, nameSchema } from './fields.js';

/** POST /users/new and /users/new/google: the email itself comes from the verified ID token. */
export const registerBodySchema = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema.optional(),
    photoURL: z.union([httpUrl, z.literal('')]).optional(),
  })
  .strict();

export const GENDERS = ['male', 'female'] as const;

export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, 'Phone must be numeric');
export const addressSchema = z
  .string()
  .trim()
  .max(ADDRESS_MAX, `Address must be at most ${ADDRESS_MAX} characters`);
export const birthSchema = z
  .string()
  .regex(BIRTH_PATTERN, 'Birth must be a date (YYYY-MM-DD)')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() <= Date.now();
  }, 'Birth must be a real past date');

/** PUT /users/profile (and the profile dialog): '' clears an optional field. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    /** Read-only: accepted only when it is the profile's own email. */
    email: emailSchema.optional(),
    photoURL: clearable(httpUrl),
    phone: clearable(phoneSchema),
    address: clearable(addressSchema),
    birth: clearable(birthSchema),
    gender: clearable(z.enum(GENDERS)),
  })
  .strict();
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
