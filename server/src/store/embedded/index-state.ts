/** The state of one declared index of a collection: equality sets, plus a sorted or substring index. */
import type { Doc } from '../port.js';
import { docKeys, isPlainAt } from './keys.js';
import { SortedIndex } from './sorted-index.js';
import { SubstringIndex } from './text-index.js';

export interface IndexDef {
  name: string;
  keys: Record<string, 1 | -1>;
  unique: boolean;
  /** 'substring': a trigram index on the single key field (text-index.ts). */
  kind?: 'substring';
}

export class IndexState {
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
