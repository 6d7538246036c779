import type { Doc } from '../port.js';
import { compareValues, docKeys, sortValue, type SortValue } from './keys.js';

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
export class SortedIndex {
  readonly prefixField: string;
  readonly sortFields: string[];
  readonly dirs: (1 | -1)[];
  readonly buckets = new Map<string, Bucket>();
  /** A document's entry, or its entries when its prefix field holds several values. */
  readonly byId = new Map<string, SortEntry | SortEntry[]>();
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
    // Arrays sized exactly: `push` onto [] reserves room for 17, a few hundred bytes per document.
    const vals = new Array<SortValue>(this.sortFields.length);
    for (let i = 0; i < vals.length; i++) {
      const v = sortValue(doc, this.sortFields[i]!);
      if (v === undefined) {
        this.irregular.add(doc._id);
        return;
      }
      vals[i] = v;
    }
    const keys = docKeys(doc, [this.prefixField]);
    const mine = new Array<SortEntry>(keys.length);
    for (const [k, key] of keys.entries()) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = { key, list: [], dirty: false, dead: 0, moved: 0 }));
      const entry: SortEntry = { id: doc._id, order, vals, bucket, dead: false };
      mine[k] = entry;
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
    this.byId.set(doc._id, mine.length === 1 ? mine[0]! : mine);
  }

  remove(id: string): void {
    if (this.irregular.delete(id)) return;
    const found = this.byId.get(id);
    if (!found) return;
    this.byId.delete(id);
    for (const e of Array.isArray(found) ? found : [found]) {
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

  /**
   * Calls `visit` with the entries under prefix `key` in index order (or reversed); stops on `false`.
   * With `range`, only the entries whose first sort value may lie in it (found by binary search, so a
   * date range costs its own entries, not the bucket's).
   */
  walk(
    key: string,
    reverse: boolean,
    visit: (id: string, order: number) => boolean,
    range?: FirstKeyRange,
  ): void {
    const b = this.ready(key);
    if (!b) return;
    const list = b.list;
    const [from, to] = range ? this.slice(list, range) : [0, list.length];
    if (!reverse) {
      for (let k = from; k < to; k++) if (!list[k]!.dead && !visit(list[k]!.id, list[k]!.order)) return;
      return;
    }
    // Reverse by runs of equal keys, each run still in natural order (stable-sort tie-break).
    let i = to - 1;
    while (i >= from) {
      let j = i;
      while (j > from && this.sameVals(list[j - 1]!, list[i]!)) j--;
      for (let k = j; k <= i; k++) if (!list[k]!.dead && !visit(list[k]!.id, list[k]!.order)) return;
      i = j - 1;
    }
  }

  /**
   * The part [from, to) of a sorted list whose first sort value is within `range`. The list orders that
   * value by compareValues (mingo's type order, then value) in the key's direction, so the entries
   * below the range, within it and above it are three runs; an entry outside cannot match the range.
   */
  private slice(list: SortEntry[], range: FirstKeyRange): [number, number] {
    const { lo, hi } = range;
    const below = (e: SortEntry) => {
      if (!lo) return false;
      const c = compareValues(e.vals[0]!, lo.value);
      return c < 0 || (c === 0 && !lo.inclusive);
    };
    const above = (e: SortEntry) => {
      if (!hi) return false;
      const c = compareValues(e.vals[0]!, hi.value);
      return c > 0 || (c === 0 && !hi.inclusive);
    };
    const [first, last] = this.dirs[0] === 1 ? [below, above] : [above, below];
    const from = partitionPoint(list, 0, first);
    const to = partitionPoint(list, from, (e) => !last(e));
    return [from, to];
  }
}

/** Bounds on a sorted index's first sort key, from a filter's $gt/$gte/$lt/$lte (planner.ts). */
export interface FirstKeyRange {
  lo?: { value: string | number; inclusive: boolean };
  hi?: { value: string | number; inclusive: boolean };
}

/** The first index from `start` where `holds` is false, given it holds for a prefix of the list. */
function partitionPoint(list: SortEntry[], start: number, holds: (e: SortEntry) => boolean): number {
  let lo = start;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
