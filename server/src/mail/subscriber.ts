/**
 * Mails follow the domain events (docs/decisions/email.md). With several instances every instance
 * receives every event, so this only puts the mail in the shared outbox under a key made of the
 * event's kind, subject and a stable id: the first instance adds it, the others find it there, and the
 * sender job (one instance at a time) delivers it. A failure here is logged; it never reaches the
 * request that caused the event.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { DomainEvent, DomainEvents } from '../events/domain.js';
import type { Store } from '../store/port.js';
import { createUserService } from '../users/service.js';
import { noDomainEvents } from '../events/domain.js';
import { transactionalContent, type TransactionalMail } from './messages.js';
import type { MailService } from './service.js';

export interface MailSubscription {
  unsubscribe(): void;
  /** Resolves once the mails of the events seen so far are queued (before the store closes). */
  settled(): Promise<void>;
}

export function subscribeMail(
  events: DomainEvents,
  deps: { store: Store; clock: Clock; logger: Logger; mail: MailService },
): MailSubscription {
  const users = createUserService({ store: deps.store, clock: deps.clock, events: noDomainEvents });

  /** Queues `mail` for `to` under `key`, greeting them by their own name. */
  const notify = async (key: string, to: string, mail: TransactionalMail) => {
    const user = await users.findByEmail(to);
    if (!user) return;
    const name = (user.name || user.displayName || '').includes('@')
      ? ''
      : user.name || user.displayName || '';
    await deps.mail.enqueue({ key, kind: mail.kind, to }, () =>
      transactionalContent(mail, name, deps.mail.links),
    );
  };

  async function handle(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'article.approved': {
        await deps.mail.repository.recordApproval(event.article.id, deps.clock.now().toISOString());
        const { writer, id: articleId, title } = event.article;
        if (writer)
          await notify(`article.approved:${articleId}`, writer, {
            kind: 'article.approved',
            articleId,
            title,
          });
        return;
      }
      case 'article.declined': {
        const { writer, id: articleId, title } = event.article;
        if (writer)
          await notify(`article.declined:${articleId}`, writer, {
            kind: 'article.declined',
            articleId,
            title,
            reason: event.reason,
          });
        return;
      }
      case 'article.madePremium': {
        const { writer, id: articleId, title } = event.article;
        if (writer)
          await notify(`article.madePremium:${articleId}`, writer, {
            kind: 'article.madePremium',
            articleId,
            title,
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
