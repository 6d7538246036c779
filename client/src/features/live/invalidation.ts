import type { QueryKey } from '@tanstack/react-query';
import { staleAfter } from '@/lib/api/stale';
import type { LiveMessage } from './messages';

/**
 * The queries a message makes stale ('all' after a resync): the same table this tab's own mutations
 * use (staleAfter), so a change looks the same whoever made it. Inactive queries are only marked
 * stale, so this costs a request only for what is on screen.
 */
export function queriesToRefresh(message: LiveMessage): QueryKey[] | 'all' {
  switch (message.type) {
    case 'ready':
      return [];
    case 'resync':
      return 'all';
    case 'article.submitted':
      return staleAfter.articleSubmitted();
    case 'article.approved':
      return staleAfter.articleApproved(message.articleId);
    case 'article.declined':
    case 'article.changesRequested':
      return staleAfter.articleDeclined(message.articleId);
    case 'article.premium':
      return staleAfter.articleMadePremium(message.articleId);
    case 'article.updated':
      return staleAfter.articleUpdated(message.articleId);
    case 'article.withdrawn':
      return staleAfter.articleWithdrawn(message.articleId);
    case 'article.deleted':
      return staleAfter.articleDeleted(message.articleId);
    case 'publisher.added':
      return staleAfter.publisherAdded();
    case 'user.madeAdmin':
      return staleAfter.userMadeAdmin(message.own);
    case 'premium.changed':
      // Only the reader's own tabs get it: their profile, billing page, the premium list and counts.
      return staleAfter.premiumChanged();
    case 'gift.changed':
      return staleAfter.giftLinksChanged();
    case 'comment.changed':
      return staleAfter.commentChanged(message.articleId);
  }
}
