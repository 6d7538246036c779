import { describe, expect, it } from 'vitest';
import type { OwnArticle } from './types';
import { writerStats } from './WriterStatistics';

const article = (over: Partial<OwnArticle>): OwnArticle => ({
  _id: 'a'.repeat(24),
  articleTitle: 'Title',
  articleImage: 'http://127.0.0.1:5000/uploads/x.png',
  articleDescription: 'Body',
  publisher: 'Capital Times',
  Tags: ['finance'],
  status: 'Pending',
  isPremium: 'No',
  createdAt: '2026-11-01T10:00:00.000Z',
  totalViewCount: 0,
  userInfo: { name: 'Writer', image: '' },
  ...over,
});

describe('writerStats', () => {
  it('counts articles by status (Accepted reads as Approved), premium ones and total views', () => {
    const stats = writerStats([
      article({ status: 'Pending', totalViewCount: 0 }),
      article({ status: 'Approved', totalViewCount: 12, isPremium: 'Yes' }),
      article({ status: 'Accepted', totalViewCount: 3 }),
      article({ status: 'Declined', totalViewCount: 1 }),
    ]);
    expect(stats).toEqual({
      total: 4,
      byStatus: { Pending: 1, Approved: 2, Declined: 1, 'Changes requested': 0, Scheduled: 0 },
      premiumArticles: 1,
      totalViews: 16,
    });
  });

  it('is all zeros without articles', () => {
    expect(writerStats([])).toEqual({
      total: 0,
      byStatus: { Pending: 0, Approved: 0, Declined: 0, 'Changes requested': 0, Scheduled: 0 },
      premiumArticles: 0,
      totalViews: 0,
    });
  });
});
