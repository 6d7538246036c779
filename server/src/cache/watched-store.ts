import { isApproved, type Article } from '../articles/types.js';
import type { Collection, Doc, Filter, Store, Update } from '../store/port.js';
import { CacheGroup, TRENDING_KEY, type AnswerCache } from './answer-cache.js';

/**
 * Which cached answers each collection's documents feed, and what a write must change to drop them
 * (docs/decisions/cache-invalidation.md).
 * - `groups`: dropped by every write, unless a rule below says the write cannot change them.
 * - `byId`: answers cached per document _id, dropped one by one when the write names its target by
 *   _id (else the whole group goes).
 * - `counters`: a by-_id `$inc` of only these fields drops that document's byId answers and the
 *   listed answers only. A counted view must not throw away every list (docs/api-contract.md: view
 *   counting never blocks a read): trending (ordered by views) is rebuilt at once; the view counts
 *   shown on other list cards catch up when those answers expire.
 * - `listedOnly`: groups built only from documents that pass `listed` (the public lists hold approved
 *   articles only): a write to one document by _id drops them only when that document passes before
 *   or after the write. A writer's edits of their own Pending draft leave every public list alone.
 * - `byKey`: answers (or a guard's records) kept per value of `field`: a write whose filter names
 *   that value drops that key only (else the whole group).
 * - `fieldGroups`: groups that only these fields feed: a `$set`/`$unset` of other fields keeps them.
 * - `quiet`: fields no cached answer shows (or shows late by design): a `$set` of only these drops
 *   nothing. A user's lastSeenAt, written once a minute per active user, feeds GET /active-users,
 *   whose answer lives a few seconds (USER_STATS_TTL_MS) and catches up on its own.
 */
interface Dependents {
  groups: string[];
  byId?: string;
  counters?: { fields: string[]; answers: Array<{ group: string; key: string }> };
  listedOnly?: { groups: string[]; fields: string[]; listed: (doc: Doc) => boolean };
  byKey?: { field: string; group: string };
  fieldGroups?: Record<string, string[]>;
  quiet?: string[];
}
const DEPENDENTS: Readonly<Record<string, Dependents>> = {
  articles: {
    groups: [CacheGroup.articleLists, CacheGroup.publisherCounts],
    byId: CacheGroup.articleDetails,
    counters: {
      fields: ['totalViewCount'],
      answers: [{ group: CacheGroup.articleLists, key: TRENDING_KEY }],
    },
    listedOnly: {
      groups: [CacheGroup.articleLists],
      fields: ['status'],
      listed: (doc) => isApproved(doc as unknown as Pick<Article, 'status'>),
    },
  },
  publishers: { groups: [CacheGroup.publishers, CacheGroup.publisherCounts] },
  users: {
    groups: [CacheGroup.userStats, CacheGroup.userRecords],
    byKey: { field: 'email', group: CacheGroup.userRecords },
    // The counts (users/repository.ts counts()) read premiumEndAt; the guards' records read all else.
    fieldGroups: { [CacheGroup.userStats]: ['premiumEndAt', 'role'] },
    quiet: ['lastSeenAt'],
  },
};

/** The update document of updateOne/findOneAndUpdate (their second argument). */
const updateOf = (args: unknown[]): Update | undefined => {
  const update = args[1];
  return typeof update === 'object' && update !== null && !Array.isArray(update)
    ? (update as Update)
    : undefined;
};

/** Whether `update` only `$inc`s these fields. */
const counterOnly = (update: Update | undefined, fields: string[]): boolean => {
  const inc = update?.$inc;
  return (
    Object.keys(update ?? {}).length === 1 &&
    typeof inc === 'object' &&
    inc !== null &&
    Object.keys(inc).every((field) => fields.includes(field))
  );
};

/** The top-level fields an update of only `$set`/`$unset` changes; null when it does anything else. */
const setFields = (update: Update | undefined): string[] | null => {
  if (!update) return null;
  const fields: string[] = [];
  for (const [op, value] of Object.entries(update)) {
    if ((op !== '$set' && op !== '$unset') || typeof value !== 'object' || value === null) return null;
    fields.push(...Object.keys(value).map((path) => path.split('.')[0]!));
  }
  return fields.length ? fields : null;
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
    const { counters, listedOnly, byKey, fieldGroups, quiet } = dependents;

    /** What a write may leave alone, from its filter, its update and the documents it touched. */
    interface Write {
      ids: string[] | null;
      filter?: Filter;
      update?: Update;
      /** The documents written, before and after, when known (`listedOnly` reads them). */
      docs?: Array<Doc | null>;
    }
    const drop = ({ ids, filter, update, docs }: Write) => {
      const touched = setFields(update);
      if (touched && quiet && touched.every((field) => quiet.includes(field))) return;
      if (ids && counters && counterOnly(update, counters.fields)) {
        for (const { group, key } of counters.answers) cache.invalidateKey(group, key);
      } else {
        for (const group of dependents.groups) {
          if (listedOnly?.groups.includes(group) && docs && !docs.some((d) => d && listedOnly.listed(d)))
            continue;
          const fed = fieldGroups?.[group];
          if (fed && touched && !touched.some((field) => fed.includes(field))) continue;
          const key = byKey?.group === group ? filter?.[byKey.field] : undefined;
          if (typeof key === 'string') cache.invalidateKey(group, key);
          else cache.invalidate(group);
        }
      }
      if (!dependents.byId) return;
      if (ids) for (const id of ids) cache.invalidateKey(dependents.byId, id);
      else cache.invalidate(dependents.byId);
    };

    /** The listed fields of the one document a write names by _id (null: none), read before and after it. */
    const listedState = async (ids: string[] | null): Promise<Doc | null | undefined> => {
      if (!listedOnly || ids?.length !== 1) return undefined;
      const projection = Object.fromEntries(listedOnly.fields.map((f) => [f, 1 as const]));
      return inner.findOne({ _id: ids[0] }, { projection });
    };
    const afterWrite =
      <A extends unknown[], R>(write: (...args: A) => Promise<R>, targets: (...args: A) => string[] | null) =>
      async (...args: A): Promise<R> => {
        const ids = targets(...args);
        const filter = args[0] as Filter;
        const update = updateOf(args);
        const counting = !!counters && counterOnly(update, counters.fields);
        // Unknown (the read failed): every list goes, as before the write was known.
        const before = counting ? undefined : await listedState(ids).catch(() => undefined);
        try {
          return await write.apply(inner, args);
        } finally {
          const after = before === undefined ? undefined : await listedState(ids).catch(() => undefined);
          const docs = before !== undefined && after !== undefined ? [before, after] : undefined;
          drop({ ids, filter, update, docs });
          // Other instances have the drop before the write is answered (a no-op with one process).
          await cache.settled();
        }
      };
    const afterInsert =
      <A extends unknown[], R>(write: (...args: A) => Promise<R>, written: (...args: A) => Doc[]) =>
      async (...args: A): Promise<R> => {
        const docs = written(...args);
        try {
          return await write.apply(inner, args);
        } finally {
          drop({ ids: docs.map((d) => d._id), docs });
          await cache.settled();
        }
      };
    return {
      findOne: inner.findOne.bind(inner),
      find: inner.find.bind(inner),
      countDocuments: inner.countDocuments.bind(inner),
      aggregate: inner.aggregate.bind(inner),
      createIndex: inner.createIndex.bind(inner),
      indexNames: inner.indexNames.bind(inner),
      dropIndex: inner.dropIndex.bind(inner),
      insertOne: afterInsert(inner.insertOne, (doc) => [doc]),
      insertMany: afterInsert(inner.insertMany, (docs) => docs),
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
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
