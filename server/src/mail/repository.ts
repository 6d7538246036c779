/**
 * The only place that builds queries on `mail_outbox`, `mail_preferences` and `digest_articles`
 * (docs/decisions/email.md).
 */
import { createHash } from 'node:crypto';
import type { DigestFrequency, DigestScope, MailKind, MailStatus } from '@newsroom/common';
import { DuplicateKeyError, type Store } from '../store/port.js';
import type { MailContent } from './templates.js';

/**
 * One mail to send. `_id` is derived from `key` (what the mail is about: the event's kind, subject and
 * a stable id): every instance receives every domain event, and all of them meet the same document.
 */
export interface OutboxMail {
  _id: string;
  key: string;
  kind: MailKind;
  to: string;
  subject: string;
  /**
   * What the mail says, with its unsubscribe link: rendered (react-email) by the sender when it sends
   * it, never when it is queued (docs/decisions/event-outbox.md).
   */
  content?: MailContent;
  /** Mails queued before `content` carry their rendered HTML and text instead. */
  html?: string;
  text?: string;
  headers: Record<string, string>;
  status: MailStatus;
  /** SMTP attempts made so far. */
  attempts: number;
  /** When the sender may (re)try it. */
  nextAttemptAt: string;
  /** When the sender handed it to SMTP (a `sending` mail older than that was cut off by a stop). */
  sendingSince?: string;
  createdAt: string;
  sentAt: string | null;
  lastError?: string;
  /** A digest: the articles it lists. */
  articleIds?: string[];
  [key: string]: unknown;
}

export interface MailPreferencesRecord {
  /** Derived from the e-mail address. */
  _id: string;
  email: string;
  digest: DigestFrequency;
  scope: DigestScope;
  hour: number;
  notices: boolean;
  /** The address confirmed the digest (double opt-in). */
  confirmed: boolean;
  /** The latest confirmation request (its link carries it); null when none is open. */
  confirmNonce: string | null;
  confirmRequestedAt: string | null;
  /** The digest's next slot (ISO); null while no confirmed digest is on. */
  nextDigestAt: string | null;
  /** Articles approved up to here were considered by an earlier digest (never listed twice). */
  digestSince: string | null;
  updatedAt: string;
  [key: string]: unknown;
}

/** An approval, as the digest finds what is new (articles keep no approval time of their own). */
export interface DigestArticle {
  _id: string;
  approvedAt: string;
  [key: string]: unknown;
}

export const hashId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 24);
export const outboxId = (key: string) => hashId('mail', key);
export const preferencesId = (email: string) => hashId('mail-preferences', email);

export function createMailRepository(store: Store) {
  const outbox = () => store.collection<OutboxMail>('mail_outbox');
  const preferences = () => store.collection<MailPreferencesRecord>('mail_preferences');
  const digestArticles = () => store.collection<DigestArticle>('digest_articles');

  return {
    hasMail: async (key: string) =>
      (await outbox().findOne({ _id: outboxId(key) }, { projection: { _id: 1 } })) !== null,
    findMail: (key: string) => outbox().findOne({ _id: outboxId(key) }),

    /** True when it was new; a second instance (or a second run) finds the same key and adds nothing. */
    async insertMail(mail: OutboxMail): Promise<boolean> {
      try {
        await outbox().insertOne(mail);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },

    /** Mails due for (another) attempt, oldest due first (index {status, nextAttemptAt}). */
    due(nowIso: string, limit: number): Promise<OutboxMail[]> {
      return outbox().find(
        { status: 'pending', nextAttemptAt: { $lte: nowIso } },
        { sort: { nextAttemptAt: 1, _id: 1 }, limit },
      );
    },

    /** Takes a due mail for sending (durable before SMTP sees it); null when another sender took it. */
    claim(id: string, nowIso: string): Promise<OutboxMail | null> {
      return outbox().findOneAndUpdate(
        { _id: id, status: 'pending' },
        { $set: { status: 'sending', sendingSince: nowIso }, $inc: { attempts: 1 } },
      );
    },

    async finish(id: string, set: Partial<OutboxMail>): Promise<void> {
      await outbox().updateOne({ _id: id, status: 'sending' }, { $set: set });
    },

    /** `sending` mails whose sender stopped before it knew the outcome: never re-sent (at most once). */
    async interruptStale(beforeIso: string): Promise<number> {
      const r = await outbox().updateMany(
        { status: 'sending', sendingSince: { $lt: beforeIso } },
        { $set: { status: 'interrupted' } },
      );
      return r.modifiedCount;
    },

    /** One person's mails, newest first (index {to, createdAt, _id}). */
    history(to: string, limit: number): Promise<OutboxMail[]> {
      return outbox().find(
        { to },
        {
          sort: { createdAt: -1, _id: -1 },
          limit,
          projection: { _id: 1, kind: 1, subject: 1, status: 1, createdAt: 1, sentAt: 1 },
        },
      );
    },

    findPreferences: (email: string) => preferences().findOne({ _id: preferencesId(email) }),

    async savePreferences(record: MailPreferencesRecord): Promise<void> {
      const { _id, ...fields } = record;
      await preferences().updateOne({ _id }, { $set: fields }, { upsert: true });
    },

    async updatePreferences(
      email: string,
      expect: Record<string, unknown>,
      set: Partial<MailPreferencesRecord>,
    ) {
      const r = await preferences().updateOne({ _id: preferencesId(email), ...expect }, { $set: set });
      return r.matchedCount > 0;
    },

    /** Confirmed digests whose slot has come (index {nextDigestAt}). */
    dueDigests(nowIso: string, limit: number): Promise<MailPreferencesRecord[]> {
      return preferences().find(
        { nextDigestAt: { $ne: null, $lte: nowIso } },
        { sort: { nextDigestAt: 1, _id: 1 }, limit },
      );
    },

    /** The first approval only (every instance records it; an approval after an edit keeps the first). */
    async recordApproval(articleId: string, approvedAt: string): Promise<void> {
      try {
        await digestArticles().updateOne(
          { _id: articleId },
          { $setOnInsert: { approvedAt } },
          { upsert: true },
        );
      } catch (err) {
        // Two instances upserting at once: the other one's insert won, which is the same record.
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },

    /** Approvals in (since, until], oldest first (index {approvedAt}). */
    approvedBetween(since: string, until: string, limit: number): Promise<DigestArticle[]> {
      return digestArticles().find(
        { approvedAt: { $gt: since, $lte: until } },
        { sort: { approvedAt: 1, _id: 1 }, limit },
      );
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
