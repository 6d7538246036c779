import type { Collection, Doc, Filter, Store, Update } from '../store/port.js';
import { CacheGroup, TRENDING_KEY, type AnswerCache } from './answer-cache.js';

/**
 * Which cached answers each collection's documents feed. `byId`: answers cached per document _id,
 * dropped one by one when the write names its target by _id (else the whole group goes).
 * `counters`: a by-_id `$inc` of only these fields drops that document's byId answers and the listed
 * answers only. A counted view must not throw away every list (docs/api-contract.md: view counting never
 * blocks a read): trending (ordered by views) is rebuilt at once; the view counts shown on other
 * list cards catch up when those answers expire, and publisher counts do not depend on views.
 */
interface Dependents {
  groups: string[];
  byId?: string;
  counters?: { fields: string[]; answers: Array<{ group: string; key: string }> };
}
const DEPENDENTS: Readonly<Record<string, Dependents>> = {
  articles: {
    groups: [CacheGroup.articleLists, CacheGroup.publisherCounts],
    byId: CacheGroup.articleDetails,
    counters: {
      fields: ['totalViewCount'],
      answers: [{ group: CacheGroup.articleLists, key: TRENDING_KEY }],
    },
  },
  publishers: { groups: [CacheGroup.publishers, CacheGroup.publisherCounts] },
  users: { groups: [CacheGroup.userStats, CacheGroup.userRecords] },
};

/** The update document of updateOne/findOneAndUpdate (their second argument). */
const updateOf = (args: unknown[]): Update | undefined => {
  const update = args[1];
  return typeof update === 'object' && update !== null && !Array.isArray(update)
    ? (update as Update)
    : undefined;
};

/** The ids a write targets when its filter names exactly one `_id`; null = unknown (drop the group). */
const idOfFilter = (filter: Filter): string[] | null =>
  typeof filter._id === 'string' ? [filter._id] : null;

/**
 * The one invalidation mechanism: every write through this store drops the cached answers built from
 * the collection it touched, whichever service made it (registration, payments, make-admin,
 * moderation, view counts...). So no service has to remember which answers its writes change. The
 * drop happens when the write settles (even if it failed part-way); builds racing it are not kept.
 */
export function watchedStore(store: Store, cache: AnswerCache): Store {
  const collections = new Map<string, Collection>();

  const watch = <T extends Doc>(name: string): Collection<T> => {
    const inner = store.collection<T>(name);
    const dependents = DEPENDENTS[name];
    if (!dependents) return inner;
    const { counters } = dependents;
    const counterOnly = (update: Update | undefined): boolean => {
      const inc = update?.$inc;
      return (
        !!counters &&
        Object.keys(update ?? {}).length === 1 &&
        typeof inc === 'object' &&
        inc !== null &&
        Object.keys(inc).every((field) => counters.fields.includes(field))
      );
    };
    const drop = (ids: string[] | null, update?: Update) => {
      if (ids && counters && counterOnly(update)) {
        for (const { group, key } of counters.answers) cache.invalidateKey(group, key);
      } else {
        cache.invalidate(...dependents.groups);
      }
      if (!dependents.byId) return;
      if (ids) for (const id of ids) cache.invalidateKey(dependents.byId, id);
      else cache.invalidate(dependents.byId);
    };
    const afterWrite =
      <A extends unknown[], R>(write: (...args: A) => Promise<R>, targets: (...args: A) => string[] | null) =>
      async (...args: A): Promise<R> => {
        try {
          return await write.apply(inner, args);
        } finally {
          drop(targets(...args), updateOf(args));
        }
      };
    return {
      findOne: inner.findOne.bind(inner),
      find: inner.find.bind(inner),
      countDocuments: inner.countDocuments.bind(inner),
      aggregate: inner.aggregate.bind(inner),
      createIndex: inner.createIndex.bind(inner),
      insertOne: afterWrite(inner.insertOne, (doc) => [doc._id]),
      insertMany: afterWrite(inner.insertMany, (docs) => docs.map((d) => d._id)),
      updateOne: afterWrite(inner.updateOne, idOfFilter),
      findOneAndUpdate: afterWrite(inner.findOneAndUpdate, idOfFilter),
      updateMany: afterWrite(inner.updateMany, () => null),
      deleteOne: afterWrite(inner.deleteOne, idOfFilter),
      deleteMany: afterWrite(inner.deleteMany, () => null),
    };
  };

  return {
    kind: store.kind,
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let collection = collections.get(name);
      if (!collection) {
        collection = watch(name);
        collections.set(name, collection);
      }
      return collection as Collection<T>;
    },
    waitDurable: () => store.waitDurable(),
    close: () => store.close(),
  };
}
