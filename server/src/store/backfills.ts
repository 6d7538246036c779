/**
 * Fields a unique index needs on every document, and how the migration step makes them for documents
 * written before the field existed: a unique index counts every missing value as the same null, so
 * two such documents would stop it being built (docs/decisions/writer-public-ids.md).
 */
import { newPublicId } from './ids.js';
import { DuplicateKeyError, type Store } from './port.js';

export interface Backfill {
  field: string;
  /** A fresh value for one document. */
  value: () => string;
}

export const BACKFILLS: Record<string, Backfill[]> = {
  // Writers' public ids (their pages, follows, article links).
  users: [{ field: 'publicId', value: newPublicId }],
};

/** Documents fetched at a time while filling. */
const BATCH = 500;

/**
 * Gives every document of `name` lacking a backfilled field its value. Each write is conditional on
 * the field still being empty, so several machines may run it at once; an index on the field (built
 * right after, kept from then on) makes the empty-field query cheap on every later run.
 */
export async function runBackfills(store: Store, name: string): Promise<void> {
  const collection = store.collection(name);
  for (const { field, value } of BACKFILLS[name] ?? []) {
    for (;;) {
      const empty = await collection.find({ [field]: null }, { limit: BATCH, projection: { _id: 1 } });
      if (empty.length === 0) break;
      for (const { _id } of empty) {
        try {
          await collection.updateOne({ _id, [field]: null }, { $set: { [field]: value() } });
        } catch (err) {
          // A value another document already has: the next round gives this one another.
          if (!(err instanceof DuplicateKeyError)) throw err;
        }
      }
    }
  }
}

/** What runBackfills would still do: `users.publicId (3 records without one)`. */
export async function pendingBackfills(store: Store): Promise<string[]> {
  const pending: string[] = [];
  for (const [name, backfills] of Object.entries(BACKFILLS)) {
    for (const { field } of backfills) {
      const count = await store.collection(name).countDocuments({ [field]: null });
      if (count > 0) pending.push(`${name}.${field} (${count} records without one)`);
    }
  }
  return pending;
}
