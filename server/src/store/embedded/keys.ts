/**
 * Document keys for the embedded engine: index keys, sort values and equality constraints, plus the
 * shapes reads and upserts take (inclusion projections, upsert seeds).
 */
import { compare as mingoCompare, resolve as mingoResolve } from 'mingo/util';
import type { Doc, Filter, FindOptions } from '../port.js';

/** Recursively freezes a document so nobody (mingo included) can change stored state in place. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** What a stored document looks like: plain JSON (dates become ISO strings, undefined disappears). */
export function normalize(doc: unknown): Doc {
  return JSON.parse(JSON.stringify(doc)) as Doc;
}

/** Index key of a scalar; null/undefined share one key like MongoDB's null; other values are not indexed by value. */
export function encodeKey(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
      return `s${v}`;
    case 'number':
      return Number.isNaN(v) ? undefined : `n${v}`;
    case 'boolean':
      return `b${v}`;
    case 'undefined':
      return 'z';
    default:
      if (v === null) return 'z';
      return `o${JSON.stringify(v)}`;
  }
}

export function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));
}

function flattenInto(value: unknown, out: unknown[]): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(undefined);
    for (const el of value) flattenInto(el, out);
  } else out.push(value);
}

/**
 * Every value reachable at `path`, expanding arrays at every level (a superset of what MongoDB's
 * multikey semantics would match, which is all a prefilter needs). A missing field yields undefined.
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  let current: unknown[] = [doc];
  for (const seg of path.split('.')) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v && typeof v === 'object' && !Array.isArray(v)) next.push((v as Record<string, unknown>)[seg]);
      else next.push(undefined);
    }
    current = [];
    for (const v of next) flattenInto(v, current);
  }
  return current;
}

export function docKeys(doc: Doc, fields: string[]): string[] {
  const perField = fields.map((f) => {
    const keys = new Set<string>();
    for (const v of pathValues(doc, f)) {
      const k = encodeKey(v);
      if (k !== undefined) keys.add(k);
    }
    if (keys.size === 0) keys.add('z');
    return [...keys];
  });
  if (perField.length === 1) return perField[0]!;
  let combos: string[][] = [[]];
  for (const keys of perField) combos = combos.flatMap((c) => keys.map((k) => [...c, k]));
  return combos.map((c) => JSON.stringify(c));
}

/** A sort-key value the sorted index can order exactly like mingo's `$sort` (missing = null). */
export type SortValue = string | number | boolean | null;

export function sortValue(doc: Doc, field: string): SortValue | undefined {
  const v: unknown = mingoResolve(doc, field);
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && !Number.isNaN(v)) return v;
  return undefined; // arrays, objects, NaN: ordered by rules the index does not reproduce
}

/** mingo's `compare` (type order, then value), with the common same-type cases inlined. */
export function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === typeof b && a !== null && b !== null) return a < b ? -1 : a > b ? 1 : 0;
  return mingoCompare(a, b);
}

/** A document whose value at `field` is one scalar (so its index key says exactly what it equals). */
export function isPlainAt(doc: Doc, field: string): boolean {
  const vals = pathValues(doc, field);
  return vals.length === 1 && isScalar(vals[0]);
}

export type Constraint = { field: string; values: (string | number | boolean)[] };

/** Top-level equality / $eq / $in-of-scalars constraints of a filter (including inside $and). */
export function equalityConstraints(filter: Filter, out: Constraint[] = []): Constraint[] {
  for (const [field, cond] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(cond)) {
      for (const sub of cond) if (sub && typeof sub === 'object') equalityConstraints(sub as Filter, out);
      continue;
    }
    if (field.startsWith('$')) continue;
    if (isScalar(cond)) {
      out.push({ field, values: [cond] });
    } else if (cond && typeof cond === 'object' && !Array.isArray(cond) && !(cond instanceof RegExp)) {
      const ops = cond as Record<string, unknown>;
      if (isScalar(ops.$eq)) out.push({ field, values: [ops.$eq] });
      else if (Array.isArray(ops.$in) && ops.$in.every(isScalar)) out.push({ field, values: ops.$in });
    }
  }
  return out;
}

/**
 * The bounds a filter puts on `field` with $gt/$gte/$lt/$lte of a string or a number, at its top level
 * or inside $and (each of them must hold, so any one of them bounds the matches). Undefined when none.
 */
export function rangeOf(
  filter: Filter,
  field: string,
  out: { lo?: Bound; hi?: Bound } = {},
): { lo?: Bound; hi?: Bound } | undefined {
  for (const [key, cond] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(cond)) {
      for (const sub of cond) if (isPlainObject(sub)) rangeOf(sub, field, out);
      continue;
    }
    if (key !== field || !isPlainObject(cond)) continue;
    const bound = (op: string, inclusive: boolean): Bound | undefined => {
      const value = cond[op];
      return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value))
        ? { value, inclusive }
        : undefined;
    };
    out.lo = bound('$gte', true) ?? bound('$gt', false) ?? out.lo;
    out.hi = bound('$lte', true) ?? bound('$lt', false) ?? out.hi;
  }
  return out.lo || out.hi ? out : undefined;
}
type Bound = { value: string | number; inclusive: boolean };

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RegExp);
}

export function cloneDoc<T>(doc: T): T {
  return structuredClone(doc);
}

/** The top-level fields an inclusion projection keeps (with `_id` unless excluded), else undefined. */
export function inclusionFields(projection: FindOptions['projection']): Set<string> | undefined {
  if (!projection) return undefined;
  const entries = Object.entries(projection);
  if (entries.length === 0 || !entries.every(([k, v]) => v === 1 || (k === '_id' && v === 0)))
    return undefined;
  const fields = new Set(entries.filter(([, v]) => v === 1).map(([k]) => k.split('.')[0]!));
  if (fields.size === 0) return undefined;
  if (projection._id !== 0) fields.add('_id');
  return fields;
}

export function pick(doc: Doc, fields: Set<string>): Doc {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(doc)) if (fields.has(k)) out[k] = doc[k];
  return out as Doc;
}

/** A top-level field name (not `$…`, no path, not integer-like: those mingo orders differently). */
const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The fields of a projection that only includes top-level fields (`{a: 1, b: 1}`), in the order
 * mingo's `$project` answers them: sorted, then `_id` when it was not named. Undefined for any other
 * projection (exclusions, paths, operators), which mingo applies.
 */
export function topLevelInclusion(projection: FindOptions['projection']): string[] | undefined {
  const entries = Object.entries(projection ?? {});
  if (entries.length === 0 || !entries.every(([k, v]) => v === 1 && PLAIN_FIELD.test(k))) return undefined;
  const fields = entries.map(([k]) => k).sort();
  if (!fields.includes('_id')) fields.push('_id');
  return fields;
}

/** `doc`'s `fields` that it holds, in that order. */
export function pickInOrder(doc: Doc, fields: string[]): Doc {
  const out: Record<string, unknown> = {};
  for (const k of fields) if (Object.prototype.propertyIsEnumerable.call(doc, k)) out[k] = doc[k];
  return out as Doc;
}

/** The fields a MongoDB upsert copies from the filter into the new document. */
export function upsertSeed(filter: Filter, set: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [field, cond] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(cond)) {
      for (const sub of cond) if (isPlainObject(sub)) upsertSeed(sub, set);
      continue;
    }
    if (field.startsWith('$')) continue;
    if (isPlainObject(cond)) {
      const keys = Object.keys(cond);
      if (keys.length > 0 && keys.every((k) => k.startsWith('$'))) {
        if ('$eq' in cond) set[field] = cond.$eq;
        continue;
      }
    }
    if (cond instanceof RegExp) continue;
    set[field] = cond;
  }
  return set;
}
