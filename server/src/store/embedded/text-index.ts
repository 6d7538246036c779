/**
 * Substring index of one string field for the embedded engine (docs/decisions/search-index.md).
 *
 * The filter it serves is the engine-neutral `{field: {$regex: <escaped literal>, $options: 'i'}}`.
 * Such a regex matches exactly when the folded value contains the folded literal, where folding maps
 * each UTF-16 unit to its case canonical form as JavaScript regexes do with `i` and without `u` (the
 * way mingo runs `$regex`). So every match holds all trigrams of the folded literal: intersecting
 * their posting lists gives the candidates, and checking each candidate's folded value (kept here)
 * for the folded literal leaves exactly the matches. Literals of one or two units use the postings
 * of every trigram that contains them. The caller still tests the whole filter (status, tags...).
 *
 * Postings are sorted arrays of the collection's natural-order numbers, so results come out in
 * natural order (what a scan would see) and intersections are merges.
 */
import { resolve as mingoResolve } from 'mingo/util';
import type { Doc } from '../port.js';
import { fold } from './text-query.js';

/** The documents of one literal: an upper bound known at once, the exact list built on demand. */
export interface Lookup {
  readonly index: SubstringIndex;
  /** At least as many as `materialize()` returns. */
  readonly estimate: number;
  /**
   * Natural-order numbers (ascending) of the documents whose value contains the literal ignoring
   * case, plus those with irregular values (arrays...), which only the real filter can judge.
   */
  materialize(): number[];
  /** False when the document at `order` cannot match; a few nanoseconds, no document is read. */
  mayMatch(order: number): boolean;
}

const IRREGULAR = Symbol('irregular');
type Indexed = string | typeof IRREGULAR | undefined;

function insertSorted(list: number[], value: number): void {
  const n = list.length;
  if (n === 0 || list[n - 1]! < value) {
    list.push(value);
    return;
  }
  const at = lowerBound(list, value, 0);
  if (list[at] !== value) list.splice(at, 0, value);
}

function removeSorted(list: number[], value: number): void {
  const at = lowerBound(list, value, 0);
  if (list[at] === value) list.splice(at, 1);
}

/** First position in `list` (from `lo`) holding a value >= `value`. */
function lowerBound(list: number[], value: number, lo: number): number {
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted intersection; binary-searches `big` when it is much longer than `small`, else merges. */
function intersect(small: number[], big: number[]): number[] {
  const out: number[] = [];
  if (big.length > small.length * 16) {
    let lo = 0;
    for (const v of small) {
      lo = lowerBound(big, v, lo);
      if (lo >= big.length) break;
      if (big[lo] === v) out.push(v);
    }
    return out;
  }
  let i = 0;
  let j = 0;
  while (i < small.length && j < big.length) {
    const a = small[i]!;
    const b = big[j]!;
    if (a === b) {
      out.push(a);
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return out;
}

/** A trigram's key: three Latin-1 units packed in a small integer (no allocation), else the string. */
type Gram = number | string;

function gramAt(folded: string, i: number): Gram {
  const a = folded.charCodeAt(i);
  const b = folded.charCodeAt(i + 1);
  const c = folded.charCodeAt(i + 2);
  return (a | b | c) < 256 ? (a << 16) | (b << 8) | c : folded.substring(i, i + 3);
}

function gramText(g: Gram): string {
  return typeof g === 'string' ? g : String.fromCharCode(g >>> 16, (g >>> 8) & 255, g & 255);
}

function trigramsOf(folded: string): Set<Gram> {
  const out = new Set<Gram>();
  for (let i = 0; i + 3 <= folded.length; i++) out.add(gramAt(folded, i));
  return out;
}

export class SubstringIndex {
  /** Folded trigram → natural-order numbers of the documents whose value holds it. */
  private readonly postings = new Map<Gram, number[]>();
  /** One- and two-unit folded strings → the trigrams in `postings` that contain them. */
  private readonly trigramsByGram = new Map<string, Set<Gram>>();
  /** Documents whose folded value has one or two units (no trigram). */
  private readonly short: number[] = [];
  /** Documents whose value is neither a string nor missing/null (arrays...): always candidates. */
  private readonly irregular: number[] = [];
  /** By natural-order number: the folded value (null: irregular), and the document's _id. */
  private readonly folded: (string | null | undefined)[] = [];
  private readonly ids: (string | undefined)[] = [];
  private readonly dotted: boolean;

  constructor(readonly field: string) {
    this.dotted = field.includes('.');
  }

  idAt(order: number): string | undefined {
    return this.ids[order];
  }

  private valueOf(doc: Doc): Indexed {
    const v: unknown = this.dotted ? mingoResolve(doc, this.field) : doc[this.field];
    if (typeof v === 'string') return v;
    return v === undefined || v === null ? undefined : IRREGULAR;
  }

  add(doc: Doc, order: number): void {
    this.insert(this.valueOf(doc), doc._id, order);
  }

  remove(doc: Doc, order: number): void {
    this.delete(this.valueOf(doc), order);
  }

  /** An update: nothing to do unless the indexed value changed (status and view changes are free). */
  replace(old: Doc, next: Doc, order: number): void {
    const before = this.valueOf(old);
    const after = this.valueOf(next);
    if (before === after) return;
    this.delete(before, order);
    this.insert(after, next._id, order);
  }

  private insert(value: Indexed, id: string, order: number): void {
    if (value === undefined || value === '') return;
    this.ids[order] = id;
    if (value === IRREGULAR) {
      this.folded[order] = null;
      return insertSorted(this.irregular, order);
    }
    const folded = fold(value);
    this.folded[order] = folded;
    if (folded.length < 3) return insertSorted(this.short, order);
    // A trigram seen twice in one value meets its own order at the end of the list: no duplicate.
    for (let i = 0; i + 3 <= folded.length; i++) {
      const t = gramAt(folded, i);
      let list = this.postings.get(t);
      if (!list) {
        this.postings.set(t, (list = []));
        const text = gramText(t);
        for (const g of [text[0]!, text[1]!, text[2]!, text.slice(0, 2), text.slice(1)]) {
          let set = this.trigramsByGram.get(g);
          if (!set) this.trigramsByGram.set(g, (set = new Set()));
          set.add(t);
        }
      }
      insertSorted(list, order);
    }
  }

  private delete(value: Indexed, order: number): void {
    if (value === undefined || value === '') return;
    this.ids[order] = undefined;
    this.folded[order] = undefined;
    if (value === IRREGULAR) return removeSorted(this.irregular, order);
    const folded = fold(value);
    if (folded.length < 3) return removeSorted(this.short, order);
    for (const t of trigramsOf(folded)) {
      const list = this.postings.get(t);
      if (!list) continue;
      removeSorted(list, order);
      if (list.length > 0) continue;
      this.postings.delete(t);
      const text = gramText(t);
      for (const g of [text[0]!, text[1]!, text[2]!, text.slice(0, 2), text.slice(1)]) {
        const set = this.trigramsByGram.get(g);
        if (set?.delete(t) && set.size === 0) this.trigramsByGram.delete(g);
      }
    }
  }

  /** The documents whose value may contain `literal` ignoring case; undefined when any value may (''). */
  lookup(literal: string): Lookup | undefined {
    const q = fold(literal);
    if (q.length === 0) return undefined;
    const folded = this.folded;
    const mayMatch = (order: number): boolean => {
      const f = folded[order];
      return f === null || (f !== undefined && f.includes(q));
    };
    let lists: number[][];
    let estimate: number;
    if (q.length >= 3) {
      lists = [];
      for (const t of trigramsOf(q)) {
        const list = this.postings.get(t);
        // A trigram no value holds: nothing but irregular values can match.
        if (!list) {
          const irregular = this.irregular;
          return { index: this, estimate: irregular.length, materialize: () => irregular.slice(), mayMatch };
        }
        lists.push(list);
      }
      lists.sort((a, b) => a.length - b.length);
      estimate = lists[0]!.length;
    } else {
      // One or two units: a value of three or more units that contains them has a trigram that does.
      lists = [...(this.trigramsByGram.get(q) ?? [])].map((t) => this.postings.get(t)!);
      lists.push(this.short);
      estimate = lists.reduce((n, l) => n + l.length, 0);
    }
    return {
      index: this,
      estimate: estimate + this.irregular.length,
      materialize: () => {
        let candidates: number[];
        if (q.length >= 3) {
          candidates = lists[0]!;
          for (let i = 1; i < lists.length && candidates.length > 0; i++) {
            candidates = intersect(candidates, lists[i]!);
          }
        } else candidates = this.union(lists);
        // The trigrams only say "may contain": keep the values that do, then add the irregular ones.
        const hits = candidates.filter((o) => folded[o]!.includes(q));
        return this.irregular.length === 0 ? hits : this.union([hits, this.irregular]);
      },
      mayMatch,
    };
  }

  /** Sorted distinct union, through a bitmap over natural-order numbers (linear in the input). */
  private union(lists: number[][]): number[] {
    const nonEmpty = lists.filter((l) => l.length > 0);
    if (nonEmpty.length === 0) return [];
    if (nonEmpty.length === 1) return nonEmpty[0]!.slice();
    const bits = new Uint32Array((this.folded.length >>> 5) + 1);
    for (const list of nonEmpty) for (const o of list) bits[o >>> 5]! |= 1 << (o & 31);
    const out: number[] = [];
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        const low = word & -word;
        out.push(w * 32 + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return out;
  }
}

/** Membership test over natural-order numbers (a bitmap), for walks that skip non-candidates cheaply. */
export function orderSet(orders: number[]): (order: number) => boolean {
  const max = orders.length > 0 ? orders[orders.length - 1]! : 0;
  const bits = new Uint32Array((max >>> 5) + 1);
  for (const o of orders) bits[o >>> 5]! |= 1 << (o & 31);
  return (o) => o <= max && (bits[o >>> 5]! & (1 << (o & 31))) !== 0;
}
