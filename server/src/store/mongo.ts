/**
 * The MongoDB engine: a thin adapter over the official driver. `_id`s are our 24-hex strings
 * (never ObjectIds); upserts get a fresh string id; E11000 becomes DuplicateKeyError.
 */
import { MongoClient, type Collection as DriverCollection, type Db, type Document } from 'mongodb';
import { newId } from './ids.js';
import {
  DuplicateKeyError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
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

function isDuplicate(err: unknown): err is { code?: number; message?: string; writeErrors?: unknown } {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; writeErrors?: { code?: unknown }[] };
  return (
    e.code === 11000 ||
    (Array.isArray(e.writeErrors) && e.writeErrors.some((w) => w?.code === 11000)) ||
    // FerretDB 1.x on SQLite refuses a unique index over duplicate data as an InternalError.
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

function duplicateIndex(err: unknown): string {
  const msg = String((err as { message?: unknown }).message ?? '');
  return /index: (\S+) dup key/.exec(msg)?.[1] ?? 'unknown';
}

async function mapErrors<T>(collection: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isDuplicate(err)) throw new DuplicateKeyError(collection, duplicateIndex(err));
    throw err;
  }
}

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
  ) {
    this.c = db.collection<AnyDoc>(name);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Doc | null> {
    return (await this.c.findOne(filter, {
      projection: options.projection,
      sort: options.sort,
      ...timed,
    })) as Doc | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    let cursor = this.c.find(filter, { projection: options.projection, ...timed });
    if (options.sort && Object.keys(options.sort).length > 0) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as Doc[];
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.c.countDocuments(filter, timed);
  }

  async insertOne(doc: Doc): Promise<void> {
    await mapErrors(this.name, () => this.c.insertOne({ ...doc }));
  }

  async insertMany(docs: Doc[]): Promise<void> {
    if (docs.length === 0) return;
    await mapErrors(this.name, () => this.c.insertMany(docs.map((d) => ({ ...d }))));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const r = await mapErrors(this.name, () =>
      this.c.updateOne(filter, withUpsertId(filter, update, options.upsert), { upsert: !!options.upsert }),
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
      this.c.findOneAndUpdate(filter, withUpsertId(filter, update, options.upsert), {
        upsert: !!options.upsert,
        returnDocument: 'after',
        ...timed,
      }),
    );
    return r as Doc | null;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const r = await mapErrors(this.name, () => this.c.updateMany(filter, update));
    return { matchedCount: r.matchedCount, modifiedCount: r.modifiedCount, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const r = await this.c.deleteOne(filter);
    return { deletedCount: r.deletedCount };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    const r = await this.c.deleteMany(filter);
    return { deletedCount: r.deletedCount };
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return (await this.c.aggregate(pipeline, timed).toArray()) as R[];
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    // No substring index type here: the search filter runs as a regex (docs/decisions/search-index.md).
    if (spec.kind === 'substring') return;
    await mapErrors(this.name, () =>
      this.c.createIndex(spec.keys, { unique: !!spec.unique, ...(spec.name ? { name: spec.name } : {}) }),
    );
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
  ) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    let c = this.colls.get(name);
    if (!c) this.colls.set(name, (c = new MongoCollection(this.db, name)));
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

export async function openMongoStore(options: { uri: string; dbName: string }): Promise<MongoStore> {
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
  return new MongoStore(client, db);
}
