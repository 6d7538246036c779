import { isDeepStrictEqual } from 'node:util';
import type { Collection, Doc, Filter, Store, Update, UpdateResult } from '../store/port.js';

export type WriteOp = 'insert' | 'update' | 'delete';

/**
 * One document changed by a write, shaped like a MongoDB change-stream event with pre- and
 * post-images: `before` is null for an insert, `after` is null for a delete.
 */
export interface StoreChange {
  collection: string;
  op: WriteOp;
  before: Doc | null;
  after: Doc | null;
}

export interface ChangeObserver {
  /**
   * Whether a write may matter. Only then are the documents read before and after it, so a hot
   * write nobody watches (a view count's `$inc`, a user's lastSeenAt) costs nothing extra.
   */
  watches(collection: string, op: WriteOp, update?: Update): boolean;
  /** Called once per changed document, after the write settled. Must not throw. */
  changed(change: StoreChange): void;
}

/**
 * The one place live events come from (docs/decisions/live-events.md): every write through this
 * store that the observer watches reports each document it changed, whichever service made it.
 * Wrap it around the answer-cache store so the cached answers are already dropped when a change is
 * reported: a browser refetching on the event gets the new state.
 *
 * The before-image is read just before the write, so two racing writes to one document may report
 * a stale `before`; the after-image always comes from the write itself or a read after it.
 */
export function observedStore(
  store: Store,
  observer: ChangeObserver,
  onError: (err: unknown) => void = () => {},
): Store {
  const collections = new Map<string, Collection>();

  const observe = <T extends Doc>(name: string): Collection<T> => {
    const inner = store.collection<T>(name);
    const report = (op: WriteOp, before: Doc | null, after: Doc | null) => {
      if (op === 'update' && isDeepStrictEqual(before, after)) return;
      try {
        observer.changed({ collection: name, op, before, after });
      } catch (err) {
        onError(err);
      }
    };
    /** Reads after a write must not turn a write that happened into a failed request. */
    const settle = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (err) {
        onError(err);
      }
    };
    const afterImages = async (befores: Doc[]) => {
      const ids = befores.map((d) => d._id);
      const afters = await inner.find({ _id: { $in: ids } });
      return new Map(afters.map((d) => [d._id, d as Doc]));
    };

    return {
      findOne: inner.findOne.bind(inner),
      find: inner.find.bind(inner),
      countDocuments: inner.countDocuments.bind(inner),
      aggregate: inner.aggregate.bind(inner),
      createIndex: inner.createIndex.bind(inner),
      indexNames: inner.indexNames.bind(inner),
      dropIndex: inner.dropIndex.bind(inner),

      async insertOne(doc) {
        await inner.insertOne(doc);
        if (observer.watches(name, 'insert')) report('insert', null, doc);
      },
      async insertMany(docs) {
        await inner.insertMany(docs);
        if (observer.watches(name, 'insert')) for (const doc of docs) report('insert', null, doc);
      },

      async updateOne(filter, update, options) {
        if (!observer.watches(name, 'update', update)) return inner.updateOne(filter, update, options);
        const before = await inner.findOne(filter);
        const result: UpdateResult = await inner.updateOne(filter, update, options);
        if (result.modifiedCount === 0 && !result.upsertedId) return result;
        const id = result.upsertedId ?? before?._id;
        if (id) {
          await settle(async () => {
            const after = await inner.findOne({ _id: id });
            if (after) report(before ? 'update' : 'insert', before, after);
          });
        }
        return result;
      },

      async findOneAndUpdate(filter, update, options) {
        if (!observer.watches(name, 'update', update)) return inner.findOneAndUpdate(filter, update, options);
        const before = await inner.findOne(filter);
        const after = await inner.findOneAndUpdate(filter, update, options);
        if (after) {
          const same = before?._id === after._id ? before : null;
          report(same || !options?.upsert ? 'update' : 'insert', same, after);
        }
        return after;
      },

      async updateMany(filter, update) {
        if (!observer.watches(name, 'update', update)) return inner.updateMany(filter, update);
        const befores = await inner.find(filter);
        const result = await inner.updateMany(filter, update);
        if (result.modifiedCount > 0 && befores.length > 0) {
          await settle(async () => {
            const afters = await afterImages(befores);
            for (const before of befores) {
              const after = afters.get(before._id);
              if (after) report('update', before, after);
            }
          });
        }
        return result;
      },

      async deleteOne(filter) {
        if (!observer.watches(name, 'delete')) return inner.deleteOne(filter);
        const before = await inner.findOne(filter);
        const result = await inner.deleteOne(filter);
        if (result.deletedCount > 0 && before) report('delete', before, null);
        return result;
      },

      async deleteMany(filter: Filter) {
        if (!observer.watches(name, 'delete')) return inner.deleteMany(filter);
        const befores = await inner.find(filter);
        const result = await inner.deleteMany(filter);
        if (result.deletedCount > 0 && befores.length > 0) {
          await settle(async () => {
            const left = await afterImages(befores);
            for (const before of befores) if (!left.has(before._id)) report('delete', before, null);
          });
        }
        return result;
      },
    };
  };

  return {
    kind: store.kind,
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let collection = collections.get(name);
      if (!collection) {
        collection = observe(name);
        collections.set(name, collection);
      }
      return collection as Collection<T>;
    },
    waitDurable: () => store.waitDurable(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
