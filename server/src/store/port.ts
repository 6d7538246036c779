/**
 * The storage port. Repositories talk only to these interfaces; two engines implement them:
 * the official MongoDB driver (`mongo.ts`) and the embedded durable store (`embedded/`).
 * Filters, updates and pipelines are plain MongoDB documents so the same repository code runs on both.
 *
 * Ids: every document's `_id` is a 24-hex string (made by `newId()`), never an ObjectId, so both
 * engines compare ids the same way and routes can reject malformed ids before any query.
 */
export type Doc = Record<string, unknown> & { _id: string };
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Projection;
}

/** The name an index gets when its spec names none: MongoDB's own (`status_1_createdAt_-1`). */
export function indexNameOf(spec: IndexSpec): string {
  const base = Object.entries(spec.keys)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');
  return spec.name ?? base + (spec.kind ? `_${spec.kind}` : '');
}

export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
  name?: string;
  /**
   * 'substring': serves case-insensitive plain-text search on its one key field, i.e. filters
   * `{field: {$regex: <regex-escaped text>, $options: 'i'}}`. The embedded engine keeps a trigram
   * index; MongoDB has no such index type, so there the regex runs as usual and nothing is created.
   */
  kind?: 'substring';
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedId: string | null;
}

/** Thrown by insertOne/updateOne when a unique index would be violated (both engines). */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
  ) {
    super(`duplicate key in ${collection} (${index})`);
    this.name = 'DuplicateKeyError';
  }
}

export interface Collection<T extends Doc = Doc> {
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection' | 'sort'>): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  countDocuments(filter?: Filter): Promise<number>;
  /** The document must already carry its `_id`. */
  insertOne(doc: T): Promise<void>;
  insertMany(docs: T[]): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  /** Applies the update and returns the document after it, or null when nothing matched. */
  findOneAndUpdate(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<T | null>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>;
  deleteMany(filter: Filter): Promise<{ deletedCount: number }>;
  aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  createIndex(spec: IndexSpec): Promise<void>;
  /** The names of this collection's indexes (never MongoDB's own `_id_`). */
  indexNames(): Promise<string[]>;
  /** Drops the index named `name`; nothing when there is none. */
  dropIndex(name: string): Promise<void>;
}

export interface Store {
  readonly kind: 'embedded' | 'mongodb';
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  /**
   * Resolves once every write this store has accepted so far is durable, including writes whose own
   * callers are still waiting. For answers that rest on another request's write (a duplicate key).
   */
  waitDurable(): Promise<void>;
  /** Resolves when the store answers (GET /health); rejects when it cannot serve requests. */
  ping(): Promise<void>;
  /** Flushes and releases resources; safe to call twice. */
  close(): Promise<void>;
}
