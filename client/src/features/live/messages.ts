import { isLiveMessage, type LiveMessage } from '@newsroom/common/events';

export type { LiveMessage };

/** The message in an event's data, or null when it is not one this client knows (a newer server). */
export function parseLiveMessage(data: string): LiveMessage | null {
  try {
    const value: unknown = JSON.parse(data);
    return isLiveMessage(value) ? value : null;
  } catch {
    return null;
  }
}

export interface LiveToast {
  tone: 'success' | 'error' | 'info';
  text: string;
  /** Long enough to read a decline reason. */
  durationMs: number;
}

/** The toast a message means for this user, if any: only news about their own article or account. */
export function toastFor(message: LiveMessage): LiveToast | null {
  if (!('own' in message) || !message.own) return null;
  switch (message.type) {
    case 'article.approved':
      return { tone: 'success', text: `Your article “${message.title}” was approved`, durationMs: 6_000 };
    case 'article.declined': {
      const reason = message.reason.trim();
      const text = `Your article “${message.title}” was declined${reason ? `: ${reason}` : ''}`;
      return { tone: 'error', text, durationMs: 10_000 };
    }
    case 'article.changesRequested':
      return {
        tone: 'info',
        text: `Changes requested on “${message.title}”: ${message.note.trim()}`,
        durationMs: 10_000,
      };
    case 'article.premium':
      return {
        tone: 'success',
        text: `Your article “${message.title}” is now premium: it is featured for subscribers`,
        durationMs: 6_000,
      };
    case 'user.madeAdmin':
      return {
        tone: 'info',
        text: 'You are now an admin. Reload the page to open the admin dashboard.',
        durationMs: 10_000,
      };
    case 'premium.changed':
      return premiumToast(message.reason);
    default:
      return null;
  }
}

/** What a change of the reader's own premium says (docs/decisions/subscriptions.md). */
function premiumToast(reason: string): LiveToast | null {
  switch (reason) {
    case 'started':
      return { tone: 'success', text: 'Your premium access has started', durationMs: 6_000 };
    case 'renewed':
      return { tone: 'success', text: 'Your subscription renewed: premium continues', durationMs: 6_000 };
    case 'lapsed':
      return { tone: 'info', text: 'Your premium access has ended', durationMs: 10_000 };
    case 'takenBack':
      return {
        tone: 'info',
        text: 'A payment was refunded or disputed: the premium time it bought was taken back',
        durationMs: 10_000,
      };
    default:
      return null;
  }
}
