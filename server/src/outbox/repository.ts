/**
 * The only place that builds queries on `event_outbox`: what a committed write still owes to others
 * (docs/decisions/event-outbox.md). Entries are few and short-lived (expanded within moments, the
 * rest by the sweep), so they need no index beyond `_id`.
 */
import type { TransactionalMail } from '../mail/messages.js';
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

/**
 * A writer's mail about a moderation (declined, changes requested, made premium), owed once the
 * article is in the state the moderation wrote (`expect`): an entry beside a conditional update that
 * matched nothing makes no mail.
 */
export interface MailFollowUp {
  /** `mail:<key>`: one entry per mail. */
  _id: string;
  type: 'mail';
  /** The mail's outbox key (a mail exists once per key). */
  key: string;
  to: string;
  mail: TransactionalMail;
  articleId: string;
  /** Fields the article must hold for the mail to go (the moderation's own write). */
  expect: Record<string, string>;
  /** When the moderation was made. */
  at: string;
  [key: string]: unknown;
}

export type OutboxEntry = ApprovalFollowUp | MailFollowUp;

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
    /** The mail entries about an article (entries are few: a scan). */
    mailsOf: (articleId: string) =>
      entries().find({ type: 'mail', articleId }, { sort: { at: 1, _id: 1 } }) as Promise<MailFollowUp[]>,
    /** Entries recorded at or before `iso`, oldest first. */
    recordedBy: (iso: string, limit: number) =>
      entries().find({ at: { $lte: iso } }, { sort: { at: 1, _id: 1 }, limit }),
    /** Drops an expanded entry (only the one expanded: a later one under the same id stays). */
    async remove(entry: Pick<OutboxEntry, '_id' | 'at'>): Promise<void> {
      await entries().deleteOne({ _id: entry._id, at: entry.at });
    },
  };
}
