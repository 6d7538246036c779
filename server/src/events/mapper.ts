import type { DomainEvent } from './domain.js';
import type { AddressedEvent, Audience } from './types.js';

/**
 * The live events (GET /events) one domain event means, each with who may receive it: moderators
 * (admins, editors) and the writer see every event of an article; everyone else only while it is approved.
 */
export function liveEventsOf(event: DomainEvent): AddressedEvent[] {
  if (event.type.startsWith('article.') && 'article' in event) {
    const { id: articleId, title, writer, approved } = event.article;
    const to = (everyone: boolean): Audience => ({
      public: everyone,
      admins: true,
      editors: true,
      users: writer ? [writer] : [],
    });
    switch (event.type) {
      case 'article.submitted':
        return [{ event: { type: 'article.submitted', articleId, title }, audience: to(false) }];
      case 'article.edited':
        if (!event.wasApproved) {
          return [{ event: { type: 'article.updated', articleId, title }, audience: to(false) }];
        }
        // Back to Pending: the moderators' queue gets it, and the public lists must drop it (the
        // title of its new version is not public yet).
        return [
          { event: { type: 'article.submitted', articleId, title }, audience: to(false) },
          {
            event: { type: 'article.withdrawn', articleId },
            audience: { public: true, admins: false, users: [] },
          },
        ];
      case 'article.approved':
        return [{ event: { type: 'article.approved', articleId, title }, audience: to(true) }];
      case 'article.declined':
        return [
          {
            event: { type: 'article.declined', articleId, title, reason: event.reason },
            audience: to(false),
          },
        ];
      case 'article.scheduled':
        // Its writer and the moderators: the status shows 'Scheduled' (nothing public yet).
        return [{ event: { type: 'article.updated', articleId, title }, audience: to(false) }];
      case 'article.changesRequested':
        return [
          {
            event: { type: 'article.changesRequested', articleId, title, note: event.note },
            audience: to(false),
          },
        ];
      case 'article.madePremium':
        return [{ event: { type: 'article.premium', articleId, title }, audience: to(approved) }];
      case 'article.deleted':
        return [{ event: { type: 'article.deleted', articleId, title }, audience: to(approved) }];
    }
  }
  switch (event.type) {
    case 'publisher.added':
      return [
        {
          event: { type: 'publisher.added', publisherId: event.publisherId, name: event.name },
          audience: { public: true, admins: true, users: [] },
        },
      ];
    case 'user.madeAdmin':
      return [
        {
          event: { type: 'user.madeAdmin', userId: event.userId },
          audience: { public: false, admins: true, users: [event.email] },
        },
      ];
    case 'premium.changed':
      // The reader's own tabs only: premium starts, renews, lapses or is taken back without a reload.
      return [
        {
          event: { type: 'premium.changed', reason: event.change },
          audience: { public: false, admins: false, users: [event.email] },
        },
      ];
    case 'comment.changed': {
      // Whoever may read the article's comments: everyone for a free one; premium readers, admins and
      // its writer for a premium one. A comment nobody else sees (held, hidden) reaches its author and
      // admins only.
      const readers: Audience = event.premium
        ? { public: false, admins: true, users: [event.writer], premium: true }
        : { public: true, admins: true, users: [] };
      const audience: Audience = event.shown
        ? readers
        : { public: false, admins: true, users: [event.author] };
      const { articleId, commentId, change } = event;
      return [{ event: { type: 'comment.changed', articleId, commentId, reason: change }, audience }];
    }
    case 'gift.changed':
      // The creator's own tabs: their Gift links tab counts readers, or shows the link revoked.
      return [
        {
          event: { type: 'gift.changed', reason: event.change },
          audience: { public: false, admins: false, users: [event.creator] },
        },
      ];
    default:
      // Views, sign-ins, profiles and premium grants are no news to other readers.
      return [];
  }
}
