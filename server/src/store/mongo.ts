/**
 * The MongoDB engine: a thin adapter over the official driver. `_id`s are our 24-hex strings
 * (never ObjectIds); upserts get a fresh string id; E11000 becomes DuplicateKeyError.
 */
import { MongoClient, type Collection as DriverCollection, type Db, type Document } from 'mongodb';
import { retryAborted } from './aborted-write.js';
import { duplicateKeyIndex, isDuplicateKeyError } from './duplicate-key.js';
import { fold, requiredLiterals } from './embedded/text-query.js';
import { newId } from './ids.js';
import {
  DuplicateKeyError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  indexNameOf,
  type IndexSpec,
  type Store,
  type Update,
  type UpdateResult,
} from './port.js';

type AnyDoc = Document & { _id: string };

/**
 * Longest a read may run on the server (maxTimeMS): a query that lost its index answers an error
 * instead of holding a connection and the request behind it.
 */
export const QUERY_TIME_LIMIT_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
const timed = { maxTimeMS: QUERY_TIME_LIMIT_MS } as const;

async function mapErrors<T>(collection: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isDuplicateKeyError(err)) throw new DuplicateKeyError(collection, duplicateKeyIndex(err));
    throw err;
  }
}

/**
 * Title search without a collection scan (docs/decisions/search-index.md): each field with a
 * 'substring' index keeps a hidden array of its folded trigrams beside it (`_grams_<field>`), under a
 * multikey index named like the embedded engine's (`<field>_1_substring`). A search for a literal of
 * three or more ASCII characters adds `{_grams_<field>: {$all: <its trigrams>}}` to the filter: the
 * index finds the candidates and the regex, kept, decides. Readers never see the array.
 */
export const gramsField = (field: string): string => `_grams_${field}`;

/** The distinct trigrams of a value, folded as the embedded engine folds (embedded/text-query.ts). */
export function gramsOf(value: string): string[] {
  const folded = fold(value);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= folded.length; i++) grams.add(folded.slice(i, i + 3));
  return [...grams];
}

const ASCII = /^[\x20-\x7e]*$/;

/** Upserts without an `_id` in the filter get one of our string ids instead of an ObjectId. */
function withUpsertId(filter: Filter, update: Update, upsert: boolean | undefined): Update {
  if (!upsert || typeof filter._id === 'string') return update;
  const setOnInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  const set = (update.$set ?? {}) as Record<string, unknown>;
  if ('_id' in setOnInsert || '_id' in set) return update;
  return { ...update, $setOnInsert: { _id: newId(), ...setOnInsert } };
}

class MongoCollection implements Collection<Doc> {
  private readonly c: DriverCollection<AnyDoc>;
  constructor(
    db: Db,
    private readonly name: string,
    /** Fields with a 'substring' index (their trigram arrays are kept beside them). */
    private readonly substring: string[] = [],
  ) {
    this.c = db.collection<AnyDoc>(name);
  }

  /** The caller's projection, hiding the trigram arrays unless it already names what to include. */
  private hidden(projection: FindOptions['projection']): FindOptions['projection'] {
    if (this.substring.length === 0) return projection;
    const inclusive = projection && Object.entries(projection).some(([k, v]) => k !== '_id' && v === 1);
    if (inclusive) return projection;
    return { ...projection, ...Object.fromEntries(this.substring.map((f) => [gramsField(f), 0])) };
  }

  /** A search of a substring-indexed field also asks for its trigrams, so the index serves it. */
  private searched(filter: Filter): Filter {
    const required: Filter[] = [];
    for (const field of this.substring) {
      const grams = requiredLiterals(filter, field)
        .filter((literal) => literal.length >= 3 && ASCII.test(literal))
        .flatMap(gramsOf);
      if (grams.length) required.push({ [gramsField(field)]: { $all: [...new Set(grams)] } });
    }
    return required.length ? { $and: [filter, ...required] } : filter;
  }

  private withGrams(doc: Doc): Doc {
    const out: Doc = { ...doc };
    for (const field of this.substring) {
      const value = doc[field];
      if (typeof value === 'string') out[gramsField(field)] = gramsOf(value);
    }
    return out;
  }

  /** An update that sets or unsets a substring-indexed field does the same to its trigrams. */
  private updatedGrams(update: Update): Update {
    if (this.substring.length === 0) return update;
    let out = update;
    for (const op of ['$set', '$setOnInsert'] as const) {
      const part = update[op] as Record<string, unknown> | undefined;
      if (!part) continue;
      for (const field of this.substring) {
        const value = part[field];
        if (typeof value === 'string') {
          out = { ...out, [op]: { ...(out[op] as object), [gramsField(field)]: gramsOf(value) } };
        }
      }
    }
    const unset = update.$unset as Record<string, unknown> | undefined;
    for (const field of this.substring) {
      if (unset && field in unset)
        out = { ...out, $unset: { ...(out.$unset as object), [gramsField(field)]: '' } };
    }
    return out;
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Doc | null> {
    return (await this.c.findOne(this.searched(filter), {
      projection: this.hidden(options.projection),
      sort: options.sort,
      ...timed,
    })) as Doc | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    let cursor = this.c.find(this.searched(filter), {
      projection: this.hidden(options.projection),
      ...timed,
    });
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as Doc[];
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.c.countDocuments(this.searched(filter), timed);
  }

  async insertOne(doc: Doc): Promise<void> {
    // A single-document write the server aborted for a conflict is sent again (store/aborted-write.ts);
    // a write of many documents is not, since part of it may have been applied.
    await mapErrors(this.name, () => retryAborted(() => this.c.insertOne(this.withGrams(doc) as AnyDoc)));
  }

  async insertMany(docs: Doc[]): Promise<void> {
    if (docs.length === 0) return;
    await mapErrors(this.name, () => this.c.insertMany(docs.map((d) => this.withGrams(d) as AnyDoc)));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const r = await mapErrors(this.name, () =>
      retryAborted(() =>
        this.c.updateOne(filter, withUpsertId(filter, this.updatedGrams(update), options.upsert), {
          upsert: !!options.upsert,
        }),
      ),
    );
    return {
      matchedCount: r.matchedCount,
      modifiedCount: r.modifiedCount,
      upsertedId: r.upsertedId == null ? null : String(r.upsertedId),
    };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean } = {},
  ): Promise<Doc | null> {
    const r = await mapErrors(this.name, () =>
      retryAborted(() =>
        this.c.findOneAndUpdate(filter, withUpsertId(filter, this.updatedGrams(update), options.upsert), {
          upsert: !!options.upsert,
          returnDocument: 'after',
          ...timed,
        }),
      ),
    );
    // Stripped here, not by a projection: FerretDB's findAndModify takes none.
    if (r) for (const field of this.substring) delete r[gramsField(field)];
    return r as Doc | null;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const r = await mapErrors(this.name, () => this.c.updateMany(filter, this.updatedGrams(update)));
    return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const r = await retryAborted(() => this.c.deleteOne(filter));
    return { deletedCount: r.deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const r = await this.c.deleteMany(filter);
    return { deletedCount: r.deletedCount };
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    const hide = this.substring.length ? [{ $project: this.hidden(undefined) }] : [];
    return (await this.c.aggregate([...pipeline, ...hide], timed).toArray()) as R[];
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    if (spec.kind === 'substring') return this.createSubstringIndex(spec);
    await mapErrors(this.name, () =>
      this.c.createIndex(spec.keys, { unique: !!spec.unique, ...(spec.name ? { name: spec.name } : {}) }),
    );
  }

  /**
   * The multikey index of one field's trigrams, after writing the trigrams of every document that
   * lacks them (documents written before the index existed; the migration step, once).
   */
  private async createSubstringIndex(spec: IndexSpec): Promise<void> {
    const [field] = Object.keys(spec.keys);
    if (!field) return;
    // Declared to the store when it opens (every process keeps the trigrams); else from now on here.
    if (!this.substring.includes(field)) this.substring.push(field);
    const grams = gramsField(field);
    for (;;) {
      const batch = await this.c
        .find({ [grams]: { $exists: false }, [field]: { $type: 'string' } }, { projection: { [field]: 1 } })
        .limit(500)
        .toArray();
      if (batch.length === 0) break;
      await this.c.bulkWrite(
        batch.map((doc) => ({
          updateOne: {
            filter: { _id: doc._id, [field]: doc[field] },
            update: { $set: { [grams]: gramsOf(String(doc[field])) } },
          },
        })),
      );
    }
    await mapErrors(this.name, () => this.c.createIndex({ [grams]: 1 }, { name: indexNameOf(spec) }));
  }

  async indexNames(): Promise<string[]> {
    // A collection not created yet has no indexes (listIndexes answers NamespaceNotFound).
    const indexes = await this.c.indexes().catch(() => []);
    return indexes.map((i) => i.name!).filter((name) => name !== '_id_');
  }

  async dropIndex(name: string): Promise<void> {
    if (!(await this.indexNames()).includes(name)) return;
    await mapErrors(this.name, () => this.c.dropIndex(name));
  }
}

export class MongoStore implements Store {
  readonly kind = 'mongodb' as const;
  private readonly colls = new Map<string, MongoCollection>();
  private closed: Promise<void> | null = null;

  constructor(
    private readonly client: MongoClient,
    readonly db: Db,
    /** Per collection, the fields with a 'substring' index (store/index.ts declares them). */
    private readonly substring: Readonly<Record<string, readonly string[]>> = {},
  ) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let c = this.colls.get(name);
    if (!c) this.colls.set(name, (c = new MongoCollection(this.db, name, [...(this.substring[name] ?? [])])));
    return c as unknown as Collection<T>;
  }

  /**
   * A write acknowledged with {w: 'majority', j: true} is acknowledged only once the majority commit
   * point has passed it, and that point moves in oplog order, so every write the primary accepted
   * before it is then majority-committed and journaled too. See docs/decisions/durable-before-answering.md.
   */
  async waitDurable(): Promise<void> {
    await this.db
      .collection<{ _id: string; n: number }>('_durability')
      .updateOne(
        { _id: 'barrier' },
        { $inc: { n: 1 } },
        { upsert: true, writeConcern: { w: 'majority', j: true } },
      );
  }

  /** A round trip to the primary, bounded so that a health check answers while the database does not. */
  async ping(): Promise<void> {
    await this.db.command({ ping: 1 }, { timeoutMS: PING_TIMEOUT_MS });
  }

  close(): Promise<void> {
    this.closed ??= this.client.close();
    return this.closed;
  }
}

export async function openMongoStore(options: {
  uri: string;
  dbName: string;
  /** Per collection, the fields with a 'substring' index (store/index.ts: substringFields()). */
  substring?: Readonly<Record<string, readonly string[]>>;
}): Promise<MongoStore> {
  // ignoreUndefined: `{a: undefined}` leaves `a` out, as on the embedded engine (JSON), instead of storing null.
  // Reads from the primary: an answer never lags a write this API acknowledged.
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: 10_000,
    ignoreUndefined: true,
    readPreference: 'primary',
  });
  await client.connect();
  const db = client.db(options.dbName);
  await db.command({ ping: 1 });
  return new MongoStore(client, db, options.substring);
}
