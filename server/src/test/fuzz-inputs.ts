/**
 * What the fuzz test sends to one documented operation: who calls (anonymous, a normal reader, a
 * premium reader, an admin, or a forged token), path parameters (the ids and emails of what exists,
 * values of the documented schema, garbage), query parameters, and a body derived from the
 * documented request schema with garbage mixed in.
 */
import fc from 'fast-check';
import type { DocOperation } from './openapi.js';
import { bodyOf, garbage, garbageText, valueOf, type Hints } from './json-schema-arbitrary.js';

type Json = Record<string, unknown>;

export const CALLERS = ['anonymous', 'reader', 'premium', 'admin', 'forged'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * An id resolved when the call is made: of an article in that state, of a user, a writer's public id,
 * or of nothing.
 */
export const ID_SLOTS = [
  'article:Pending',
  'article:Approved',
  'article:premium',
  'article:Declined',
  'article:own',
  'user:target',
  'writer:public',
  'unknown',
] as const;
export type IdSlot = (typeof ID_SLOTS)[number];

/** Stands for the caller's own email; replaced when the call is made (self-only routes need it). */
export const CALLER_EMAIL = 'caller@fuzz.invalid';

export type FuzzBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string }
  | { kind: 'multipart'; field: string; bytes: 'png' | 'garbage' | 'empty' }
  | { kind: 'webhook'; event: unknown; signed: boolean };

export interface FuzzInput {
  caller: Caller;
  /** A path parameter is either a value to send or an id slot. */
  params: Record<string, string | { slot: IdSlot }>;
  query: Record<string, string | string[] | undefined>;
  body?: FuzzBody;
  /** GET /events: the session in ?token= rather than the header. */
  tokenInQuery: boolean;
}

/** What exists in the fuzzed app, for inputs that reach past validation. */
export interface FuzzFixtures {
  /** Every user's email; CALLER_EMAIL is mixed in here. */
  emails: string[];
  publisher: string;
  files: Record<string, string[]>;
  sessionToken: string;
}

const email = (fx: FuzzFixtures) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(CALLER_EMAIL) },
    { weight: 2, arbitrary: fc.constantFrom(...fx.emails) },
  );

const params = (op: DocOperation, where: 'path' | 'query') =>
  (op.spec.parameters ?? []).filter((p) => p.in === where) as { name: string; schema: Json }[];

function pathParam(name: string, schema: Json, doc: Json, fx: FuzzFixtures, op: DocOperation) {
  const known: fc.Arbitrary<string | { slot: IdSlot }>[] = [];
  if (name === 'id') known.push(fc.constantFrom(...ID_SLOTS).map((slot) => ({ slot })));
  if (name === 'email') known.push(email(fx), fc.constant(fx.emails[0]!.toUpperCase()));
  if (name === 'file') known.push(fc.constantFrom(...(fx.files[op.operationId] ?? ['x'])));
  return fc.oneof(
    ...known.map((arbitrary) => ({ weight: 4, arbitrary })),
    { weight: 1, arbitrary: valueOf(schema, doc).map(String) },
    { weight: 1, arbitrary: garbageText },
  );
}

function queryParam(
  name: string,
  schema: Json,
  doc: Json,
  fx: FuzzFixtures,
): fc.Arbitrary<string | string[]> {
  const valid = valueOf(schema, doc).map(String);
  const known: Record<string, fc.Arbitrary<string>> = {
    email: email(fx),
    tags: fc.constantFrom('technology', 'Art,science', 'art,,nope'),
    publicationFiler: fc.constant(fx.publisher),
    token: fc.constantFrom(fx.sessionToken, 'not-a-jwt'),
    page: fc.constantFrom('1', '2', '0', '-1', '1.5', '99999999'),
  };
  return fc.oneof(
    { weight: 3, arbitrary: known[name] ?? valid },
    { weight: 2, arbitrary: valid },
    { weight: 1, arbitrary: garbageText },
    { weight: 1, arbitrary: fc.array(valid, { minLength: 2, maxLength: 3 }) },
  );
}

/** Properties named like these get values that exist, so valid bodies reach the services. */
function bodyHints(fx: FuzzFixtures): Hints {
  const url = fc.constantFrom('https://example.test/p.png', 'http://example.test/a.jpg');
  return {
    email: email(fx),
    publisher: fc.constant(fx.publisher),
    publisherName: fc.oneof(fc.constant(fx.publisher), fc.string({ minLength: 1, maxLength: 20 })),
    formatedTags: fc.constantFrom(['art'], ['Technology', 'science'], ['art', 'art']),
    photoURL: url,
    logo: url,
    amount: fc.constantFrom(1, 5, 10, '5', 5.5),
    time: fc.constantFrom(60, 432_000, '864000'),
    paymentIntentId: fc.constantFrom('pi_unknown', 'pi_123'),
    days: fc.constantFrom('7', '30', '90'),
  };
}

function bodyArbitrary(op: DocOperation, doc: Json, fx: FuzzFixtures): fc.Arbitrary<FuzzBody | undefined> {
  const content = (op.spec.requestBody?.content ?? {}) as Record<string, { schema: Json }>;
  if (op.operationId === 'stripeWebhook') {
    const event = fc.record({
      id: fc.string({ maxLength: 10 }),
      type: fc.oneof(fc.constantFrom('payment_intent.succeeded', 'charge.refunded'), garbage),
      data: fc.oneof(
        fc.record({ object: fc.oneof(garbage, fc.record({ id: fc.string(), metadata: garbage })) }),
        garbage,
      ),
    });
    return fc.record({
      kind: fc.constant('webhook' as const),
      event: fc.oneof(event, garbage),
      signed: fc.boolean(),
    });
  }
  if (content['multipart/form-data']) {
    return fc.record({
      kind: fc.constant('multipart' as const),
      field: fc.constantFrom('image', 'image', 'file', ''),
      bytes: fc.constantFrom('png' as const, 'garbage' as const, 'empty' as const),
    });
  }
  const json = content['application/json'];
  if (!json) return fc.constant(undefined);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: bodyOf(json.schema, doc, bodyHints(fx)).map((value) => ({ kind: 'json' as const, value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'null', '"x"', '[]', '')
        .map((text) => ({ kind: 'raw' as const, text })),
    },
  );
}

export function inputOf(op: DocOperation, doc: Json, fx: FuzzFixtures): fc.Arbitrary<FuzzInput> {
  const path = Object.fromEntries(
    params(op, 'path').map((p) => [p.name, pathParam(p.name, p.schema, doc, fx, op)]),
  );
  const declared = params(op, 'query');
  const query = fc
    .tuple(
      fc.record(Object.fromEntries(declared.map((p) => [p.name, queryParam(p.name, p.schema, doc, fx)])), {
        requiredKeys: [],
      }),
      fc.option(fc.tuple(fc.constantFrom('extra', '$where', 'email[$ne]', '__proto__'), garbageText), {
        freq: 4,
      }),
    )
    .map(([known, extra]) => (extra && declared.length ? { ...known, [extra[0]]: extra[1] } : known));
  return fc.record({
    caller: fc.constantFrom(...CALLERS),
    params: fc.record(path),
    query,
    body: bodyArbitrary(op, doc, fx),
    tokenInQuery: fc.boolean(),
  });
}
