import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleCard } from '@/test/article-fixtures';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { renderScreen, sessionValue } from '@/test/render-screen';
import { WriterPageView } from './WriterPageView';

// A public id as the API makes them (base64url: '-' and '_' travel in the URL as they are).
const WRITER = 'q3Xv0mB9_kR2sT7wYz-A1g';
const PAGE_SIZE = 10;
let api: ApiStandIn;

beforeAll(async () => {
  api = await startApiStandIn();
  api.respond((req) => {
    const url = new URL(req.path, 'http://stand-in');
    if (url.pathname === `/writers/${WRITER}`) {
      const page = Number(url.searchParams.get('page'));
      const first = (page - 1) * PAGE_SIZE;
      const count = page === 1 ? PAGE_SIZE : 3;
      return {
        status: 200,
        body: {
          // A stray address in the answer must still never be shown.
          writer: {
            _id: WRITER,
            name: 'Wendy Writer',
            photoURL: 'https://img.example/wendy.jpg',
            followers: 7,
            articleCount: 13,
            email: 'wendy@example.test',
          },
          articles: Array.from({ length: count }, (_, i) => articleCard(first + i + 1)),
          page,
          limit: Number(url.searchParams.get('limit')),
          totalPages: 2,
        },
      };
    }
    if (url.pathname === '/me/follows') return { status: 200, body: { publishers: [], writers: [] } };
    return { status: 404, body: { message: 'Writer not found' } };
  });
});
afterAll(() => api.close());

describe('a writer’s public page', () => {
  it('shows name, photo, followers and approved articles, never an e-mail; "Load more" pages', async () => {
    const user = userEvent.setup();
    renderScreen(<WriterPageView id={WRITER} />, { session: sessionValue({ user: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wendy Writer' })).toBeInTheDocument();
    expect(screen.getByText(/7 followers/)).toBeInTheDocument();
    expect(screen.getByText(/13 articles/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Wendy Writer' })).toBeInTheDocument();
    expect(screen.getAllByTestId('article-card')).toHaveLength(PAGE_SIZE);
    expect(document.title).toBe('Wendy Writer | Newsroom');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(PAGE_SIZE + 3));
    expect(api.seen.map((c) => c.path)).toContain(`/writers/${WRITER}?page=2&limit=${PAGE_SIZE}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    expect(document.body.textContent).not.toMatch(/@/);
    expect(document.body.innerHTML).not.toContain('wendy@example.test');
  });

  it('a signed-out reader’s Follow leads to the sign-in', async () => {
    const user = userEvent.setup();
    renderScreen(<WriterPageView id={WRITER} />, {
      session: sessionValue({ user: null }),
      path: `/writers/${WRITER}`,
    });
    await user.click(await screen.findByRole('link', { name: 'Follow Wendy Writer' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/login {"from":"/writers/${WRITER}"}`);
  });

  it('a signed-in reader gets the Follow button', async () => {
    renderScreen(<WriterPageView id={WRITER} />);
    const button = await screen.findByRole('button', { name: 'Follow Wendy Writer' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('an unknown writer: says so', async () => {
    renderScreen(<WriterPageView id={'d'.repeat(24)} />);
    expect(await screen.findByRole('heading', { name: 'Writer not found' })).toBeInTheDocument();
  });
});
