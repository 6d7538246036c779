/**
 * Builds the OpenAPI 3.1 document from the operations' declarations (@newsroom/common/api): zod's own JSON Schema output
 * (draft 2020-12, which OpenAPI 3.1 uses as is), request schemas as the routes accept them (before
 * transforms), response schemas as they answer. Named schemas land in components.schemas.
 */
import { z } from 'zod';
import * as R from '@newsroom/common/api/responses';
import { operations, type Operation } from './operation.js';

export const OPENAPI_VERSION = '3.1.1';
export const API_TITLE = 'Newsroom API';

type Json = Record<string, unknown>;

/** Response schemas shown by name; the other bodies get `<OperationId><status>`. */
const NAMED_RESPONSES: Record<string, z.ZodType> = {
  Error: R.ErrorBody,
  NeedPremium: R.NeedPremiumBody,
  Article: R.ArticleSchema,
  PublicArticle: R.PublicArticleSchema,
  ArticleCard: R.ArticleCardSchema,
  ArticleCards: R.ArticleCardList,
  ArticleTeaser: R.ArticleTeaserSchema,
  ArticleIndexEntry: R.ArticleIndexEntrySchema,
  ArticleRevision: R.ArticleRevisionSchema,
  User: R.UserSchema,
  Publisher: R.PublisherSchema,
  PublisherArticleCount: R.PublisherArticleCountSchema,
  Plan: R.PlanSchema,
  MyArticleViews: R.MyArticleViewsSchema,
  PublisherViews: R.PublisherViewsSchema,
  ModerationCounts: R.ModerationCountsSchema,
  PostingAllowance: R.PostingAllowanceSchema,
  PaymentIntent: R.CreatedIntentSchema,
  Grant: R.GrantSchema,
  LiveEvent: R.LiveMessageSchema,
};

const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Our session JWT, from POST /jwt.',
  },
  firebase: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A Firebase ID token of the signed-in account (sign-in and registration only).',
  },
  stripe: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature over the raw request body.",
  },
} as const;

const SECURITY: Record<Operation['security'], Json[]> = {
  session: [{ session: [] }],
  firebase: [{ firebase: [] }],
  optionalSession: [{}, { session: [] }],
  stripe: [{ stripe: [] }],
  none: [],
};

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
const bodyName = (op: Operation) => `${pascal(op.operationId)}Body`;

type Override = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'];

/**
 * A string a route trims or lower-cases before it checks it (an e-mail, a tag) is documented by that
 * check. zod's input side of such a pipe is only "a string", though the handler refuses any other.
 * Where zod checks a pattern, the pattern is the rule: a `format` beside it (`email`: RFC 5321, a
 * local part of at most 64 characters) would refuse addresses zod accepts.
 */
const statesNormalisedChecks: Override = ({ zodSchema, jsonSchema }) => {
  const def = zodSchema._zod.def;
  if (def.type !== 'pipe') return;
  const { in: before, out: check } = def as z.core.$ZodPipeDef;
  const normalises = (before._zod.def as z.core.$ZodStringDef).checks ?? [];
  if (before._zod.def.type !== 'string' || !normalises.every((c) => c._zod.def.check === 'overwrite')) return;
  const { $schema: _s, ...checked } = z.toJSONSchema(check, {
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  if (checked.pattern) delete checked.format;
  Object.assign(jsonSchema, checked);
};

/** zod's registry output, without the per-schema `$schema` and `$id` (the document has its own). */
function componentsOf(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output') {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: io === 'input' ? statesNormalisedChecks : undefined,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema as Json]),
  );
}

/**
 * One parameter per property of a params/query schema, as the route accepts it. A hint that names a
 * `type` replaces the text's schema (a number the route reads from its text); a list is written
 * comma-separated (`style: form, explode: false`), as the routes read it.
 */
function parametersOf(schema: z.ZodObject, where: 'path' | 'query', hints: Operation['paramHints']) {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: statesNormalisedChecks,
  }) as Json;
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const hint = hints?.[name];
    const given: Json = hint?.type
      ? { description: property.description, ...hint }
      : { ...property, ...hint };
    const { description, ...rest } = given;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      ...(rest.type === 'array' ? { style: 'form', explode: false } : {}),
      schema: rest,
    };
  });
}

/** Express's `/articles/:id` as OpenAPI's `/articles/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function buildDocument(): Json {
  const responseRegistry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED_RESPONSES)) responseRegistry.add(schema, { id });
  const requestRegistry = z.registry<{ id: string }>();
  const refOf = (registry: z.core.$ZodRegistry<{ id: string }>, schema: z.ZodType, id: string) => {
    if (!registry.has(schema)) registry.add(schema, { id });
    return { $ref: `#/components/schemas/${registry.get(schema)!.id}` };
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const op of operations) {
    const responses: Record<string, Json> = {};
    for (const [status, answer] of Object.entries(op.responses)) {
      const content: Json = Object.fromEntries(
        Object.entries(answer.content ?? {}).map(([type, schema]) => [type, { schema }]),
      );
      if (answer.json) {
        content['application/json'] = {
          schema: refOf(responseRegistry, answer.json, `${pascal(op.operationId)}${status}`),
        };
      }
      responses[status] = {
        description: answer.description,
        ...(Object.keys(content).length ? { content } : {}),
      };
    }
    let requestBody: Json | undefined;
    if (op.body && 'safeParse' in op.body) {
      const schema = refOf(requestRegistry, op.body, bodyName(op));
      requestBody = { required: true, content: { 'application/json': { schema } } };
    } else if (op.body) {
      requestBody = { required: true, content: { [op.body.contentType]: { schema: op.body.schema } } };
    }
    const parameters = [
      ...(op.params ? parametersOf(op.params, 'path', op.paramHints) : []),
      ...(op.query ? parametersOf(op.query, 'query', op.paramHints) : []),
    ];
    (paths[openApiPath(op.path)] ??= {})[op.method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: SECURITY[op.security],
      'x-access': op.access,
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  const requests = componentsOf(requestRegistry, 'input');
  const answers = componentsOf(responseRegistry, 'output');
  for (const id of Object.keys(requests)) {
    if (id in answers) throw new Error(`OpenAPI: schema name ${id} is both a request and a response`);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: API_TITLE,
      version: '1.0.0',
      description:
        'The API of Newsroom: moderated articles, publishers, premium subscriptions. Errors are JSON `{message}`; ' +
        '`x-access` says who may call each operation once signed in.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: { ...answers, ...requests }, securitySchemes: SECURITY_SCHEMES },
  };
}

let built: Json | undefined;
/** The document, built once per process (the declarations do not change at run time). */
export function openApiDocument(): Json {
  return (built ??= buildDocument());
}
