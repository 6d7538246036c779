/**
 * An operation as the OpenAPI document lists it: its declaration (@newsroom/common/api, declared once)
 * with every answer spelled out, the refusals every route of a kind answers (a session route 401, an
 * admin route 403, a validated input 400, ...) derived here once so each declaration only names what
 * is particular to it.
 */
import {
  operations as declared,
  type AnyOperation,
  type DocResponse,
  type Method,
} from '@newsroom/common/api';
import { errorResponse } from '@newsroom/common/api/responses';

export type { Access, DocResponse, Method, OperationSpec, Security } from '@newsroom/common/api';

/** A declaration with every answer spelled out. */
export interface Operation extends Omit<
  AnyOperation,
  'route' | 'ok' | 'errors' | 'cached' | 'limited' | 'unknownParamIs404' | 'invalid'
> {
  method: Method;
  path: string;
  responses: Record<number, DocResponse>;
}

/** The refusals that follow from how a route is guarded and what it parses. */
function derivedErrors(spec: AnyOperation): number[] {
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

/** One declaration with its answers spelled out. */
function documented(spec: AnyOperation): Operation {
  const {
    route,
    ok,
    errors: _e,
    cached,
    limited: _l,
    unknownParamIs404: _u,
    invalid: _i,
    responses: given,
    ...rest
  } = spec;
  const [method, path] = route.split(' ') as [Uppercase<Method>, string];
  const responses: Record<number, DocResponse> = {};
  if (ok) responses[200] = { description: 'OK', json: ok };
  if (cached) responses[304] = { description: 'Not modified (If-None-Match matched the ETag)' };
  for (const status of derivedErrors(spec)) responses[status] = errorResponse(status);
  Object.assign(responses, given);
  return { ...rest, method: method.toLowerCase() as Method, path, responses };
}

/** Every operation, in the order the app mounts them, as the document lists them. */
export const operations: Operation[] = declared.map(documented);
