/** The metered paywall, "Gift this article" and the Gift links tab, as a reader sees them. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApiStandIn, type ApiStandIn, type Responder } from '@/test/api-stand-in';
import { articleCard } from '@/test/article-fixtures';
import { renderScreen, sessionValue } from '@/test/render-screen';
import { ArticleDetailsView } from './ArticleDetailsView';
import { GiftArticleButton } from './GiftArticleButton';
import { GiftLinksTable } from './GiftLinksTable';

const ARTICLE = articleCard(7, { isPremium: 'Yes', articleTitle: 'The long read' });
const FULL = {
  ...ARTICLE,
  articleDescription: 'The whole story, to its very last line.',
  decliningReason: null,
};
const TOKEN = 'T'.repeat(43);
const link = (overrides: Record<string, unknown> = {}) => ({
  _id: 'a'.repeat(24),
  articleId: ARTICLE._id,
  articleTitle: 'The long read',
  token: TOKEN,
  createdAt: '2026-05-01T09:30:00.000Z',
  readers: 3,
  maxReaders: 10,
  firstOpenedAt: '2026-05-02T09:30:00.000Z',
  expiresAt: '2026-05-09T09:30:00.000Z',
  revokedAt: null,
  status: 'active',
  ...overrides,
});

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

describe('the metered paywall', () => {
  it('says how many free premium articles of the month are used', async () => {
    answer((req) => {
      if (req.path.startsWith('/articles/view-count/'))
        return { status: 200, body: { counted: true, totalViewCount: 1 } };
      if (req.path === `/article/data/${ARTICLE._id}`)
        return { status: 200, body: { ...FULL, meter: { used: 1, limit: 2 } } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderScreen(<ArticleDetailsView id={ARTICLE._id} />);
    expect(await screen.findByTestId('meter-line')).toHaveTextContent(
      '1 of 2 free premium articles this month',
    );
    expect(screen.getByTestId('article-body')).toHaveTextContent(FULL.articleDescription);
    // A reader without premium is not offered a gift link.
    expect(screen.queryByRole('button', { name: 'Gift this article' })).toBeNull();
  });

  it('once used up: the teaser, that the free reads are used, and the subscribe call-to-action', async () => {
    answer((req) => {
      if (req.path === `/article/data/${ARTICLE._id}` || req.path.startsWith('/articles/view-count/'))
        return {
          status: 402,
          body: { needPremium: true, message: 'premium', teaser: ARTICLE, meter: { used: 2, limit: 2 } },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderScreen(<ArticleDetailsView id={ARTICLE._id} />);
    const teaser = await screen.findByTestId('premium-teaser');
    expect(within(teaser).getByTestId('meter-used-up')).toHaveTextContent(
      'You have read your 2 free premium articles this month.',
    );
    expect(within(teaser).getByRole('link', { name: 'Subscribe now' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});

describe('Gift this article', () => {
  it('creates the link, shows it with a copy button and how many links are left', async () => {
    const user = userEvent.setup();
    answer((req) => {
      if (req.path === '/me/gift-links')
        return {
          status: 200,
          body: { links: [], allowance: { limit: 10, usedThisMonth: 0, remainingThisMonth: 10 } },
        };
      if (req.path === '/gift-links' && req.method === 'POST')
        return {
          status: 201,
          body: {
            link: link({ readers: 0, status: 'unopened' }),
            allowance: { limit: 10, usedThisMonth: 1, remainingThisMonth: 9 },
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderScreen(<GiftArticleButton articleId={ARTICLE._id} />, {
      session: sessionValue({ subscribed: true }),
    });
    expect(await screen.findByText('10 gift links left this month')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gift this article' }));
    const field = await screen.findByLabelText('Gift link');
    expect(field).toHaveValue(`${window.location.origin}/article-details/${ARTICLE._id}?gift=${TOKEN}`);
    expect(screen.getByText('9 gift links left this month')).toBeInTheDocument();
    expect(api.seen.find((c) => c.path === '/gift-links')!.body).toEqual({ articleId: ARTICLE._id });

    const writeText = (text: string) => {
      copied.push(text);
      return Promise.resolve();
    };
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(copied).toEqual([`${window.location.origin}/article-details/${ARTICLE._id}?gift=${TOKEN}`]);
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    answer((req) => {
      if (req.path === '/me/gift-links')
        return {
          status: 200,
          body: { links: [], allowance: { limit: 10, usedThisMonth: 3, remainingThisMonth: 7 } },
        };
      if (req.path === '/gift-links')
        return { status: 409, body: { message: 'You have used your 10 gift links this month' } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderScreen(<GiftArticleButton articleId={ARTICLE._id} />, {
      session: sessionValue({ subscribed: true }),
    });
    await user.click(await screen.findByRole('button', { name: 'Gift this article' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have used your 10 gift links this month');
  });
});

describe('the Gift links tab', () => {
  it('lists the links (article, readers of 10, expiry) and revokes one', async () => {
    const user = userEvent.setup();
    let revoked = false;
    answer((req) => {
      const current = revoked ? link({ status: 'revoked', revokedAt: '2026-05-03T09:30:00.000Z' }) : link();
      if (req.path === '/me/gift-links')
        return {
          status: 200,
          body: { links: [current], allowance: { limit: 10, usedThisMonth: 1, remainingThisMonth: 9 } },
        };
      if (req.method === 'DELETE' && req.path === `/me/gift-links/${'a'.repeat(24)}`) {
        revoked = true;
        return { status: 200, body: link({ status: 'revoked', revokedAt: '2026-05-03T09:30:00.000Z' }) };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    renderScreen(<GiftLinksTable />);
    const row = await screen.findByTestId('gift-link-row');
    expect(within(row).getByRole('link', { name: 'The long read' })).toHaveAttribute(
      'href',
      `/article-details/${ARTICLE._id}`,
    );
    expect(within(row).getByText('3 of 10')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('gift-allowance')).toHaveTextContent('9 gift links left this month');

    await user.click(within(row).getByRole('button', { name: 'Revoke: The long read' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('gift-link-row')).getByText('Revoked', {
          selector: 'td[data-label="Status"]',
        }),
      ).toBeInTheDocument(),
    );
    expect(api.seen.some((c) => c.method === 'DELETE')).toBe(true);
    expect(
      within(screen.getByTestId('gift-link-row')).getByRole('button', { name: 'Revoke: The long read' }),
    ).toBeDisabled();
  });

  it('tells a link waiting for its first open from one nobody opened in time', async () => {
    const waiting = link({
      _id: 'b'.repeat(24),
      readers: 0,
      firstOpenedAt: null,
      expiresAt: null,
      status: 'unopened',
    });
    const unread = link({
      _id: 'c'.repeat(24),
      readers: 0,
      firstOpenedAt: null,
      expiresAt: null,
      status: 'expired',
    });
    answer(() => ({
      status: 200,
      body: { links: [waiting, unread], allowance: { limit: 10, usedThisMonth: 2, remainingThisMonth: 8 } },
    }));
    renderScreen(<GiftLinksTable />);
    const [first, second] = await screen.findAllByTestId('gift-link-row');
    expect(within(first!).getAllByText('Not opened yet')).toHaveLength(2); // status and expiry
    expect(within(second!).getByText('Expired')).toBeInTheDocument();
    expect(within(second!).getByText('Never opened')).toBeInTheDocument();
  });
});
