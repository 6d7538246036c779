import { isApproved, type Article } from '../articles/types.js';
import type { Publisher } from '../publishers/repository.js';
import type { Update } from '../store/port.js';
import type { User } from '../users/types.js';
import type { StoreChange, WriteOp } from './observed-store.js';
import type { AddressedEvent, Audience } from './types.js';

/** Fields bumped by hot counters; a write of only these is no news (view counts lag anyway). */
const ARTICLE_COUNTERS = new Set(['totalViewCount']);

const fieldsOf = (update: Update | undefined, operator: string): string[] => {
  const part = update?.[operator];
  return typeof part === 'object' && part !== null ? Object.keys(part) : [];
};

/** Which writes can produce a live event; the others are not even looked at. */
export function watches(collection: string, op: WriteOp, update?: Update): boolean {
  switch (collection) {
    case 'articles': {
      if (op !== 'update') return true;
      const operators = Object.keys(update ?? {});
      const countersOnly =
        operators.length === 1 &&
        operators[0] === '$inc' &&
        fieldsOf(update, '$inc').every((field) => ARTICLE_COUNTERS.has(field));
      return !countersOnly;
    }
    case 'publishers':
      return true;
    case 'users':
      // Only a role change is news; sign-ins, premium grants and post slots are not.
      return op === 'update' && ['$set', '$unset'].some((o) => fieldsOf(update, o).includes('role'));
    default:
      return false;
  }
}

/** The domain events one changed document means, each with who may receive it. */
export function eventsOf(change: StoreChange): AddressedEvent[] {
  switch (change.collection) {
    case 'articles':
      return articleEvents(change.before as Article | null, change.after as Article | null);
    case 'publishers':
      return publisherEvents(change);
    case 'users':
      return userEvents(change.before as User | null, change.after as User | null);
    default:
      return [];
  }
}

function articleEvents(before: Article | null, after: Article | null): AddressedEvent[] {
  const doc = after ?? before;
  if (!doc) return [];
  const writer = doc.userInfo?.email ? [doc.userInfo.email] : [];
  // Admins and the writer see every event of an article; everyone else only while it is approved.
  const to = (everyone: boolean): Audience => ({ public: everyone, admins: true, users: writer });
  const articleId = doc._id;
  const title = doc.articleTitle ?? '';
  const wasPublic = before !== null && isApproved(before);

  if (!after) return [{ event: { type: 'article.deleted', articleId, title }, audience: to(wasPublic) }];

  const isPublic = isApproved(after);
  const events: AddressedEvent[] = [];
  if (before?.status !== after.status) {
    if (after.status === 'Pending') {
      events.push({ event: { type: 'article.submitted', articleId, title }, audience: to(false) });
    } else if (isPublic) {
      events.push({ event: { type: 'article.approved', articleId, title }, audience: to(true) });
    } else if (after.status === 'Declined') {
      const reason = after.decliningReason ?? '';
      events.push({ event: { type: 'article.declined', articleId, title, reason }, audience: to(false) });
    }
    if (wasPublic && !isPublic) {
      // The public lists must drop it; the title of its new version is not public yet.
      events.push({
        event: { type: 'article.withdrawn', articleId },
        audience: { public: true, admins: false, users: [] },
      });
    }
  }
  if (before !== null && before.isPremium !== 'Yes' && after.isPremium === 'Yes') {
    events.push({ event: { type: 'article.premium', articleId, title }, audience: to(isPublic) });
  }
  if (events.length === 0) {
    events.push({ event: { type: 'article.updated', articleId, title }, audience: to(isPublic) });
  }
  return events;
}

function publisherEvents(change: StoreChange): AddressedEvent[] {
  const publisherAudience: Audience = { public: true, admins: true, users: [] };
  if (change.op === 'insert' && change.after) {
    const after = change.after as Publisher;
    return [
      {
        event: { type: 'publisher.added', publisherId: after._id, name: after.publisherName },
        audience: publisherAudience,
      },
    ];
  }
  const doc = change.after ?? change.before;
  return doc
    ? [{ event: { type: 'publisher.changed', publisherId: doc._id }, audience: publisherAudience }]
    : [];
}

function userEvents(before: User | null, after: User | null): AddressedEvent[] {
  if (!after || after.role !== 'Admin' || before?.role === 'Admin') return [];
  return [
    {
      event: { type: 'user.madeAdmin', userId: after._id },
      audience: { public: false, admins: true, users: [after.email] },
    },
  ];
}
