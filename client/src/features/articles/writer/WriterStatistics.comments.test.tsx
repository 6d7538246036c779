import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { articleCard } from '@/test/article-fixtures';
import { READER, renderScreen } from '@/test/render-screen';
import type { OwnArticle } from './types';
import { WriterStatistics } from './WriterStatistics';

// Cards have every field the statistics read; the writer's own list adds only optional ones.
const ARTICLES: OwnArticle[] = [
  articleCard(1, { articleTitle: 'Harbour plan' }),
  articleCard(2, { articleTitle: 'Budget night' }),
  articleCard(3, { articleTitle: 'A very long title about the council meeting that ran late' }),
];
const [harbour, budget, council] = ARTICLES.map((a) => a._id) as [string, string, string];

let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
  api.respond(({ path }) => {
    if (path === `/articles/${encodeURIComponent(READER.email!)}`) return { status: 200, body: ARTICLES };
    if (path.startsWith('/stats/my-article-views')) {
      return {
        status: 200,
        body: {
          days: ['2026-03-09', '2026-03-10'],
          articles: [],
          followers: 0,
          // The harbour plan has none yet: the server still names it, at 0.
          commentCounts: { [harbour]: 0, [budget]: 2, [council]: 5 },
        },
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(async () => {
  await api.close();
});

describe('the writer’s statistics', () => {
  it('show the comments on each article, most commented first, and their sum', async () => {
    renderScreen(<WriterStatistics premiumEndAt={null} isAdmin={false} />);
    const table = await screen.findByRole('table', { name: 'Comments per article' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Article', 'Comments'],
      ['A very long title about the co...', '5'],
      ['Budget night', '2'],
      ['Harbour plan', '0'],
    ]);
    const figure = table.closest('figure')!;
    expect(within(figure).getByRole('heading', { name: 'Comments per article' })).toBeVisible();
    expect(figure).toHaveTextContent('7 comments in all.');
  });
});
