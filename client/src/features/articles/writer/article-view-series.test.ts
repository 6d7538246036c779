import { describe, expect, it } from 'vitest';
import type { OwnArticle } from './types';
import { articleViewSeries } from './WriterStatistics';

const article = (id: string, title: string, totalViewCount: number): OwnArticle => ({
  _id: id,
  articleTitle: title,
  articleImage: '',
  articleDescription: '',
  publisher: 'P',
  Tags: [],
  status: 'Approved',
  isPremium: 'No',
  createdAt: '2026-03-01T00:00:00.000Z',
  totalViewCount,
  userInfo: { name: 'W', image: '' },
});

describe('articleViewSeries', () => {
  it('joins the history with the writer’s articles: zeros for none, deleted articles left out', () => {
    const series = articleViewSeries([article('a', 'First', 9), article('b', 'Second', 0)], {
      days: ['2026-03-09', '2026-03-10'],
      articles: [
        { _id: 'a', views: [2, 3], periodViews: 5 },
        { _id: 'gone', views: [1, 1], periodViews: 2 },
      ],
    });
    expect(series).toEqual([
      { key: 'a', label: 'First', views: [2, 3], periodViews: 5, totalViews: 9 },
      { key: 'b', label: 'Second', views: [0, 0], periodViews: 0, totalViews: 0 },
    ]);
  });
});
