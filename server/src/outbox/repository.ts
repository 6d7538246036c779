/**
 * The only place that builds queries on `event_outbox`: what a committed write still owes to others
 * (docs/decisions/event-outbox.md). Entries are few and short-lived (expanded within moments, the
 * rest by the sweep), so they need no index beyond `_id`.
 */
import { DuplicateKeyError, type Store } from '../store/port.js';

/** An approval whose digest record and writer's mail are still to be made. */
export interface ApprovalFollowUp {
  /** `article.approved:<articleId>`: one entry per article however many approvals race. */
  _id: string;
  type: 'article.approved';
  articleId: string;
  /** When it was approved (the digest lists it by this time). */
  at: string;
  [key: string]: unknown;
}

export type OutboxEntry = ApprovalFollowUp;

export function createEventOutboxRepository(store: Store) {
  const entries = () => store.collection<OutboxEntry>('event_outbox');
  return {
    /** Adds the entry; one already there under its `_id` is the same follow-up, kept as it is. */
    async add(entry: OutboxEntry): Promise<void> {
      try {
        await entries().insertOne(entry);
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },
    find: (id: string) => entries().findOne({ _id: id }),
    /** Entries recorded at or before `iso`, oldest first. */
    recordedBy: (iso: string, limit: number) =>
      entries().find({ at: { $lte: iso } }, { sort: { at: 1, _id: 1 }, limit }),
    /** Drops an expanded entry (only the one expanded: a later one under the same id stays). */
    async remove(entry: Pick<OutboxEntry, '_id' | 'at'>): Promise<void> {
      await entries().deleteOne({ _id: entry._id, at: entry.at });
    },
  };
}
