import { Query } from 'mingo';
import { isEqual } from 'mingo/util';

const SIMPLE_OPERATORS = new Set(['$set', '$unset', '$inc']);
const isPlainField = (field: string) => field !== '_id' && !field.includes('.') && !field.startsWith('$');
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The hot writes (a profile edit, a status change, a view's `$inc`, lastSeenAt) only `$set`,
 * `$unset` or `$inc` top-level fields. mingo's `update` builds a fresh operator context on every
 * call, which made it most of a write's CPU time; these cases are applied here directly, with
 * mingo's results (the modified fields; a `$set` to an equal value modifies nothing). Anything
 * else (dotted paths, other operators, `$inc` of a non-number) returns null: the caller uses mingo.
 */
export function applySimpleUpdate(
  draft: Record<string, unknown>,
  modifier: Record<string, unknown>,
): string[] | null {
  for (const [op, fields] of Object.entries(modifier)) {
    if (!SIMPLE_OPERATORS.has(op) || !isRecord(fields)) return null;
    for (const [field, value] of Object.entries(fields)) {
      if (!isPlainField(field) || value === undefined) return null;
      if (op === '$inc') {
        const current = draft[field];
        if (typeof value !== 'number' || !Number.isFinite(value) || value === 0) return null;
        if (current !== undefined && typeof current !== 'number') return null;
      }
    }
  }
  const fieldsOf = (op: string) =>
    Object.entries((modifier[op] as Record<string, unknown> | undefined) ?? {});
  // The same field under two operators is a conflict mingo reports: leave it to mingo.
  const seen = new Set<string>();
  for (const op of SIMPLE_OPERATORS) {
    for (const [field] of fieldsOf(op)) {
      if (seen.has(field)) return null;
      seen.add(field);
    }
  }
  const modified: string[] = [];
  for (const [field, value] of fieldsOf('$set')) {
    if (field in draft && isEqual(draft[field], value)) continue;
    draft[field] = structuredClone(value);
    modified.push(field);
  }
  for (const [field] of fieldsOf('$unset')) {
    if (!(field in draft)) continue;
    delete draft[field];
    modified.push(field);
  }
  for (const [field, value] of fieldsOf('$inc')) {
    draft[field] = ((draft[field] as number | undefined) ?? 0) + (value as number);
    modified.push(field);
  }
  return modified;
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => {
  const t = typeof v;
  return t === 'string' || t === 'boolean' || (t === 'number' && Number.isFinite(v));
};

/**
 * What a plain top-level field must hold: a string, finite number or boolean, or (`{$in: [...]}`)
 * one of a list of them. Undefined for anything else.
 */
function simpleCondition(value: unknown): Scalar | Set<Scalar> | undefined {
  if (isScalar(value)) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const list = (value as { $in?: unknown }).$in;
  if (keys.length !== 1 || !Array.isArray(list) || list.length === 0 || !list.every(isScalar))
    return undefined;
  return new Set(list);
}

/**
 * Tests documents against a filter. Constructing a mingo Query builds an operator context (the
 * same per-call cost as its `update`), so the commonest filters, `{ email }` or `{ _id }`, other
 * plain equalities and `$in` lists of them (`{status: {$in: ['Approved', 'Accepted']}}`), are tested
 * here with mingo's meaning: equal (to one), or an array holding one.
 */
export function matcherOf(filter: Record<string, unknown>): {
  test(doc: Record<string, unknown>): boolean;
  simple: boolean;
} {
  const conditions: Array<[string, Scalar | Set<Scalar>]> = [];
  for (const [field, value] of Object.entries(filter)) {
    const condition = field.includes('.') || field.startsWith('$') ? undefined : simpleCondition(value);
    if (condition === undefined) {
      const q = new Query(filter, {});
      return { test: (doc) => q.test(doc), simple: false };
    }
    conditions.push([field, condition]);
  }
  return {
    simple: true,
    test(doc) {
      for (const [field, condition] of conditions) {
        const v = doc[field];
        if (condition instanceof Set) {
          if (!condition.has(v as Scalar) && !(Array.isArray(v) && v.some((x) => condition.has(x))))
            return false;
        } else if (v !== condition && !(Array.isArray(v) && v.includes(condition))) return false;
      }
      return true;
    },
  };
}
