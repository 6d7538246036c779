/**
 * Long strings kept on disk instead of in the heap (docs/decisions/embedded-store-memory.md).
 *
 * Every document is already written, as JSON, to a journal or snapshot file before its write is
 * acknowledged. Once it is there, a long top-level string of the stored (frozen) document is replaced
 * by an enumerable getter that reads the string's JSON literal back from that file: the document
 * still looks and clones like plain JSON to every reader (mingo, structuredClone, spread), but the
 * text is only in memory while something reads it. A small LRU keeps the texts read last.
 */
import fs from 'node:fs';
import type { Doc } from '../port.js';

/** Top-level strings at least this long move out of the heap (a location costs about 100 bytes). */
export const SPILL_MIN_CHARS = 256;
/** Characters of recently read texts kept in memory. */
const CACHE_CHARS = 4 * 1024 * 1024;

/** One journal or snapshot file open for reading (an unlinked file stays readable). */
export class Segment {
  private fd: number;
  /** Opened now, so that a later rename or unlink of `file` cannot change what it reads. */
  constructor(readonly file: string) {
    this.fd = fs.openSync(file, 'r');
  }

  read(offset: number, length: number): string {
    if (this.fd < 0) throw new Error(`embedded store: ${this.file} was closed`);
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = fs.readSync(this.fd, buf, done, length - done, offset + done);
      if (n === 0) throw new Error(`embedded store: ${this.file} ends before byte ${offset + length}`);
      done += n;
    }
    return JSON.parse(buf.toString('utf8')) as string;
  }

  close(): void {
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
  }
}

/** Where one string's JSON literal lies; moved (in place) when a snapshot rewrites it elsewhere. */
export class TextLoc {
  constructor(
    public seg: Segment,
    public offset: number,
    public length: number,
  ) {}
}

const cache = new Map<TextLoc, string>();
let cachedChars = 0;
let caching = true;

function readLoc(loc: TextLoc): string {
  const hit = cache.get(loc);
  if (hit !== undefined) {
    cache.delete(loc);
    cache.set(loc, hit);
    return hit;
  }
  const text = loc.seg.read(loc.offset, loc.length);
  if (caching && text.length <= CACHE_CHARS / 8) {
    cache.set(loc, text);
    cachedChars += text.length;
    for (const [old, t] of cache) {
      if (cachedChars <= CACHE_CHARS) break;
      cache.delete(old);
      cachedChars -= t.length;
    }
  }
  return text;
}

/** Forgets every cached text (tests: make the next reads go to the files). */
export function dropCachedTexts(): void {
  cache.clear();
  cachedChars = 0;
}

/** Runs `fn` without filling the cache (a snapshot reads every text once). */
export function withoutCaching<T>(fn: () => T): T {
  caching = false;
  try {
    return fn();
  } finally {
    caching = true;
  }
}

const locKeys = new Map<string, symbol>();
const getters = new Map<string, (this: Doc) => string>();

function locKey(field: string): symbol {
  let key = locKeys.get(field);
  if (!key) locKeys.set(field, (key = Symbol(`spilled ${field}`)));
  return key;
}

function getterOf(field: string): (this: Doc) => string {
  let get = getters.get(field);
  if (!get) {
    const key = locKey(field);
    get = function (this: Doc) {
      return readLoc((this as unknown as Record<symbol, TextLoc>)[key]!);
    };
    getters.set(field, get);
  }
  return get;
}

/** The location of `field` when it is on disk in `doc`. */
export function locOf(doc: Doc, field: string): TextLoc | undefined {
  const key = locKeys.get(field);
  return key ? (doc as unknown as Record<symbol, TextLoc | undefined>)[key] : undefined;
}

/**
 * A frozen copy of `doc` whose `locs` fields read from disk; every other property is the same value
 * (nested objects are shared, they are frozen). Key order is kept.
 */
export function spilledCopy(doc: Doc, locs: Map<string, TextLoc>): Doc {
  const out = {} as Record<string | symbol, unknown>;
  for (const field of Object.keys(doc)) {
    const loc = locs.get(field) ?? locOf(doc, field);
    if (loc) {
      Object.defineProperty(out, field, { get: getterOf(field), enumerable: true });
      Object.defineProperty(out, locKey(field), { value: loc });
    } else {
      out[field] = doc[field];
    }
  }
  return Object.freeze(out) as Doc;
}

/** A byte range of an encoded line: the JSON literal of `doc[field]`. */
export interface Span {
  doc: Doc;
  field: string;
  start: number;
  length: number;
}
