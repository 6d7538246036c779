/** Sign-in, registration, roles and profiles (how an operation is declared: define.ts). */
import { z } from 'zod';
import {
  emailBodySchema,
  emailQuerySchema,
  pageQuerySchema,
  profileUpdateSchema,
  registerBodySchema,
} from '../index.js';
import { defineOperations } from './define.js';
import { byId, byEmail } from './params.js';
import * as R from './responses.js';
import { PAGE_LIMIT } from './responses.js';

const int = z.number().int();
const registered = (insertedId: z.ZodType) => R.message({ insertedId });
/** Each registration route answers its own (named) bodies. */
const registration = () =>
  ({
    security: 'firebase',
    access: 'anyone',
    body: registerBodySchema,
    responses: {
      200: { description: 'Already registered', json: registered(z.null()) },
      201: { description: 'Registered', json: registered(z.string()) },
    },
    errors: [403],
    limited: true,
  }) as const;

export const authOperations = defineOperations('Auth', {
  signIn: {
    summary: 'Exchange a Firebase ID token for a session JWT',
    security: 'firebase',
    access: 'anyone',
    body: emailBodySchema,
    ok: z.object({ token: z.string() }),
    errors: [403],
    limited: true,
  },
  isEmailFree: {
    summary: 'Whether an email is still free to register (message null: taken)',
    security: 'none',
    access: 'anyone',
    body: emailBodySchema,
    ok: R.message({ message: z.string().nullable() }),
    limited: true,
  },
  register: {
    summary: 'Register the signed-in email account (idempotent)',
    ...registration(),
  },
  registerGoogle: {
    summary: 'Register the signed-in Google account (idempotent)',
    ...registration(),
  },
  isAdmin: {
    summary: 'Whether a user is an admin',
    security: 'session',
    access: 'self-or-admin',
    query: emailQuerySchema,
    ok: z.object({ isAdmin: z.boolean() }),
  },
  isPremium: {
    summary: 'Whether a user is premium now',
    security: 'session',
    access: 'self-or-admin',
    query: emailQuerySchema,
    ok: z.boolean(),
  },
  removeExpiredSubscription: {
    summary: "Clear the caller's expired subscription",
    security: 'session',
    access: 'self',
    body: emailBodySchema,
    ok: R.message({ modifiedCount: int }),
  },
});

/** An admin gives or takes a role (each answers its own named body). */
const roleChange = (summary: string) =>
  ({
    summary,
    security: 'session',
    access: 'admin',
    ...byId,
    ok: R.message({ modifiedCount: int }),
    errors: [404],
  }) as const;

export const userOperations = defineOperations('Users', {
  getProfile: {
    summary: 'A profile',
    security: 'session',
    access: 'self-or-admin',
    ...byEmail,
    ok: R.UserSchema,
    errors: [404],
  },
  updateProfile: {
    summary: "Update the caller's profile ('' clears a field; the email cannot change; 30 edits a minute)",
    security: 'session',
    access: 'self',
    ...byEmail,
    body: profileUpdateSchema,
    ok: R.UserSchema,
    errors: [404, 429],
  },
  listUsers: {
    summary: 'Users, newest first',
    security: 'session',
    access: 'admin',
    query: pageQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: z.object({ users: z.array(R.UserSchema), totalPages: int }),
  },
  makeAdmin: roleChange('Make a user an admin'),
  makeEditor: roleChange('Make a user an editor: they moderate articles, nothing else of the admin area'),
  removeEditor: roleChange('Take the editor role back'),
});
