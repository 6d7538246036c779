/**
 * Mails follow the domain events (docs/decisions/email.md). With several instances every instance
 * receives every event, so this only puts the mail in the shared outbox under a key made of the
 * event's kind, subject and a stable id: the first instance adds it, the others find it there, and the
 * sender job (one instance at a time) renders and delivers it. A moderation's follow-ups (an
 * approval's digest record and mail, a decline's, a request for changes' or a premium label's mail)
 * come from its event-outbox entry, written with the moderation (follow-ups.ts); the approvals seen meanwhile are
 * expanded together, after their answers (docs/decisions/event-outbox.md). A failure here is logged;
 * it never reaches the request that caused the event (the sweep retries an approval's).
 */
import type { DomainEvent, DomainEvents } from '../events/domain.js';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { FollowUps } from './follow-ups.js';

export interface MailSubscription {
  unsubscribe(): void;
  /** Resolves once the mails of the events seen so far are queued (before the store closes). */
  settled(): Promise<void>;
}

export function subscribeMail(
  events: DomainEvents,
  deps: { clock: Clock; logger: Logger; followUps: FollowUps },
): MailSubscription {
  const { followUps } = deps;
  const { notify } = followUps;

  /** Approvals seen since the last expansion started: expanded together, one batch at a time. */
  let approvals: string[] = [];
  let expanding: Promise<void> | null = null;
  const expandApprovals = (): Promise<void> => {
    expanding ??= (async () => {
      // Let the approvals arriving in this turn join the batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (approvals.length) {
        const batch = approvals;
        approvals = [];
        await followUps.expandApprovals(batch);
      }
    })().finally(() => {
      expanding = null;
      // One that arrived while the last batch was finishing.
      if (approvals.length)
        expandApprovals().catch((err: unknown) =>
          deps.logger.error({ err }, 'mail: could not make the follow-ups of approvals'),
        );
    });
    return expanding;
  };

  async function handle(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'article.approved':
        approvals.push(event.article.id);
        return expandApprovals();
      case 'article.declined':
      case 'article.changesRequested':
      case 'article.madePremium':
        // The writer's mail: from the entry written with the moderation (follow-ups.ts).
        return followUps.expandMailsOf(event.article.id);
      case 'comment.changed': {
        // New comments others can read: their writer hears of them, once an article an hour at most
        // (the key of the hour; a mail exists once per key).
        if (event.change !== 'created' || !event.shown || event.author === event.writer) return;
        const hour = deps.clock.now().toISOString().slice(0, 13);
        await notify(`comments.new:${event.articleId}:${hour}`, event.writer, {
          kind: 'comments.new',
          articleId: event.articleId,
          title: event.title,
        });
        return;
      }
      case 'premium.granted':
      case 'premium.changed': {
        const end = event.premiumEndAt;
        if (!end) return;
        const active = Date.parse(end) > deps.clock.now().getTime();
        if (
          event.type === 'premium.changed' &&
          !['started', 'renewed', 'lapsed', 'takenBack'].includes(event.change)
        )
          return;
        // Keyed by the new end: a renewal is a new mail, the same grant seen twice is not.
        const kind = active ? 'premium.started' : 'premium.lapsed';
        await notify(`${kind}:${event.email}:${end}`, event.email, { kind, premiumEndAt: end });
        return;
      }
    }
  }

  const queueing = new Set<Promise<void>>();
  const unsubscribe = events.subscribe((event) => {
    const queued = handle(event).catch((err: unknown) =>
      deps.logger.error({ err, event: event.type }, 'mail: could not queue the mail of an event'),
    );
    queueing.add(queued);
    void queued.finally(() => queueing.delete(queued));
  });
  return {
    unsubscribe,
    async settled() {
      while (queueing.size) await Promise.all(queueing);
    },
  };
}
