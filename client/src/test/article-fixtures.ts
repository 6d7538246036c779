import type { ArticleCard } from '@newsroom/common';

/** An approved article as lists answer it (no author e-mail); `n` makes its id and title unique. */
export function articleCard(n: number, overrides: Partial<ArticleCard> = {}): ArticleCard {
  return {
    _id: n.toString(16).padStart(24, '0'),
    articleTitle: `Story number ${n}`,
    articleImage: `https://img.example/${n}.jpg`,
    articleDescription: `What happened in story ${n}.`,
    publisher: 'Daily Planet',
    Tags: ['technology'],
    status: 'Approved',
    isPremium: 'No',
    createdAt: '2026-05-01T09:30:00.000Z',
    totalViewCount: n,
    userInfo: { name: 'Wendy Writer', image: '' },
    ...overrides,
  };
}
