import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCard } from '@/test/article-fixtures';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen } from '@/test/render-screen';
import { ArticleCardGrid } from './ArticleCardGrid';

let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
  // Each article's count is its number times ten.
  api.respond(({ path }) => {
    const ids = new URL(path, 'http://x').searchParams.get('articles')?.split(',') ?? [];
    return {
      status: 200,
      body: { counts: Object.fromEntries(ids.map((id) => [id, parseInt(id, 16) * 10])) },
    };
  });
});
afterAll(() => api.close());

const countCalls = () => api.seen.filter((r) => r.path.startsWith('/comments/counts'));

/** A list of cards paged like an infinite query: `more` appends the next page of three. */
function PagedGrid() {
  const [pages, setPages] = useState(1);
  const articles = Array.from({ length: pages * 3 }, (_, i) => articleCard(i + 1));
  return (
    <ArticleCardGrid
      articles={articles}
      canReadPremium={false}
      pages={{ hasNextPage: pages < 2, isFetchingNextPage: false, fetchNextPage: () => setPages(2) }}
    />
  );
}

describe('comment counts on the article cards', () => {
  it('shows each card’s count, asked for once per page of cards', async () => {
    const user = userEvent.setup();
    renderScreen(<PagedGrid />);
    const cards = await screen.findAllByTestId('article-card');
    await waitFor(() =>
      expect(within(cards[0]!).getByTestId('comment-count')).toHaveTextContent('10 comments'),
    );
    expect(within(cards[2]!).getByTestId('comment-count')).toHaveTextContent('30 comments');
    expect(countCalls()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const more = await screen.findAllByTestId('article-card');
    expect(more).toHaveLength(6);
    await waitFor(() =>
      expect(within(more[5]!).getByTestId('comment-count')).toHaveTextContent('60 comments'),
    );
    // One more request, for the new page's cards only.
    expect(countCalls()).toHaveLength(2);
    const second = new URL(countCalls()[1]!.path, 'http://x').searchParams.get('articles')!.split(',');
    expect(second).toEqual([4, 5, 6].map((n) => articleCard(n)._id));
  });

  it('asks nothing while the server’s markup is hydrated, and shows no count then', async () => {
    const before = countCalls().length;
    renderScreen(<PagedGrid />, { hydrated: false });
    await screen.findAllByTestId('article-card');
    await new Promise((r) => setTimeout(r, 100));
    expect(countCalls()).toHaveLength(before);
    expect(screen.queryByTestId('comment-count')).toBeNull();
  });
});
