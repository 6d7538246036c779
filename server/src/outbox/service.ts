/**
 * The event outbox (docs/decisions/event-outbox.md): a service records, in the same durable commit as
 * its own write, what follows from it (an approval's digest record and mail), so a request answers
 * once its own write is durable and nothing is lost if the process dies before the follow-up is
 * made. Whoever makes the follow-ups (mail/follow-ups.ts) does it idempotently, then drops the entry.
 */
import type { Store } from '../store/port.js';
import type { TransactionalMail } from '../mail/messages.js';
import {
  createEventOutboxRepository,
  type ApprovalFollowUp,
  type MailFollowUp,
  type OutboxEntry,
} from './repository.js';

export type { ApprovalFollowUp, MailFollowUp, OutboxEntry } from './repository.js';

export const approvalFollowUpId = (articleId: string) => `article.approved:${articleId}`;

export type EventOutbox = ReturnType<typeof createEventOutbox>;

export function createEventOutbox(store: Store) {
  const repo = createEventOutboxRepository(store);
  return {
    /** The entry of an approval at `at` (written beside the approval itself). */
    recordApproval(articleId: string, at: string): Promise<void> {
      const entry: ApprovalFollowUp = {
        _id: approvalFollowUpId(articleId),
        type: 'article.approved',
        articleId,
        at,
      };
      return repo.add(entry);
    },
    approval: (articleId: string) => repo.find(approvalFollowUpId(articleId)),
    /**
     * The entry of a writer's mail about a moderation of `articleId` (written beside the moderation):
     * sent once the article holds `expect`. Answers the entry's id.
     */
    async recordMail(
      mail: { key: string; to: string; mail: TransactionalMail },
      articleId: string,
      expect: Record<string, string>,
      at: string,
    ): Promise<string> {
      const entry: MailFollowUp = { _id: `mail:${mail.key}`, type: 'mail', ...mail, articleId, expect, at };
      await repo.add(entry);
      return entry._id;
    },
    find: repo.find,
    /** The mail entries of an article's moderations still to be made. */
    mailsOf: repo.mailsOf,
    recordedBy: repo.recordedBy,
    done: (entry: OutboxEntry) => repo.remove(entry),
  };
}
