/**
 * Query planning for one embedded collection: which stored documents mingo looks at, and in which
 * order (the `_id` map, an equality index, a sorted index walk or a substring index lookup).
 */
import { find as mingoFind } from 'mingo';
import type { Doc, Filter, FindOptions } from '../port.js';
import { matcherOf } from './fast-paths.js';
import type { IndexState } from './index-state.js';
import { encodeKey, equalityConstraints, rangeOf } from './keys.js';
import { orderSet, type Lookup } from './text-index.js';
import { requiredLiterals } from './text-query.js';

/** Substring candidates up to this many are tested directly rather than walked in sort order. */
const FEW_CANDIDATES = 1024;
/** Index entries a sorted walk may step over (plus the search's estimate) before intersecting instead. */
const WALK_VISITS_MIN = 1024;

/** Stored (frozen) documents by `_id` with their indexes, and the read plans over them. */
export class IndexedDocs {
  readonly docs = new Map<string, Doc>();
  readonly indexes = new Map<string, IndexState>();

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
  protected readonly order = new Map<string, number>();
  protected nextOrder = 0;

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
   * the index's other keys (all in index direction, or all reversed): walk that index (only the part a
   * range on the second field allows), test the whole filter per document, stop after skip + limit
   * matches. Undefined when no index fits.
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
      s.walk(
        key,
        !forward,
        (id, order) => {
          if (--visits < 0) return false;
          if (admit && !admit(order)) return true;
          const d = this.docs.get(id)!;
          if (!q.test(d)) return true;
          if (skipped < skip) skipped++;
          else out.push(d);
          return !(limit > 0 && out.length >= limit);
        },
        // A range on the first sort key (a date range) walks only its part of the index.
        rangeOf(filter, s.sortFields[0]!),
      );
      return visits < 0 ? 'over-budget' : out;
    }
    return undefined;
  }
}
