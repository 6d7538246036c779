/** The article page opened through a gift link (`?gift=TOKEN`), as a reader sees it. */
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn, type Responder } from '@/test/api-stand-in';
import { articleCard } from '@/test/article-fixtures';
import { renderScreen, sessionValue } from '@/test/render-screen';
import ArticleDetails from './ArticleDetails';

const ARTICLE = articleCard(7, { isPremium: 'Yes', articleTitle: 'The long read' });
const FULL = {
  ...ARTICLE,
  articleDescription: 'The whole story, to its very last line.',
  decliningReason: null,
};
const TOKEN = 'T'.repeat(43);
const READER_KEY = 'K'.repeat(43);

let api: ApiStandIn;
const answer = (responder: Responder) =>
  api.respond((req) => {
    if (req.path === '/publisher-data') return { status: 200, body: [] };
    if (req.path.startsWith('/articles/related/')) return { status: 200, body: [] };
    if (req.path === '/me/follows') return { status: 200, body: { publishers: [], writers: [] } };
    if (req.path === `/articles/public/${ARTICLE._id}`) return { status: 200, body: ARTICLE };
    return responder(req);
  });

beforeAll(async () => {
  api = await startApiStandIn();
});
afterAll(() => api.close());
afterEach(() => {
  api.seen.length = 0;
  localStorage.clear();
});

const articlePage = (path: string, session = sessionValue({ user: null })) =>
  renderScreen(
    <Routes>
      <Route path="/article-details/:id" element={<ArticleDetails />} />
    </Routes>,
    { session, path },
  );

describe('a gift link opened signed out', () => {
  it('shows the whole article and who gave it, and keeps the reader key for the next open', async () => {
    answer((req) =>
      req.path === '/gift-links/open'
        ? {
            status: 200,
            body: {
              article: FULL,
              gift: { giftedBy: 'Priya Premium', expiresAt: '2026-05-09T09:30:00.000Z' },
              readerKey: READER_KEY,
            },
          }
        : { status: 404, body: { message: 'Not found' } },
    );
    articlePage(`/article-details/${ARTICLE._id}?gift=${TOKEN}`);
    expect(await screen.findByTestId('article-body')).toHaveTextContent(FULL.articleDescription);
    const banner = screen.getByTestId('gift-banner');
    expect(banner).toHaveTextContent('Gifted by Priya Premium, subscribe to read more');
    expect(within(banner).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription');
    const opened = api.seen.find((c) => c.path === '/gift-links/open')!;
    expect(opened.body).toEqual({ articleId: ARTICLE._id, token: TOKEN });
    expect(opened.bearer).toBeNull();
    expect(localStorage.getItem(`gift-reader:${TOKEN}`)).toBe(READER_KEY);
  });

  it('a link that no longer reads in full says why, above the teaser', async () => {
    localStorage.setItem(`gift-reader:${TOKEN}`, READER_KEY);
    answer((req) =>
      req.path === '/gift-links/open'
        ? {
            status: 402,
            body: {
              message: 'This gift link has reached its 10 readers',
              needPremium: true,
              teaser: ARTICLE,
              gift: { giftedBy: 'Priya Premium', refused: 'full' },
            },
          }
        : { status: 404, body: { message: 'Not found' } },
    );
    articlePage(`/article-details/${ARTICLE._id}?gift=${TOKEN}`);
    expect(await screen.findByTestId('gift-refused')).toHaveTextContent(
      'This gift link has reached its 10 readers',
    );
    expect(await screen.findByTestId('article-teaser')).toBeInTheDocument();
    expect(screen.queryByTestId('article-body')).toBeNull();
    expect(api.seen.find((c) => c.path === '/gift-links/open')!.body).toMatchObject({
      readerKey: READER_KEY,
    });
  });
});
