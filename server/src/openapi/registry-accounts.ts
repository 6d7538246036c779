/** Sign-in, registration, roles and profiles in the OpenAPI document (see registry.ts). */
import { z } from 'zod';
import {
  emailBodySchema,
  emailQuerySchema,
  emailSchema,
  idParamSchema,
  pageQuerySchema,
  profileUpdateSchema,
  registerBodySchema,
} from '@newsroom/common';
import { operationsOf, PAGE_LIMIT } from './operation.js';
import * as R from './responses.js';

const int = z.number().int();
const registered = (insertedId: z.ZodType) => R.message({ insertedId });

const auth = operationsOf('Auth', [
  {
    route: 'POST /jwt',
    operationId: 'signIn',
    summary: 'Exchange a Firebase ID token for a session JWT',
    security: 'firebase',
    access: 'anyone',
    body: emailBodySchema,
    ok: z.object({ token: z.string() }),
    errors: [403],
    limited: true,
  },
  {
    route: 'POST /users',
    operationId: 'isEmailFree',
    summary: 'Whether an email is still free to register (message null: taken)',
    security: 'none',
    access: 'anyone',
    body: emailBodySchema,
    ok: R.message({ message: z.string().nullable() }),
    limited: true,
  },
  ...(['/users/new', '/users/new/google'] as const).map((path) => ({
    route: `POST ${path}` as const,
    operationId: path === '/users/new' ? 'register' : 'registerGoogle',
    summary: `Register the signed-in ${path === '/users/new' ? 'email' : 'Google'} account (idempotent)`,
    security: 'firebase' as const,
    access: 'anyone' as const,
    body: registerBodySchema,
    responses: {
      200: { description: 'Already registered', json: registered(z.null()) },
      201: { description: 'Registered', json: registered(z.string()) },
    },
    errors: [403],
    limited: true,
  })),
  {
    route: 'GET /check/isAdmin',
    operationId: 'isAdmin',
    summary: 'Whether a user is an admin',
    security: 'session',
    access: 'self-or-admin',
    query: emailQuerySchema,
    ok: z.object({ isAdmin: z.boolean() }),
  },
  {
    route: 'GET /isPremium',
    operationId: 'isPremium',
    summary: 'Whether a user is premium now',
    security: 'session',
    access: 'self-or-admin',
    query: emailQuerySchema,
    ok: z.boolean(),
  },
  {
    route: 'PATCH /remove/subscription',
    operationId: 'removeExpiredSubscription',
    summary: "Clear the caller's expired subscription",
    security: 'session',
    access: 'self',
    body: emailBodySchema,
    ok: R.message({ modifiedCount: int }),
  },
]);

const users = operationsOf('Users', [
  {
    route: 'GET /users/:email',
    operationId: 'getProfile',
    summary: 'A profile',
    security: 'session',
    access: 'self-or-admin',
    params: z.object({ email: emailSchema }),
    ok: R.UserSchema,
    errors: [404],
  },
  {
    route: 'PATCH /users/:email',
    operationId: 'updateProfile',
    summary: "Update the caller's profile ('' clears a field; the email cannot change; 30 edits a minute)",
    security: 'session',
    access: 'self',
    params: z.object({ email: emailSchema }),
    body: profileUpdateSchema,
    ok: R.UserSchema,
    errors: [404, 429],
  },
  {
    route: 'GET /all-users',
    operationId: 'listUsers',
    summary: 'Users, newest first',
    security: 'session',
    access: 'admin',
    query: pageQuerySchema,
    paramHints: { limit: PAGE_LIMIT },
    ok: z.object({ users: z.array(R.UserSchema), totalPages: int }),
  },
  {
    route: 'PATCH /make-admin/:id',
    operationId: 'makeAdmin',
    summary: 'Make a user an admin',
    security: 'session',
    access: 'admin',
    params: idParamSchema,
    ok: R.message({ modifiedCount: int }),
    errors: [404],
  },
  {
    route: 'PATCH /make-editor/:id',
    operationId: 'makeEditor',
    summary: 'Make a user an editor: they moderate articles, nothing else of the admin area',
    security: 'session',
    access: 'admin',
    params: idParamSchema,
    ok: R.message({ modifiedCount: int }),
    errors: [404],
  },
  {
    route: 'PATCH /remove-editor/:id',
    operationId: 'removeEditor',
    summary: 'Take the editor role back',
    security: 'session',
    access: 'admin',
    params: idParamSchema,
    ok: R.message({ modifiedCount: int }),
    errors: [404],
  },
]);

/** In the order auth/routes.ts and users/routes.ts declare them. */
export const accountOperations = [...auth, ...users];
