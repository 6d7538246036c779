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

/** A filter of plain top-level fields each equal to a string, finite number or boolean. */
function isSimpleEquality(filter: Record<string, unknown>): boolean {
  for (const [field, value] of Object.entries(filter)) {
    if (field.includes('.') || field.startsWith('$')) return false;
    const t = typeof value;
    if (t !== 'string' && t !== 'boolean' && !(t === 'number' && Number.isFinite(value))) return false;
  }
  return true;
}

/**
 * Tests documents against a filter. Constructing a mingo Query builds an operator context (the
 * same per-call cost as its `update`), so the commonest filters, `{ email }` or `{ _id }` and
 * other plain equalities, are tested here with mingo's meaning: equal, or an array holding it.
 */
export function matcherOf(filter: Record<string, unknown>): {
  test(doc: Record<string, unknown>): boolean;
  simple: boolean;
} {
  if (!isSimpleEquality(filter)) {
    const q = new Query(filter, {});
    return { test: (doc) => q.test(doc), simple: false };
  }
  const entries = Object.entries(filter);
  return {
    simple: true,
    test(doc) {
      for (const [field, value] of entries) {
        const v = doc[field];
        if (v !== value && !(Array.isArray(v) && v.includes(value))) return false;
      }
      return true;
    },
  };
}
