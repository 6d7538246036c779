import { describe, expect, it } from 'vitest';
import { withKeptRows } from './kept-rows';
import type { AdminArticle } from './types';

const row = (id: string, status: AdminArticle['status'] = 'Pending'): AdminArticle => ({
  _id: id,
  articleTitle: `Title ${id}`,
  articleImage: '',
  publisher: 'P',
  Tags: [],
  status,
  isPremium: 'No',
  createdAt: '2026-01-01T00:00:00.000Z',
  totalViewCount: 0,
  userInfo: {},
});

describe('withKeptRows', () => {
  it('puts a moderated row that left the view back at its place, with its new status', () => {
    // b was approved at index 1 and the refreshed Pending page no longer has it.
    const kept = new Map([['b', { article: row('b', 'Approved'), index: 1 }]]);
    const shown = withKeptRows([row('a'), row('c'), row('d')], kept);
    expect(shown.map((r) => [r._id, r.status])).toEqual([
      ['a', 'Pending'],
      ['b', 'Approved'],
      ['c', 'Pending'],
      ['d', 'Pending'],
    ]);
  });

  it('prefers the server’s row while the view still lists it, and keeps several in order', () => {
    const kept = new Map([
      ['c', { article: row('c', 'Declined'), index: 2 }],
      ['a', { article: row('a', 'Approved'), index: 0 }],
      ['x', { article: row('x', 'Approved'), index: 1 }],
    ]);
    const shown = withKeptRows([row('x', 'Approved'), row('b')], kept);
    expect(shown.map((r) => r._id)).toEqual(['a', 'x', 'c', 'b']);
    // A place past the end goes last.
    const alone = withKeptRows([], new Map([['z', { article: row('z'), index: 4 }]]));
    expect(alone.map((r) => r._id)).toEqual(['z']);
  });
});
