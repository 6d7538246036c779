import { z } from 'zod';
import { authMessages as m } from './messages';

/** The password rules, in the order the form reports them (only the first broken one is said). */
export const passwordSchema = z
  .string()
  .min(6, m.passwordLength)
  .regex(/[a-z]/, m.passwordLower)
  .regex(/[A-Z]/, m.passwordUpper)
  .regex(/[0-9]/, m.passwordDigit);

const requiredText = z.string().trim().min(1, m.required);

/**
 * The registration form: every (*) field is required first ('(*) marked fields are required'), then
 * the password rules. The email's form and whether it is free are left to Firebase and the server.
 */
export const registrationSchema = z.object({
  name: requiredText,
  email: requiredText,
  // The rules only run on a password that is there (a pipe stops at the first schema's issues).
  password: z.string().min(1, m.required).pipe(passwordSchema),
  photo: z.custom<File | null>((v) => v instanceof File, m.required).transform((v) => v as File),
});
export type RegistrationValues = z.input<typeof registrationSchema>;
export type CheckedRegistration = z.output<typeof registrationSchema>;

/** The order the form's problems are said in: a missing field before a password rule. */
export const REGISTRATION_FIELDS = ['name', 'email', 'photo', 'password'] as const;

/** The login form (the browser asks for empty fields first: the inputs are `required`). */
export const loginSchema = z.object({
  email: z.string().trim().min(1, m.emailRequired),
  password: z.string().min(1, m.passwordRequired),
});
export type LoginValues = z.input<typeof loginSchema>;

/** The first password rule a password breaks, or null. */
export function passwordProblem(password: string): string | null {
  return passwordSchema.safeParse(password).error?.issues[0]?.message ?? null;
}

export interface RegistrationInput {
  name: string;
  email: string;
  password: string;
  photo: File | null;
}

/** The one problem the registration form says: required fields first, then the password rules. */
export function registrationProblem(input: RegistrationInput): string | null {
  const issues = registrationSchema.safeParse(input).error?.issues ?? [];
  for (const field of REGISTRATION_FIELDS) {
    const issue = issues.find((i) => i.path[0] === field);
    if (issue) return issue.message;
  }
  return null;
}
