/**
 * fast-check arbitraries for the fuzz test: values a JSON Schema of the OpenAPI document accepts
 * (as far as JSON Schema can say: zod refinements may still refuse them), and garbage of the kinds
 * attackers and broken clients send.
 */
import fc from 'fast-check';

type Json = Record<string, unknown>;

/** Values that break naive handlers: operators, wrong types, huge or odd strings, deep nesting. */
export const garbage: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    { $ne: null },
    { $gt: '' },
    { $where: 'sleep(1000)' },
    { $regex: '.*' },
    JSON.parse('{"__proto__": {"polluted": true}}'),
    { constructor: { prototype: { polluted: true } } },
    [],
    [{ $ne: 1 }],
    null,
    true,
    0,
    -1,
    1e308,
    '',
    ' ',
    '../../etc/passwd',
    '\u0000',
    'null',
    'NaN',
    '<script>alert(1)</script>',
    'f'.repeat(24),
    '0'.repeat(24),
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.nat({ max: 120_000 }).map((n) => 'x'.repeat(n)),
);

/** Short strings for URL parts (paths and query strings stay under the HTTP header limit). */
export const garbageText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '$ne', '[object Object]', 'null', '-1', '0', '1e9', '%', '\u0000', 'f'.repeat(24)),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  // Long, but a query of several stays under Node's 16 KB header limit (a 431 is not the app's answer).
  fc.nat({ max: 1500 }).map((n) => 'y'.repeat(n)),
);

function resolve(schema: Json, doc: Json): Json {
  let current = schema;
  while (typeof current.$ref === 'string') {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce<Json>((node, key) => node[key] as Json, doc);
  }
  return current;
}

/** Arbitraries for properties by name (emails of real users, existing publishers...), mixed in. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** A value `schema` accepts; `depth` bounds nested objects and arrays. */
export function valueOf(schema: Json, doc: Json, depth = 0, hints: Hints = {}): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueOf(a, doc, depth, hints)));
  const type = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  if (type.length > 1) return fc.oneof(...type.map((t) => valueOf({ ...s, type: t }, doc, depth, hints)));
  switch (type[0]) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({ min: (s.minimum as number) ?? -1000, max: (s.maximum as number) ?? 1000 });
    case 'number':
      return fc.double({
        min: (s.minimum as number) ?? -1e6,
        max: (s.maximum as number) ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (depth > 3) return fc.constant([]);
      return fc.array(valueOf((s.items as Json) ?? {}, doc, depth + 1, hints), {
        minLength: (s.minItems as number) ?? 0,
        maxLength: Math.min((s.maxItems as number) ?? 4, 4),
      });
    case 'object':
      return objectOf(s, doc, depth, hints);
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
  }
}

function stringOf(s: Json): fc.Arbitrary<string> {
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
  if (s.format === 'uri') return fc.webUrl();
  if (s.format === 'email') return fc.emailAddress();
  const minLength = (s.minLength as number) ?? 0;
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min((s.maxLength as number) ?? 30, 30)),
  });
}

function objectOf(s: Json, doc: Json, depth: number, hints: Hints): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.constant({});
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const shape = Object.fromEntries(
    Object.entries(properties).map(([key, p]) => {
      const value = valueOf(p, doc, depth + 1, hints);
      const hint = hints[key];
      return [key, hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: value }) : value];
    }),
  );
  return fc.record(shape, { requiredKeys: (s.required as string[]) ?? [] });
}

/**
 * A JSON body for `schema`: usually a valid one, often one with a field replaced by garbage, an
 * unknown field, or a required field missing, and sometimes garbage as the whole body.
 */
export function bodyOf(schema: Json, doc: Json, hints: Hints = {}): fc.Arbitrary<unknown> {
  const valid = valueOf(schema, doc, 0, hints);
  const broken = fc
    .tuple(valid, fc.string({ maxLength: 12 }), garbage, fc.nat())
    .map(([value, key, junk, pick]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return junk;
      const keys = Object.keys(value);
      const copy: Record<string, unknown> = { ...value };
      if (keys.length && pick % 3 === 0) copy[keys[pick % keys.length]!] = junk;
      else if (keys.length && pick % 3 === 1) delete copy[keys[pick % keys.length]!];
      else copy[key || '$set'] = junk;
      return copy;
    });
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: broken },
    { weight: 1, arbitrary: garbage },
  );
}
