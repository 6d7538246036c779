/**
 * One vocabulary (issue 35): every live event `common/src/events.ts` declares is what some domain event
 * becomes, and every live event the mapper makes is one the client's parser accepts. A live event
 * declared and never sent (as `publisher.changed` once was) fails here.
 */
import { isLiveMessage, LIVE_EVENT_TYPES } from '@newsroom/common';
import { describe, expect, it } from 'vitest';
import type { ArticleFacts, DomainEvent } from './domain.js';
import { liveEventsOf } from './mapper.js';

const article = (approved: boolean): ArticleFacts => ({
  id: 'a1',
  title: 'Harbour lights',
  writer: 'w@example.test',
  approved,
});

/** Every kind of domain event, in each of the shapes the mapper tells apart (the compiler asks for all). */
const SAMPLES: { [T in DomainEvent['type']]: Extract<DomainEvent, { type: T }>[] } = {
  'article.submitted': [{ type: 'article.submitted', article: article(false) }],
  'article.edited': [
    { type: 'article.edited', article: article(false), wasApproved: false },
    { type: 'article.edited', article: article(false), wasApproved: true },
  ],
  'article.approved': [{ type: 'article.approved', article: article(true) }],
  'article.declined': [{ type: 'article.declined', article: article(false), reason: 'Sources missing' }],
  'article.changesRequested': [
    {
      type: 'article.changesRequested',
      article: article(false),
      note: 'Add prices',
      at: '2026-11-29T00:00:00Z',
    },
  ],
  'article.scheduled': [
    { type: 'article.scheduled', article: article(false), publishAt: '2026-12-01T09:00:00.000Z' },
  ],
  'article.madePremium': [{ type: 'article.madePremium', article: article(true) }],
  'article.deleted': [{ type: 'article.deleted', article: article(true) }],
  'article.viewed': [{ type: 'article.viewed', articleId: 'a1', reader: 'r@example.test' }],
  'publisher.added': [{ type: 'publisher.added', publisherId: 'p1', name: 'Harbour Times' }],
  'user.registered': [{ type: 'user.registered', email: 'r@example.test' }],
  'user.changed': [{ type: 'user.changed', email: 'r@example.test', fields: ['name'] }],
  'user.madeAdmin': [{ type: 'user.madeAdmin', userId: 'u1', email: 'r@example.test' }],
  'premium.granted': [{ type: 'premium.granted', email: 'r@example.test', premiumEndAt: null }],
  'premium.changed': [
    { type: 'premium.changed', email: 'r@example.test', premiumEndAt: null, change: 'lapsed' },
  ],
  'follow.added': [{ type: 'follow.added', follower: 'r@example.test', kind: 'publisher', target: 'p1' }],
  'follow.removed': [{ type: 'follow.removed', follower: 'r@example.test', kind: 'publisher', target: 'p1' }],
  'gift.changed': [{ type: 'gift.changed', creator: 'r@example.test', linkId: 'g1', change: 'opened' }],
  'comment.changed': [
    {
      type: 'comment.changed',
      change: 'created',
      commentId: 'c1',
      articleId: 'a1',
      title: 'Harbour lights',
      premium: false,
      writer: 'w@example.test',
      author: 'r@example.test',
      shown: true,
    },
  ],
  'meter.counted': [{ type: 'meter.counted', reader: 'r@example.test', articleId: 'a1', used: 1 }],
};

const mapped = Object.values(SAMPLES)
  .flat()
  .flatMap((event) => liveEventsOf(event as DomainEvent));

describe('one vocabulary of events', () => {
  it('every declared live event is what some domain event becomes', () => {
    const sent = new Set(mapped.map((m) => m.event.type));
    expect([...LIVE_EVENT_TYPES].filter((type) => !sent.has(type))).toEqual([]);
  });

  it("every live event made is one the client's parser reads, and carries no email", () => {
    for (const { event } of mapped) {
      expect(isLiveMessage({ ...event, own: false }), event.type).toBe(true);
      expect(JSON.stringify(event), event.type).not.toContain('@');
    }
  });
});
