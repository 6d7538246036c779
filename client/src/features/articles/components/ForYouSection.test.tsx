import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCard } from '@/test/article-fixtures';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen, sessionValue } from '@/test/render-screen';
import { ForYouSection } from './ForYouSection';

let api: ApiStandIn;
beforeAll(async () => {
  api = await startApiStandIn();
  api.respond((req) => {
    const url = new URL(req.path, 'http://stand-in');
    if (url.pathname !== '/me/for-you') return { status: 404, body: { message: 'Not found' } };
    const page = Number(url.searchParams.get('page'));
    const articles =
      page === 1
        ? [
            { ...articleCard(1), reason: 'following' },
            { ...articleCard(2, { Tags: ['sports', 'health'] }), reason: 'tags' },
            { ...articleCard(3), reason: 'trending' },
          ]
        : [{ ...articleCard(4), reason: 'trending' }];
    return {
      status: 200,
      body: { articles, page, limit: Number(url.searchParams.get('limit')), hasMore: page === 1 },
    };
  });
});
afterAll(() => api.close());

const forYouCalls = () => api.seen.filter((c) => c.path.startsWith('/me/for-you'));

describe('"For you" on Home', () => {
  it('a signed-in reader sees it, each card saying why, and pages with "Load more"', async () => {
    const user = userEvent.setup();
    renderScreen(<ForYouSection />);
    const section = await screen.findByRole('region', { name: 'For you' });
    await waitFor(() => expect(within(section).getAllByTestId('article-card')).toHaveLength(3));
    const [following, tags, trending] = within(section).getAllByTestId('article-card') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(following).getByText('From what you follow')).toBeInTheDocument();
    expect(within(tags).getByText('Because you read sports, health')).toBeInTheDocument();
    expect(within(trending).getByText('Trending')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(section).getAllByTestId('article-card')).toHaveLength(4));
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a signed-out visitor gets no section and no call', async () => {
    const before = forYouCalls().length;
    renderScreen(<ForYouSection />, { session: sessionValue({ user: null }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
    expect(forYouCalls().length).toBe(before);
  });

  it('nor while the server’s markup (drawn signed out) is being hydrated', async () => {
    const before = forYouCalls().length;
    renderScreen(<ForYouSection />, { hydrated: false });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('For you')).toBeNull();
    expect(forYouCalls().length).toBe(before);
  });
});
