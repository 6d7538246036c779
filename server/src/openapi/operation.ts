/**
 * How a route is declared for the OpenAPI document, and the refusals every route of a kind answers
 * (a session route 401, an admin route 403, a validated input 400, ...), derived here once so each
 * declaration in registry.ts only names what is particular to it.
 */
import type { z } from 'zod';
import { PAGE_SIZES } from '@newsroom/common';
import { ErrorBody, NeedPremiumBody } from './responses.js';

/**
 * How a caller proves who they are. session: our JWT from POST /jwt; firebase: a Firebase ID token
 * (sign-in and registration only); optionalSession: anonymous allowed, a valid session counts;
 * stripe: Stripe's signature over the raw body; none: public.
 */
export type Security = 'session' | 'firebase' | 'optionalSession' | 'stripe' | 'none';
/** Who, among the callers `security` lets in, may call it (the guards enforce it). */
export type Access =
  | 'anyone'
  | 'signed-in'
  | 'self'
  | 'self-or-admin'
  | 'owner'
  /** An article's writer, admins and editors: its history (docs/decisions/revisions.md). */
  | 'owner-or-moderator'
  | 'premium'
  /** Admins and editors: article moderation (docs/roles.md). */
  | 'moderator'
  | 'admin';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface DocResponse {
  description: string;
  /** A JSON body. */
  json?: z.ZodType;
  /** A body of another media type: media type → JSON Schema. */
  content?: Record<string, Record<string, unknown>>;
}

/** What a route's declaration says. */
export interface OperationSpec {
  /** Method and Express-style path as the router declares it: 'PATCH /make-admin/:id'. */
  route: `${Uppercase<Method>} /${string}`;
  operationId: string;
  summary: string;
  description?: string;
  security: Security;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body parsed with this schema, or another body (its media type and JSON Schema). */
  body?: z.ZodType | { contentType: string; schema: Record<string, unknown> };
  /**
   * Extra JSON Schema for a parameter: what a zod refinement or transform checks and JSON Schema
   * cannot say. A hint with a `type` replaces the parameter's schema.
   */
  paramHints?: Record<string, Record<string, unknown>>;
  /** The 200 JSON body. */
  ok?: z.ZodType;
  /** Other answers, or ones that replace the derived ones. */
  responses?: Record<number, DocResponse>;
  /** Further refusals this route answers with an error body (404, 409, ...). */
  errors?: number[];
  /** A cached public read: 304 on a matching ETag, 429 when a miss goes over the per-IP limit. */
  cached?: boolean;
  /** Rate-limited: 429. */
  limited?: boolean;
  /** The route answers a malformed path parameter 404 (a file name that cannot exist), not 400. */
  unknownParamIs404?: boolean;
}

/** A declaration with its tag and every answer spelled out. */
export interface Operation extends Omit<
  OperationSpec,
  'route' | 'ok' | 'errors' | 'cached' | 'limited' | 'unknownParamIs404'
> {
  method: Method;
  path: string;
  tag: string;
  responses: Record<number, DocResponse>;
}

/** What `limit`'s refinement accepts, as a hint (JSON Schema cannot see a refinement). */
export const PAGE_LIMIT = { enum: PAGE_SIZES.map(String) };

/**
 * A whole number the route reads from the parameter's text and bounds after the transform, as the
 * document's integer (a hint with a `type` replaces the text's schema; zod's input side stops at the
 * text's pattern).
 */
export const wholeNumber = (maximum: number, fallback: number) => ({
  type: 'integer',
  minimum: 1,
  maximum,
  default: fallback,
});

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: nothing was changed',
  401: 'No valid credential (missing, malformed, expired or forged token)',
  402: 'Premium required',
  403: 'Signed in, but not allowed to do this',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Request body too large',
  415: 'Not an image of an accepted type',
  429: 'Too many requests (Retry-After says when to try again)',
  502: 'The payment provider failed',
  503: 'Payments are not configured',
};

export const errorResponse = (status: number, description = DESCRIPTIONS[status] ?? 'Refused') =>
  status === 402
    ? { description, json: NeedPremiumBody }
    : ({ description, json: ErrorBody } satisfies DocResponse);

/** The refusals that follow from how a route is guarded and what it parses. */
function derivedErrors(spec: OperationSpec): number[] {
  const statuses = new Set<number>(spec.errors ?? []);
  const jsonBody = spec.body && 'safeParse' in spec.body;
  if ((spec.params && !spec.unknownParamIs404) || spec.query || jsonBody) statuses.add(400);
  if (jsonBody) statuses.add(413);
  if (spec.security === 'session' || spec.security === 'firebase') statuses.add(401);
  if (['admin', 'moderator', 'self', 'self-or-admin', 'owner', 'owner-or-moderator'].includes(spec.access))
    statuses.add(403);
  if (spec.access === 'premium') statuses.add(402);
  if (spec.cached || spec.limited) statuses.add(429);
  return [...statuses];
}

/** The operations of one tag, each with its answers spelled out. */
export function operationsOf(tag: string, specs: OperationSpec[]): Operation[] {
  return specs.map((spec) => {
    const {
      route,
      ok,
      errors: _e,
      cached,
      limited: _l,
      unknownParamIs404: _u,
      responses: given,
      ...rest
    } = spec;
    const [method, path] = route.split(' ') as [Uppercase<Method>, string];
    const responses: Record<number, DocResponse> = {};
    if (ok) responses[200] = { description: 'OK', json: ok };
    if (cached) responses[304] = { description: 'Not modified (If-None-Match matched the ETag)' };
    for (const status of derivedErrors(spec)) responses[status] = errorResponse(status);
    Object.assign(responses, given);
    return { ...rest, method: method.toLowerCase() as Method, path, tag, responses };
  });
}
