/** Which cached answers each domain event drops (cache/invalidation.ts): no more than it can change. */
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/domain.js';
import { AnswerCache, CacheGroup, TRENDING_KEY } from './answer-cache.js';
import { invalidate } from './invalidation.js';

const ANSWERS: Array<[group: string, key: string]> = [
  [CacheGroup.articleLists, TRENDING_KEY],
  [CacheGroup.articleLists, 'approved:1'],
  [CacheGroup.articleDetails, 'a1'],
  [CacheGroup.articleDetails, 'a2'],
  [CacheGroup.publishers, 'all'],
  [CacheGroup.publisherCounts, 'all'],
  [CacheGroup.userStats, 'counts'],
  [CacheGroup.comments, 'a1|newest|1|20'],
  [CacheGroup.comments, 'a1|oldest|1|20'],
  [CacheGroup.comments, 'a10|newest|1|20'],
];

/** The answers (group:key) an event drops, and the users whose guard record went stale. */
async function dropped(event: DomainEvent): Promise<{ answers: string[]; users: string[] }> {
  const cache = new AnswerCache();
  for (const [group, key] of ANSWERS)
    await cache.get(group, key, async () => ({ value: key, meta: undefined }));
  const versions = ['r@x.test', 'other@x.test'].map((e) => cache.version(CacheGroup.userRecords, e));
  invalidate(cache, event);
  const answers: string[] = [];
  for (const [group, key] of ANSWERS) {
    let rebuilt = false;
    await cache.get(group, key, async () => {
      rebuilt = true;
      return { value: key, meta: undefined };
    });
    if (rebuilt) answers.push(`${group}:${key}`);
  }
  const users = ['r@x.test', 'other@x.test'].filter(
    (e, i) => cache.version(CacheGroup.userRecords, e) !== versions[i],
  );
  return { answers, users };
}

const article = (approved: boolean) => ({ id: 'a1', title: 'T', writer: 'w@x.test', approved });

describe('domain events drop the cached answers they make stale, and no others', () => {
  it("a writer's edits of a draft keep the public lists; once it was public, the lists go", async () => {
    expect(await dropped({ type: 'article.edited', article: article(false), wasApproved: false })).toEqual({
      answers: ['article-details:a1', 'publisher-counts:all'],
      users: [],
    });
    expect(
      (await dropped({ type: 'article.edited', article: article(false), wasApproved: true })).answers,
    ).toEqual([
      'article-lists:trending',
      'article-lists:approved:1',
      'article-details:a1',
      'publisher-counts:all',
    ]);
  });

  it('moderation: approval drops the lists; a declined draft and a submission do not', async () => {
    // Approval can make a commenter a writer (a link on each of their comments): every page of comments.
    expect((await dropped({ type: 'article.approved', article: article(true) })).answers).toEqual([
      'article-lists:trending',
      'article-lists:approved:1',
      'article-details:a1',
      'comments:a1|newest|1|20',
      'comments:a1|oldest|1|20',
      'comments:a10|newest|1|20',
    ]);
    expect(
      (await dropped({ type: 'article.declined', article: article(false), reason: 'No' })).answers,
    ).toEqual(['article-details:a1']);
    expect((await dropped({ type: 'article.submitted', article: article(false) })).answers).toEqual([
      'article-details:a1',
      'publisher-counts:all',
    ]);
    expect((await dropped({ type: 'article.madePremium', article: article(false) })).answers).toEqual([
      'article-details:a1',
    ]);
    expect((await dropped({ type: 'article.deleted', article: article(true) })).answers).toEqual([
      'article-lists:trending',
      'article-lists:approved:1',
      'article-details:a1',
      'publisher-counts:all',
      'comments:a1|newest|1|20',
      'comments:a1|oldest|1|20',
      'comments:a10|newest|1|20',
    ]);
  });

  it('a counted view drops that article and trending only', async () => {
    expect((await dropped({ type: 'article.viewed', articleId: 'a2' })).answers).toEqual([
      'article-lists:trending',
      'article-details:a2',
    ]);
  });

  it("a comment drops that article's pages of comments (every order), not another's, nor any list", async () => {
    for (const change of [
      'created',
      'edited',
      'hidden',
      'restored',
      'removed',
      'pinned',
      'unpinned',
    ] as const) {
      const event: DomainEvent = {
        type: 'comment.changed',
        change,
        commentId: 'c',
        articleId: 'a1',
        title: 'T',
        premium: false,
        writer: 'w@x.test',
        author: 'r@x.test',
        shown: true,
      };
      expect(await dropped(event), change).toEqual({
        answers: ['comments:a1|newest|1|20', 'comments:a1|oldest|1|20'],
        users: [],
      });
    }
  });

  it('a new publisher drops the publishers and the counts per publisher', async () => {
    expect((await dropped({ type: 'publisher.added', publisherId: 'p', name: 'P' })).answers).toEqual([
      'publishers:all',
      'publisher-counts:all',
    ]);
  });

  it("user events drop that user's record; the counts only when premium, role or who exists changed", async () => {
    expect(await dropped({ type: 'user.changed', email: 'r@x.test', fields: ['lastSeenAt'] })).toEqual({
      answers: [],
      users: [],
    });
    expect(
      await dropped({ type: 'user.changed', email: 'r@x.test', fields: ['phone', 'lastSeenAt'] }),
    ).toEqual({
      answers: [],
      users: ['r@x.test'],
    });
    // A name or photo shows on the pages of comments.
    expect(await dropped({ type: 'user.changed', email: 'r@x.test', fields: ['name'] })).toEqual({
      answers: ['comments:a1|newest|1|20', 'comments:a1|oldest|1|20', 'comments:a10|newest|1|20'],
      users: ['r@x.test'],
    });
    for (const event of [
      { type: 'user.changed', email: 'r@x.test', fields: ['role'] },
      { type: 'user.registered', email: 'r@x.test' },
      { type: 'user.madeAdmin', email: 'r@x.test', userId: 'u' },
      { type: 'premium.granted', email: 'r@x.test', premiumEndAt: '2030-01-01T00:00:00.000Z' },
    ] as DomainEvent[]) {
      expect(await dropped(event), event.type).toEqual({
        answers: ['user-stats:counts'],
        users: ['r@x.test'],
      });
    }
  });
});
