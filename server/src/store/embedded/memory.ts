/**
 * In-memory state of one embedded collection: frozen documents by `_id`, plus the declared indexes
 * (used for unique constraints, as an equality prefilter, and — for compound indexes — walked in
 * sort order, see sorted-index.ts; substring indexes serve plain-text title search, see text-index.ts).
 * Matching, updating, projecting and aggregating are done by `mingo`; planner.ts decides which
 * documents mingo looks at, and in which order. This file holds reads' copying and the write plans.
 */
import { Aggregator, find as mingoFind, update as mingoUpdate } from 'mingo';
import { newId } from '../ids.js';
import { DuplicateKeyError, indexNameOf } from '../port.js';
import type { Doc, Filter, FindOptions, IndexSpec, Sort, Update } from '../port.js';
import { applySimpleUpdate, matcherOf } from './fast-paths.js';
import { IndexState, type IndexDef } from './index-state.js';
import {
  cloneDoc,
  deepFreeze,
  encodeKey,
  equalityConstraints,
  inclusionFields,
  isPlainObject,
  isScalar,
  normalize,
  pick,
  pickInOrder,
  topLevelInclusion,
  upsertSeed,
} from './keys.js';
import { IndexedDocs } from './planner.js';
import { spilledCopy, type TextLoc } from './spill.js';

export type { IndexDef } from './index-state.js';
export { deepFreeze, normalize, pathValues } from './keys.js';

/** One document change of a write; `old`/`next` undefined mean insert/delete. */
export interface Change {
  id: string;
  old: Doc | undefined;
  next: Doc | undefined;
}

export function assertOperatorUpdate(update: Update): void {
  const keys = Object.keys(update);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
    throw new Error('Update document requires atomic operators');
  }
}

/**
 * Aggregation stages that never edit their input documents (they select, reorder, or build new
 * objects); a pipeline's leading run of them works on stored documents without copying them all.
 */
const SAFE_STAGES = new Set(['$match', '$sort', '$skip', '$limit', '$group', '$count']);

export class MemCollection extends IndexedDocs {
  constructor(
    readonly name: string,
    private readonly resolve: (name: string) => Doc[],
  ) {
    super();
  }

  /** First fields of index keys: their values stay in the heap (spill.ts). */
  private readonly indexedFields = new Set<string>();
  /** Fields whose long strings stay in memory: `_id` and indexed ones. */
  readonly keep = (field: string): boolean => field === '_id' || this.indexedFields.has(field);

  /** Leaves the long strings at `locs` on disk, unless `doc` was replaced or deleted meanwhile. */
  spill(doc: Doc, locs: Map<string, TextLoc>): void {
    if (this.docs.get(doc._id) === doc) this.docs.set(doc._id, spilledCopy(doc, locs));
  }

  // ---- reads ----------------------------------------------------------------------------------

  find(filter: Filter, options: FindOptions = {}): Doc[] {
    const { projection, ...rest } = options;
    const selected = this.select(filter, rest);
    // An inclusion projection copies only the top-level fields it names, so texts left on disk
    // (spill.ts) are read only when asked for.
    // Top-level fields only (every list's cards): picked here in mingo's order, a fraction of its cost.
    const ordered = topLevelInclusion(projection);
    if (ordered) return cloneDoc(selected.map((d) => pickInOrder(d, ordered)));
    const only = inclusionFields(projection);
    const docs = cloneDoc(only ? selected.map((d) => pick(d, only)) : selected);
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
    const second = pipeline[1];
    let docs: unknown[];
    let stages = pipeline;
    if (first && isPlainObject(first.$match) && second && isPlainObject(second.$sort)) {
      // $match then $sort is a sorted find: it may walk an index (only a date range's part of it).
      docs = this.select(first.$match, { sort: second.$sort as Sort });
      stages = pipeline.slice(2);
    } else {
      docs = first && isPlainObject(first.$match) ? this.candidates(first.$match) : [...this.docs.values()];
    }
    let safe = 0;
    while (safe < stages.length && SAFE_STAGES.has(Object.keys(stages[safe]!)[0] ?? '')) safe++;
    if (safe > 0) docs = new Aggregator(stages.slice(0, safe), {}).run(docs);
    docs = cloneDoc(docs);
    if (safe === stages.length) return docs;
    const agg = new Aggregator(stages.slice(safe), {
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
      // The view history's and reading signals' first counter of a day is such an upsert: the fast
      // path first, mingo for what it leaves.
      const apply = (m: Record<string, unknown>) => applySimpleUpdate(seeded, m) ?? mingoUpdate(seeded, m);
      if (Object.keys(seed).length > 0) apply({ $set: seed });
      if (Object.keys(onInsert).length > 0) apply({ $set: onInsert });
      if (Object.keys(modifier).length > 0) apply(modifier);
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

  indexNames(): string[] {
    return [...this.indexes.keys()];
  }

  /** Removes the index named `name`; false when there is none. */
  dropIndex(name: string): boolean {
    if (!this.indexes.delete(name)) return false;
    this.indexedFields.clear();
    for (const idx of this.indexes.values()) {
      for (const key of Object.keys(idx.def.keys)) this.indexedFields.add(key.split('.')[0]!);
    }
    return true;
  }

  /** Returns true when a new index was built; throws DuplicateKeyError if existing data violates it. */
  addIndex(spec: IndexSpec): IndexDef | null {
    const def: IndexDef = {
      name: indexNameOf(spec),
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
    for (const key of Object.keys(def.keys)) this.indexedFields.add(key.split('.')[0]!);
    return def;
  }
}
