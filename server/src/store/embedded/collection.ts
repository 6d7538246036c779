/** The `Collection` port over one embedded collection: reads from memory, writes through the store. */
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Update, UpdateResult } from '../port.js';
import type { JournalRecord } from './journal.js';
import type { Change, MemCollection } from './memory.js';

/** What a collection needs from its store. */
export interface StoreCore {
  assertOpen(): void;
  /** Checks unique constraints, applies `changes` in memory and resolves once they are on disk. */
  write(coll: MemCollection, changes: Change[]): Promise<void>;
  commit(rec: Omit<JournalRecord, 's'>): Promise<void>;
}

export class EmbeddedCollection implements Collection<Doc> {
  constructor(
    private readonly store: StoreCore,
    private readonly mem: MemCollection,
  ) {}

  async findOne(filter: Filter, options: Pick<FindOptions, 'projection' | 'sort'> = {}): Promise<Doc | null> {
    this.store.assertOpen();
    return this.mem.find(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Doc[]> {
    this.store.assertOpen();
    return this.mem.find(filter, options);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    this.store.assertOpen();
    return this.mem.count(filter);
  }

  async insertOne(doc: Doc): Promise<void> {
    this.store.assertOpen();
    await this.store.write(this.mem, this.mem.planInsert([doc]));
  }

  async insertMany(docs: Doc[]): Promise<void> {
    this.store.assertOpen();
    await this.store.write(this.mem, this.mem.planInsert(docs));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    this.store.assertOpen();
    const plan = this.mem.planUpdate(filter, update, { upsert: options.upsert });
    await this.store.write(this.mem, plan.changes);
    return {
      matchedCount: plan.matched,
      modifiedCount: plan.upsertedId ? 0 : plan.changes.length,
      upsertedId: plan.upsertedId,
    };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { upsert?: boolean } = {},
  ): Promise<Doc | null> {
    this.store.assertOpen();
    const plan = this.mem.planUpdate(filter, update, { upsert: options.upsert });
    await this.store.write(this.mem, plan.changes);
    const doc = plan.docs[0];
    return doc ? structuredClone(doc) : null;
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    this.store.assertOpen();
    const plan = this.mem.planUpdate(filter, update, { many: true });
    await this.store.write(this.mem, plan.changes);
    return { matchedCount: plan.matched, modifiedCount: plan.changes.length, upsertedId: null };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    this.store.assertOpen();
    const changes = this.mem.planDelete(filter, false);
    await this.store.write(this.mem, changes);
    return { deletedCount: changes.length };
  }

  async deleteMany(filter: Filter): Promise<{ deletedCount: number }> {
    this.store.assertOpen();
    const changes = this.mem.planDelete(filter, true);
    await this.store.write(this.mem, changes);
    return { deletedCount: changes.length };
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    this.store.assertOpen();
    return this.mem.aggregate(pipeline) as R[];
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    this.store.assertOpen();
    const def = this.mem.addIndex(spec);
    if (def) await this.store.commit({ c: this.mem.name, i: def });
  }

  async indexNames(): Promise<string[]> {
    this.store.assertOpen();
    return this.mem.indexNames();
  }

  async dropIndex(name: string): Promise<void> {
    this.store.assertOpen();
    if (this.mem.dropIndex(name)) await this.store.commit({ c: this.mem.name, x: name });
  }
}
