/**
 * How an operation of the API is declared, once: its method and path, who may call it, the zod
 * schemas of its input and answers, and its refusals. The server serves it from this declaration
 * (server/src/http/operation.ts parses the input with these schemas), the OpenAPI document is built
 * from it (server/src/openapi/document.ts), and the client calls it through it (client/src/lib/api/call.ts).
 * Why our own and not ts-rest: docs/decisions/operations-declared-once.md.
 */
import type { z } from 'zod';
import { ROUTES, type OperationId } from './routes.js';

/**
 * How a caller proves who they are. session: our JWT from POST /jwt; firebase: a Firebase ID token
 * (sign-in and registration only); optionalSession: anonymous allowed, a valid session counts;
 * stripe: Stripe's signature over the raw body; none: public.
 */
export type Security = 'session' | 'firebase' | 'optionalSession' | 'stripe' | 'none';
/** Who, among the callers `security` lets in, may call it (the server's guards enforce it). */
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

/** A body that is not JSON parsed by a schema (an upload, Stripe's signed event): its media type and JSON Schema. */
export interface RawBody {
  contentType: string;
  schema: Record<string, unknown>;
}

/** What an operation's declaration says (its route is in routes.ts, under the same name). */
export interface OperationSpec {
  summary: string;
  description?: string;
  security: Security;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body parsed with this schema, or another body (its media type and JSON Schema). */
  body?: z.ZodType | RawBody;
  /** The message of the 400 a malformed part is answered with ('Invalid input' when not given). */
  invalid?: { params?: string; query?: string; body?: string };
  /**
   * Extra JSON Schema for a parameter: what a zod refinement or transform checks and JSON Schema
   * cannot say. A hint with a `type` replaces the parameter's schema.
   */
  paramHints?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The 200 JSON body. */
  ok?: z.ZodType;
  /** Other answers, or ones that replace the derived ones. */
  responses?: Record<number, DocResponse>;
  /** Further refusals this operation answers with an error body (404, 409, ...). */
  errors?: readonly number[];
  /** A cached public read: 304 on a matching ETag, 429 when a miss goes over the per-IP limit. */
  cached?: boolean;
  /** Rate-limited: 429. */
  limited?: boolean;
  /** A malformed path parameter is answered 404 (a file name that cannot exist), not 400. */
  unknownParamIs404?: boolean;
}

/** Method and Express-style path: 'PATCH /make-admin/:id'. */
export type Route = `${Uppercase<Method>} /${string}`;

/** A declaration as declared, with its name (the OpenAPI operationId), its route and its tag. */
export type Declared<Spec extends OperationSpec, Id extends OperationId> = Spec & {
  operationId: Id;
  route: (typeof ROUTES)[Id];
  tag: string;
};

/** An operation, whatever it declares. */
export type AnyOperation = OperationSpec & { operationId: OperationId; route: Route; tag: string };

/**
 * The operations of one tag, named by their operationId. The declarations keep their exact types,
 * so a handler's input and a fetcher's answer are typed by the schemas declared here.
 */
export function defineOperations<const Specs extends { [Id in OperationId]?: OperationSpec }>(
  tag: string,
  specs: Specs & { [Unknown in Exclude<keyof Specs, OperationId>]: never },
): { [Id in keyof Specs & OperationId]: Declared<NonNullable<Specs[Id]>, Id> } {
  const declared: Record<string, AnyOperation> = {};
  for (const [id, spec] of Object.entries(specs) as [OperationId, OperationSpec][])
    declared[id] = { ...spec, operationId: id, route: ROUTES[id], tag };
  return declared as { [Id in keyof Specs & OperationId]: Declared<NonNullable<Specs[Id]>, Id> };
}

/** The method and path of a route. */
export function routeOf(route: Route): { method: Method; path: string } {
  const [method, path] = route.split(' ') as [Uppercase<Method>, string];
  return { method: method.toLowerCase() as Method, path };
}

type ZodOf<S> = S extends z.ZodType ? S : never;

/** What the server's handler receives: each declared part, parsed (after the schema's transforms). */
export interface ParsedInput<Op extends OperationSpec> {
  params: Op['params'] extends z.ZodType ? z.output<ZodOf<Op['params']>> : Record<string, never>;
  query: Op['query'] extends z.ZodType ? z.output<ZodOf<Op['query']>> : Record<string, never>;
  body: Op['body'] extends z.ZodType ? z.output<ZodOf<Op['body']>> : undefined;
}

/** A query value as a caller sends it: its text, or a number that becomes that text. */
type QueryValue<V> = V extends string ? V | number : V;

/** What a caller sends: the parts the operation declares, as the schemas accept them (before transforms). */
export type CallInput<Op extends OperationSpec> = (Op['params'] extends z.ZodType
  ? { params: z.input<ZodOf<Op['params']>> }
  : { params?: undefined }) &
  (Op['query'] extends z.ZodType
    ? { query?: { [K in keyof z.input<ZodOf<Op['query']>>]?: QueryValue<z.input<ZodOf<Op['query']>>[K]> } }
    : { query?: undefined }) &
  (Op['body'] extends z.ZodType ? { body: z.input<ZodOf<Op['body']>> } : { body?: unknown });

type JsonOf<R> = R extends { json: infer S } ? (S extends z.ZodType ? z.output<S> : unknown) : unknown;

/** What the operation answers on success: its 200 body (`ok`), or its 201's. */
export type AnswerOf<Op extends OperationSpec> = Op['ok'] extends z.ZodType
  ? z.output<ZodOf<Op['ok']>>
  : Op['responses'] extends Record<number, DocResponse>
    ? 201 extends keyof Op['responses']
      ? JsonOf<Op['responses'][201]>
      : unknown
    : unknown;
