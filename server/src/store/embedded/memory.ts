/**
 * In-memory state of one embedded collection: frozen documents by `_id`, plus the declared indexes
 * (used for unique constraints, as an equality prefilter, and — for compound indexes — walked in
 * sort order, see `SortedIndex`; substring indexes serve plain-text title search, see text-index.ts).
 * Matching, updating, projecting and aggregating are done by `mingo`;
 * this file only decides which documents mingo looks at, and in which order.
 */
import { Aggregator, find as mingoFind, update as mingoUpdate } from 'mingo';
import { compare as mingoCompare, resolve as mingoResolve } from 'mingo/util';
import { newId } from '../ids.js';
import { DuplicateKeyError } from '../port.js';
import type { Doc, Filter, FindOptions, IndexSpec, Update } from '../port.js';
import { orderSet, SubstringIndex, type Lookup } from './text-index.js';
import { requiredLiterals } from './text-query.js';
import { applySimpleUpdate, matcherOf } from './fast-paths.js';

export interface IndexDef {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
  /** 'substring': a trigram index on the single key field (text-index.ts). */
  kind?: 'substring';
}

/** One document change of a write; `old`/`next` undefined mean insert/delete. */
export interface Change {
  id: string;
  old: Doc | undefined;
  next: Doc | undefined;
}

export function indexName(keys: Record<string, 1 | -1>): string {
  return Object.entries(keys)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');
}

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
function encodeKey(v: unknown): string | undefined {
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

function isScalar(v: unknown): v is string | number | boolean {
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

function docKeys(doc: Doc, fields: string[]): string[] {
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
type SortValue = string | number | boolean | null;

function sortValue(doc: Doc, field: string): SortValue | undefined {
  const v: unknown = mingoResolve(doc, field);
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' && !Number.isNaN(v)) return v;
  return undefined; // arrays, objects, NaN: ordered by rules the index does not reproduce
}

/** mingo's `compare` (type order, then value), with the common same-type cases inlined. */
function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === typeof b && a !== null && b !== null) return a < b ? -1 : a > b ? 1 : 0;
  return mingoCompare(a, b);
}

interface SortEntry {
  readonly id: string;
  /** Natural (insertion) order of the document: the tie-break, as in mingo's stable `$sort`. */
  readonly order: number;
  readonly vals: SortValue[];
  readonly bucket: Bucket;
  dead: boolean;
}

interface Bucket {
  readonly key: string;
  /** Sorted by (vals per index direction, order) unless `dirty`; may hold `dead` entries. */
  list: SortEntry[];
  dirty: boolean;
  dead: number;
  /** Elements shifted by in-place insertions since the last full sort (switches to lazy sorting). */
  moved: number;
}

/**
 * A compound index `{p: d0, k1: d1, ...}` kept as one sorted list per value of its first field `p`
 * (multikey: a document whose `p` is an array sits in each element's list). A query with an equality
 * on `p` and a sort equal to the other keys (or all of them reversed) walks that list and stops early.
 * Ties keep natural order in both directions, which is exactly what mingo's stable sort of the
 * natural-order candidates gives, so results never depend on the plan.
 *
 * Documents whose sort fields hold arrays/objects/NaN are "irregular": they are left out and the
 * index is not used for sorting while any exist. Removal only marks entries dead (found via `byId`);
 * dead entries are compacted away lazily. Insertions go in place (binary search + splice) until they
 * have shifted dozens of full lists' worth of elements (a memmove is far cheaper than a sort); then
 * the list is appended to and re-sorted once at the next read (bulk loads, snapshot recovery).
 */
class SortedIndex {
  readonly prefixField: string;
  readonly sortFields: string[];
  readonly dirs: (1 | -1)[];
  readonly buckets = new Map<string, Bucket>();
  readonly byId = new Map<string, SortEntry[]>();
  readonly irregular = new Set<string>();

  constructor(keys: Record<string, 1 | -1>) {
    const entries = Object.entries(keys);
    this.prefixField = entries[0]![0];
    this.sortFields = entries.slice(1).map(([k]) => k);
    this.dirs = entries.slice(1).map(([, d]) => d);
  }

  private cmp(a: SortEntry, b: SortEntry): number {
    for (let i = 0; i < this.dirs.length; i++) {
      const c = compareValues(a.vals[i]!, b.vals[i]!);
      if (c !== 0) return c * this.dirs[i]!;
    }
    return a.order - b.order;
  }

  private sameVals(a: SortEntry, b: SortEntry): boolean {
    for (let i = 0; i < this.dirs.length; i++) if (compareValues(a.vals[i]!, b.vals[i]!) !== 0) return false;
    return true;
  }

  add(doc: Doc, order: number): void {
    const vals: SortValue[] = [];
    for (const f of this.sortFields) {
      const v = sortValue(doc, f);
      if (v === undefined) {
        this.irregular.add(doc._id);
        return;
      }
      vals.push(v);
    }
    const mine: SortEntry[] = [];
    for (const key of docKeys(doc, [this.prefixField])) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = { key, list: [], dirty: false, dead: 0, moved: 0 }));
      const entry: SortEntry = { id: doc._id, order, vals, bucket, dead: false };
      mine.push(entry);
      const list = bucket.list;
      if (bucket.dirty || list.length === 0 || this.cmp(list[list.length - 1]!, entry) <= 0) {
        list.push(entry);
        continue;
      }
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.cmp(list[mid]!, entry) < 0) lo = mid + 1;
        else hi = mid;
      }
      bucket.moved += list.length - lo;
      if (bucket.moved > 64 * list.length + 4096) {
        list.push(entry);
        bucket.dirty = true;
      } else list.splice(lo, 0, entry);
    }
    this.byId.set(doc._id, mine);
  }

  remove(id: string): void {
    if (this.irregular.delete(id)) return;
    const mine = this.byId.get(id);
    if (!mine) return;
    this.byId.delete(id);
    for (const e of mine) {
      e.dead = true;
      const b = e.bucket;
      b.dead++;
      if (b.dead === b.list.length) this.buckets.delete(b.key);
      else if (b.dead > 64 && b.dead * 4 > b.list.length) this.compact(b);
    }
  }

  private compact(b: Bucket): void {
    b.list = b.list.filter((e) => !e.dead);
    b.dead = 0;
  }

  private ready(key: string): Bucket | undefined {
    const b = this.buckets.get(key);
    if (!b) return undefined;
    if (b.dirty) {
      if (b.dead > 0) this.compact(b);
      b.list.sort((x, y) => this.cmp(x, y));
      b.dirty = false;
      b.moved = 0;
    }
    return b;
  }

  /** Calls `visit` with the entries under prefix `key` in index order (or reversed); stops on `false`. */
  walk(key: string, reverse: boolean, visit: (id: string, order: number) => boolean): void {
    const b = this.ready(key);
    if (!b) return;
    const list = b.list;
    if (!reverse) {
      for (const e of list) if (!e.dead && !visit(e.id, e.order)) return;
      return;
    }
    // Reverse by runs of equal keys, each run still in natural order (stable-sort tie-break).
    let i = list.length - 1;
    while (i >= 0) {
      let j = i;
      while (j > 0 && this.sameVals(list[j - 1]!, list[i]!)) j--;
      for (let k = j; k <= i; k++) if (!list[k]!.dead && !visit(list[k]!.id, list[k]!.order)) return;
      i = j - 1;
    }
  }
}

/** A document whose value at `field` is one scalar (so its index key says exactly what it equals). */
function isPlainAt(doc: Doc, field: string): boolean {
  const vals = pathValues(doc, field);
  return vals.length === 1 && isScalar(vals[0]);
}

class IndexState {
  /** Unique indexes key on all fields; the others on their first field only (prefilter use). */
  readonly fields: string[];
  readonly map = new Map<string, Set<string>>();
  /** Present for indexes of two or more keys: walked for sorted, limited finds. */
  readonly sorted: SortedIndex | undefined;
  /** Documents whose prefilter field is missing, null, an array or an object (count fast path off). */
  notPlain = 0;
  /** Present for substring indexes, which keep nothing else. */
  readonly text: SubstringIndex | undefined;
  constructor(readonly def: IndexDef) {
    const all = Object.keys(def.keys);
    this.text = def.kind === 'substring' ? new SubstringIndex(all[0]!) : undefined;
    this.fields = this.text ? [] : def.unique ? all : all.slice(0, 1);
    this.sorted = all.length >= 2 ? new SortedIndex(def.keys) : undefined;
  }
  get prefilterField(): string | undefined {
    return this.fields.length === 1 ? this.fields[0] : undefined;
  }
  keysOf(doc: Doc): string[] {
    return docKeys(doc, this.fields);
  }
  add(doc: Doc, order: number): void {
    if (this.text) return this.text.add(doc, order);
    for (const k of this.keysOf(doc)) {
      let set = this.map.get(k);
      if (!set) this.map.set(k, (set = new Set()));
      set.add(doc._id);
    }
    if (this.prefilterField !== undefined && !isPlainAt(doc, this.prefilterField)) this.notPlain++;
    this.sorted?.add(doc, order);
  }
  remove(doc: Doc, order: number): void {
    if (this.text) return this.text.remove(doc, order);
    for (const k of this.keysOf(doc)) {
      const set = this.map.get(k);
      if (!set) continue;
      set.delete(doc._id);
      if (set.size === 0) this.map.delete(k);
    }
    if (this.prefilterField !== undefined && !isPlainAt(doc, this.prefilterField)) this.notPlain--;
    this.sorted?.remove(doc._id);
  }
  replace(old: Doc, next: Doc, order: number): void {
    if (this.text) return this.text.replace(old, next, order);
    this.remove(old, order);
    this.add(next, order);
  }
}

type Constraint = { field: string; values: (string | number | boolean)[] };

/** Top-level equality / $eq / $in-of-scalars constraints of a filter (including inside $and). */
function equalityConstraints(filter: Filter, out: Constraint[] = []): Constraint[] {
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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof RegExp);
}

/** The fields a MongoDB upsert copies from the filter into the new document. */
function upsertSeed(filter: Filter, set: Record<string, unknown> = {}): Record<string, unknown> {
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

export function assertOperatorUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
    throw new Error('Update document requires atomic operators');
  }
}

/** Substring candidates up to this many are tested directly rather than walked in sort order. */
const FEW_CANDIDATES = 1024;
/** Index entries a sorted walk may step over (plus the search's estimate) before intersecting instead. */
const WALK_VISITS_MIN = 1024;

/**
 * Aggregation stages that never edit their input documents (they select, reorder, or build new
 * objects); a pipeline's leading run of them works on stored documents without copying them all.
 */
const SAFE_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$group', '$count']);

function cloneDoc<T>(doc: T): T {
  return structuredClone(doc);
}

export class MemCollection {
  readonly docs = new Map<string, Doc>();
  readonly indexes = new Map<string, IndexState>();

  constructor(
    readonly name: string,
    private readonly resolve: (name: string) => Doc[],
  ) {}

  // ---- reads ----------------------------------------------------------------------------------

  /** Documents that may match `filter` (a superset), using the _id map or the most selective index. */
  candidates(filter: Filter, search: Lookup | undefined = this.search(filter)): Doc[] {
    // The smallest source wins; sets are sized before anything is copied.
    let best: { size: number; sets: Set<string>[] } | undefined;
    for (const c of equalityConstraints(filter)) {
      let sets: Set<string>[] | undefined;
      if (c.field === '_id') {
        sets = [new Set(c.values.filter((v): v is string => typeof v === 'string'))];
      } else {
        for (const idx of this.indexes.values()) {
          if (idx.prefilterField !== c.field) continue;
          sets = [];
          for (const v of c.values) {
            const set = idx.map.get(encodeKey(v)!);
            if (set) sets.push(set);
          }
          break;
        }
      }
      if (!sets) continue;
      const size = sets.reduce((n, set) => n + set.size, 0);
      if (!best || size < best.size) best = { size, sets };
      if (best.size === 0) break;
    }
    if (search && (!best || search.estimate < best.size)) {
      const orders = search.materialize();
      if (!best || orders.length < best.size) return this.docsAt(search, orders);
    }
    if (!best) return [...this.docs.values()];
    const seen = best.sets.length > 1 ? new Set<string>() : undefined;
    const out: Doc[] = [];
    for (const set of best.sets) {
      for (const id of set) {
        if (seen) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        const d = this.docs.get(id);
        if (d) out.push(d);
      }
    }
    // Keep natural (insertion) order like a full scan would, so results don't depend on the plan.
    if (out.length > 1) out.sort((a, b) => this.order.get(a._id)! - this.order.get(b._id)!);
    return out;
  }

  /** Insertion sequence of each document (natural order), kept across updates. */
  private readonly order = new Map<string, number>();
  private nextOrder = 0;

  /** Matching stored (frozen) documents in natural order, or sorted/skipped/limited per options. */
  select(filter: Filter, options: Omit<FindOptions, 'projection'> = {}): Doc[] {
    const search = this.search(filter);
    if (search && search.estimate > FEW_CANDIDATES) {
      // Many values may hold the text: walk a sorted index, skipping (by their folded value, a
      // string search) the documents that do not; a common word fills the page at once. Past about
      // as many steps as intersecting the postings costs, intersect them, then walk (or test) only
      // the documents they leave. See docs/decisions/search-index.md.
      const budget = WALK_VISITS_MIN + search.estimate;
      const walked = this.walkIndex(filter, options, { maxVisits: budget, admit: search.mayMatch });
      if (walked !== 'over-budget')
        return walked ?? this.scan(this.candidates(filter, search), filter, options);
      const orders = search.materialize();
      if (orders.length > FEW_CANDIDATES) {
        const rewalked = this.walkIndex(filter, options, { admit: orderSet(orders) });
        if (rewalked && rewalked !== 'over-budget') return rewalked;
      }
      return this.scan(this.docsAt(search, orders), filter, options);
    }
    if (search) return this.scan(this.candidates(filter, search), filter, options);
    const walked = this.walkIndex(filter, options);
    if (walked && walked !== 'over-budget') return walked;
    return this.scan(this.candidates(filter), filter, options);
  }

  private scan(source: Doc[], filter: Filter, options: Omit<FindOptions, 'projection'>): Doc[] {
    if (!options.sort || Object.keys(options.sort).length === 0) {
      const q = matcherOf(filter);
      if (q.simple) {
        const matched = source.filter((d) => q.test(d));
        const from = options.skip ?? 0;
        return options.limit ? matched.slice(from, from + options.limit) : matched.slice(from);
      }
    }
    const cursor = mingoFind(source, filter);
    if (options.sort && Object.keys(options.sort).length > 0) cursor.sort(options.sort);
    if (options.skip) cursor.skip(options.skip);
    if (options.limit) cursor.limit(options.limit);
    return cursor.all() as Doc[];
  }

  /** The substring-index lookup with the fewest candidates among the filter's plain-text regexes. */
  private search(filter: Filter): Lookup | undefined {
    let best: Lookup | undefined;
    for (const idx of this.indexes.values()) {
      if (!idx.text) continue;
      for (const literal of requiredLiterals(filter, idx.text.field)) {
        const lookup = idx.text.lookup(literal);
        if (lookup && (!best || lookup.estimate < best.estimate)) best = lookup;
      }
    }
    return best;
  }

  /** Stored documents at the given natural-order numbers (ascending), i.e. in natural order. */
  private docsAt(search: Lookup, orders: number[]): Doc[] {
    const out: Doc[] = [];
    for (const o of orders) {
      const d = this.docs.get(search.index.idAt(o)!);
      if (d) out.push(d);
    }
    return out;
  }

  /**
   * Sorted finds whose filter has an equality on a compound index's first field and whose sort is
   * the index's other keys (all in index direction, or all reversed): walk that index, test the whole
   * filter per document, stop after skip + limit matches. Undefined when no index fits.
   * `admit` is a cheap prefilter tried before the filter; past `maxVisits` entries the walk gives up.
   */
  private walkIndex(
    filter: Filter,
    options: Omit<FindOptions, 'projection'>,
    limits: { maxVisits?: number; admit?: (order: number) => boolean } = {},
  ): Doc[] | 'over-budget' | undefined {
    const sort = Object.entries(options.sort ?? {});
    if (sort.length === 0) return undefined;
    let eq: Map<string, string> | undefined;
    for (const idx of this.indexes.values()) {
      const s = idx.sorted;
      if (!s || s.irregular.size > 0 || s.sortFields.length !== sort.length) continue;
      let forward = true;
      let backward = true;
      for (let i = 0; i < sort.length; i++) {
        const [field, dir] = sort[i]!;
        if (field !== s.sortFields[i]) forward = backward = false;
        else if (dir === s.dirs[i]) backward = false;
        else if (dir === -s.dirs[i]!) forward = false;
        else forward = backward = false;
      }
      if (!forward && !backward) continue;
      if (!eq) {
        eq = new Map();
        for (const c of equalityConstraints(filter)) {
          if (c.values.length === 1 && !eq.has(c.field)) eq.set(c.field, encodeKey(c.values[0])!);
        }
      }
      const key = eq.get(s.prefixField);
      if (key === undefined) continue;
      const q = matcherOf(filter);
      const skip = options.skip ?? 0;
      const limit = options.limit ?? 0;
      const out: Doc[] = [];
      let skipped = 0;
      let visits = limits.maxVisits ?? Infinity;
      const { admit } = limits;
      s.walk(key, !forward, (id, order) => {
        if (--visits < 0) return false;
        if (admit && !admit(order)) return true;
        const d = this.docs.get(id)!;
        if (!q.test(d)) return true;
        if (skipped < skip) skipped++;
        else out.push(d);
        return !(limit > 0 && out.length >= limit);
      });
      return visits < 0 ? 'over-budget' : out;
    }
    return undefined;
  }

  find(filter: Filter, options: FindOptions = {}): Doc[] {
    const { projection, ...rest } = options;
    const docs = cloneDoc(this.select(filter, rest));
    // Projection runs on our copies: mingo's exclusion of nested fields edits the objects it is given.
    if (!projection || Object.keys(projection).length === 0) return docs;
    return mingoFind(docs, {}, projection as Record<string, unknown>).all() as Doc[];
  }

  count(filter: Filter): number {
    const fields = Object.keys(filter);
    if (fields.length === 0) return this.docs.size;
    // {field: scalar}: the size of the index entry, when every document holds one scalar there.
    if (fields.length === 1 && !fields[0]!.startsWith('$')) {
      const [c] = equalityConstraints(filter);
      const bare = filter[fields[0]!];
      if (c && c.values.length === 1 && (isScalar(bare) || Object.keys(bare as object).length === 1)) {
        for (const idx of this.indexes.values()) {
          if (idx.prefilterField !== c.field || idx.notPlain > 0) continue;
          return idx.map.get(encodeKey(c.values[0])!)?.size ?? 0;
        }
      }
    }
    const q = matcherOf(filter);
    let n = 0;
    for (const d of this.candidates(filter)) if (q.test(d)) n++;
    return n;
  }

  /**
   * Leading SAFE_STAGES run on the stored (frozen) documents; everything after
   * them runs on copies, because several mingo stages ($project exclusions, $lookup, $addFields on
   * nested paths) edit the objects they are given. `$lookup` sees copies of the other collection.
   */
  aggregate(pipeline: Record<string, unknown>[]): unknown[] {
    const first = pipeline[0];
    let docs: unknown[] =
      first && isPlainObject(first.$match) ? this.candidates(first.$match) : [...this.docs.values()];
    let safe = 0;
    while (safe < pipeline.length && SAFE_STAGES.has(Object.keys(pipeline[safe]!)[0] ?? '')) safe++;
    if (safe > 0) docs = new Aggregator(pipeline.slice(0, safe), {}).run(docs);
    docs = cloneDoc(docs);
    if (safe === pipeline.length) return docs;
    const agg = new Aggregator(pipeline.slice(safe), {
      collectionResolver: (name: string) => cloneDoc(this.resolve(name)),
    });
    return cloneDoc(agg.run(docs));
  }

  // ---- writes (pure planning: compute changes, nothing applied) -------------------------------

  planInsert(docs: Doc[]): Change[] {
    return docs.map((d) => {
      if (!d || typeof d._id !== 'string' || d._id === '')
        throw new Error('insert: document needs a string _id');
      const next = deepFreeze(normalize(d));
      return { id: next._id, old: undefined, next };
    });
  }

  /** Returns the change for one updated or upserted document, or null when nothing matched. */
  planUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean; many?: boolean } = {},
  ): { changes: Change[]; matched: number; upsertedId: string | null; docs: Doc[] } {
    assertOperatorUpdate(update);
    const { $setOnInsert, ...modifier } = update as Record<string, unknown>;
    const q = matcherOf(filter);
    const matches: Doc[] = [];
    for (const d of this.candidates(filter)) {
      if (q.test(d)) {
        matches.push(d);
        if (!options.many) break;
      }
    }
    if (matches.length === 0) {
      if (!options.upsert) return { changes: [], matched: 0, upsertedId: null, docs: [] };
      // _id comes from the filter or $setOnInsert (mingo refuses to $set it), else a fresh one.
      const { _id: seedId, ...seed } = upsertSeed(filter);
      const { _id: insertId, ...onInsert } = isPlainObject($setOnInsert) ? $setOnInsert : {};
      const _id = seedId ?? insertId ?? newId();
      if (typeof _id !== 'string') throw new Error('upsert: _id must be a string');
      const seeded: Record<string, unknown> = { _id };
      if (Object.keys(seed).length > 0) mingoUpdate(seeded, { $set: seed });
      if (Object.keys(onInsert).length > 0) mingoUpdate(seeded, { $set: onInsert });
      if (Object.keys(modifier).length > 0) mingoUpdate(seeded, modifier);
      if (seeded._id !== _id) throw new Error("upsert: the update may not change '_id'");
      const next = deepFreeze(normalize(seeded));
      return {
        changes: [{ id: next._id, old: undefined, next }],
        matched: 0,
        upsertedId: next._id,
        docs: [next],
      };
    }
    const changes: Change[] = [];
    const docs: Doc[] = [];
    for (const old of matches) {
      const draft = cloneDoc(old) as Record<string, unknown>;
      const modified =
        Object.keys(modifier).length > 0
          ? (applySimpleUpdate(draft, modifier) ?? mingoUpdate(draft, modifier, undefined, filter))
          : [];
      if (draft._id !== old._id) {
        throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
      }
      if (modified.length === 0) {
        docs.push(old);
        continue;
      }
      const next = deepFreeze(normalize(draft));
      changes.push({ id: old._id, old, next });
      docs.push(next);
    }
    return { changes, matched: matches.length, upsertedId: null, docs };
  }

  planDelete(filter: Filter, many: boolean): Change[] {
    const q = matcherOf(filter);
    const out: Change[] = [];
    for (const d of this.candidates(filter)) {
      if (q.test(d)) {
        out.push({ id: d._id, old: d, next: undefined });
        if (!many) break;
      }
    }
    return out;
  }

  /** Throws DuplicateKeyError if applying `changes` would violate `_id` or a unique index. */
  checkUnique(changes: Change[]): void {
    const touched = new Set(changes.map((c) => c.id));
    const seenIds = new Set<string>();
    for (const c of changes) {
      if (!c.next) continue;
      if (seenIds.has(c.id) || (!c.old && this.docs.has(c.id)))
        throw new DuplicateKeyError(this.name, '_id_');
      seenIds.add(c.id);
    }
    for (const idx of this.indexes.values()) {
      if (!idx.def.unique) continue;
      const batch = new Map<string, string>();
      for (const c of changes) {
        if (!c.next) continue;
        for (const key of idx.keysOf(c.next)) {
          const prev = batch.get(key);
          if (prev !== undefined && prev !== c.id) throw new DuplicateKeyError(this.name, idx.def.name);
          batch.set(key, c.id);
          const existing = idx.map.get(key);
          if (existing) {
            for (const id of existing) {
              if (!touched.has(id)) throw new DuplicateKeyError(this.name, idx.def.name);
            }
          }
        }
      }
    }
  }

  /** Applies already-checked changes (also used by recovery, where puts may replace). */
  apply(changes: Change[]): void {
    for (const c of changes) {
      const old = c.old ?? this.docs.get(c.id);
      if (!old && !c.next) continue;
      if (!old) this.order.set(c.id, this.nextOrder++);
      const order = this.order.get(c.id)!;
      for (const idx of this.indexes.values()) {
        if (old && c.next) idx.replace(old, c.next, order);
        else if (old) idx.remove(old, order);
        else idx.add(c.next!, order);
      }
      if (c.next) {
        this.docs.set(c.id, c.next);
      } else {
        this.docs.delete(c.id);
        this.order.delete(c.id);
      }
    }
  }

  /** Returns true when a new index was built; throws DuplicateKeyError if existing data violates it. */
  addIndex(spec: IndexSpec): IndexDef | null {
    const def: IndexDef = {
      name: spec.name ?? indexName(spec.keys) + (spec.kind ? `_${spec.kind}` : ''),
      keys: { ...spec.keys },
      unique: !!spec.unique,
    };
    if (spec.kind) {
      if (Object.keys(def.keys).length !== 1 || def.unique)
        throw new Error(`a ${spec.kind} index has one key and is not unique`);
      def.kind = spec.kind;
    }
    const existing = this.indexes.get(def.name);
    if (existing) {
      if (
        JSON.stringify(existing.def.keys) !== JSON.stringify(def.keys) ||
        existing.def.unique !== def.unique ||
        existing.def.kind !== def.kind
      ) {
        throw new Error(`index ${def.name} already exists with different options`);
      }
      return null;
    }
    const idx = new IndexState(def);
    for (const d of this.docs.values()) {
      if (def.unique) {
        for (const k of idx.keysOf(d)) {
          const set = idx.map.get(k);
          if (set && !set.has(d._id)) throw new DuplicateKeyError(this.name, def.name);
        }
      }
      idx.add(d, this.order.get(d._id)!);
    }
    this.indexes.set(def.name, idx);
    return def;
  }
}
