/**
 * What GET /events sends (see the API's events/types.ts), plus `own` (this user is the article's
 * writer, or the promoted user) and the stream's own `ready` and `resync`.
 */
export type LiveMessage =
  | { type: 'ready' }
  /** The server could not replay what this tab missed: refresh everything. */
  | { type: 'resync' }
  | { type: 'article.submitted'; articleId: string; title: string; own: boolean }
  | { type: 'article.approved'; articleId: string; title: string; own: boolean }
  | { type: 'article.declined'; articleId: string; title: string; reason: string; own: boolean }
  | { type: 'article.premium'; articleId: string; title: string; own: boolean }
  | { type: 'article.withdrawn'; articleId: string; own: boolean }
  | { type: 'article.updated'; articleId: string; title: string; own: boolean }
  | { type: 'article.deleted'; articleId: string; title: string; own: boolean }
  | { type: 'publisher.added'; publisherId: string; name: string; own: boolean }
  | { type: 'publisher.changed'; publisherId: string; own: boolean }
  | { type: 'user.madeAdmin'; userId: string; own: boolean };

const TYPES = new Set<string>([
  'ready',
  'resync',
  'article.submitted',
  'article.approved',
  'article.declined',
  'article.premium',
  'article.withdrawn',
  'article.updated',
  'article.deleted',
  'publisher.added',
  'publisher.changed',
  'user.madeAdmin',
]);

/** The message in an event's data, or null when it is not one this client knows (a newer server). */
export function parseLiveMessage(data: string): LiveMessage | null {
  try {
    const value = JSON.parse(data) as { type?: unknown } | null;
    return value && typeof value.type === 'string' && TYPES.has(value.type) ? (value as LiveMessage) : null;
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
    default:
      return null;
  }
}
