import { Query } from 'mingo';
import { isEqual } from 'mingo/util';

const SIMPLE_OPERATORS = new Set(['$set', '$unset', '$inc']);
/**
 * A path the fast path takes: `_id` aside, one or more dot-separated segments, none empty, none an
 * operator (`$…`) and none integer-like (on an array that is a position, which mingo resolves).
 */
const pathOf = (field: string): string[] | null => {
  const segments = field.split('.');
  if (segments[0] === '_id') return null;
  return segments.every((s) => s !== '' && !s.startsWith('$') && !/^\d+$/.test(s)) ? segments : null;
};
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The object that holds a path's last segment: walked down from `draft`, missing objects created
 * when `create`; null when the path goes through something other than a plain object (an array, a
 * value, null: mingo's rules or errors apply) or, without `create`, through a missing field.
 */
function parentOf(draft: Record<string, unknown>, path: string[], create: boolean) {
  let at: Record<string, unknown> = draft;
  for (const segment of path.slice(0, -1)) {
    const next = at[segment];
    if (next === undefined) {
      if (!create) return undefined;
      at = at[segment] = {};
    } else if (isRecord(next)) at = next;
    else return null;
  }
  return at;
}

/**
 * The hot writes (a profile edit, a status change, a view's `$inc`, lastSeenAt, the view history's
 * and reading signals' `$inc` of `field.key` counters) only `$set`, `$unset` or `$inc` fields, top
 * level or nested in plain objects. mingo's `update` builds a fresh operator context on every call,
 * which made it most of a write's CPU time; these cases are applied here directly, with mingo's
 * results (the modified fields; a `$set` to an equal value modifies nothing). Anything else (other
 * operators, paths through arrays or values, positions, two paths where one contains the other,
 * `$inc` of a non-number) returns null before changing anything: the caller uses mingo
 * (fast-paths.update.property.test.ts holds the two to the same answers).
 */
export function applySimpleUpdate(
  draft: Record<string, unknown>,
  modifier: Record<string, unknown>,
): string[] | null {
  const ops: { op: string; field: string; path: string[]; value: unknown }[] = [];
  for (const [op, fields] of Object.entries(modifier)) {
    if (!SIMPLE_OPERATORS.has(op) || !isRecord(fields)) return null;
    for (const [field, value] of Object.entries(fields)) {
      const path = pathOf(field);
      if (!path || value === undefined) return null;
      if (op === '$inc' && (typeof value !== 'number' || !Number.isFinite(value) || value === 0)) return null;
      ops.push({ op, field, path, value });
    }
  }
  // The same field twice, or one inside another, is a conflict mingo reports: leave it to mingo.
  const fields = ops.map((o) => o.field).sort();
  for (let i = 1; i < fields.length; i++) {
    if (fields[i] === fields[i - 1] || fields[i]!.startsWith(`${fields[i - 1]}.`)) return null;
  }
  // Every path checked before anything changes: a refusal leaves the draft as it was.
  for (const { op, path } of ops) {
    const parent = parentOf(draft, path, false);
    if (parent === null) return null;
    if (op === '$inc' && parent) {
      const current = parent[path[path.length - 1]!];
      if (current !== undefined && typeof current !== 'number') return null;
    }
  }
  const modified: string[] = [];
  for (const op of SIMPLE_OPERATORS) {
    for (const { field, path, value } of ops.filter((o) => o.op === op)) {
      const leaf = path[path.length - 1]!;
      if (op === '$unset') {
        const parent = parentOf(draft, path, false);
        if (!parent || !(leaf in parent)) continue;
        delete parent[leaf];
      } else {
        const parent = parentOf(draft, path, true)!;
        if (op === '$set') {
          if (leaf in parent && isEqual(parent[leaf], value)) continue;
          parent[leaf] = structuredClone(value);
        } else {
          const current = parent[leaf] as number | undefined;
          const next = (current ?? 0) + (value as number);
          // Past 2^53 an increment can leave the number as it was: no change, as mingo says.
          if (current === next) continue;
          parent[leaf] = next;
        }
      }
      modified.push(field);
    }
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
