/**
 * The app hydrates the site server's first screen (docs/decisions/hydrated-first-screen.md): for every
 * page the server renders, the markup of first-screen/server.tsx is put in #root and the app's own
 * tree (AppRoot, as main.tsx renders it) hydrates it with React's development build, which reports
 * every difference between the two (text, attributes, elements). None may be reported, the markup is
 * kept, and what a person typed into it before the app ran is still there for the app's handlers.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '@/app/AppRoot';
import { appRoutes, routes } from '@/app/route-table';
import { preloadScreens } from '@/app/screens';
import type { Article, ArticleTeaser } from '@/lib/api/types';
import { queryClient } from '@/lib/query-client';
import { startApiStandIn, type ApiStandIn } from '@/test/api-stand-in';
import { seedFirstScreen, type FirstScreenData } from './data';
import { startHandover } from './handover';
import { renderFirstScreen } from './server';

// React's act() outside @testing-library/react's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';
// A moment near midnight UTC: the reader's zone may put it on another day than the server's.
const createdAt = '2026-03-01T23:30:00.000Z';

const card = (n: number, premium = false): Article =>
  ({
    _id: `${ID.slice(0, -2)}${String(n).padStart(2, '0')}`,
    articleTitle: `Story number ${n}`,
    articleImage: `https://images.example.test/${n}.jpg`,
    articleDescription: `What happened in story ${n}, told at length.`,
    publisher: 'The Daily',
    Tags: ['politics'],
    isPremium: premium ? 'Yes' : 'No',
    createdAt,
    totalViewCount: 10 * n,
    status: 'approved',
    userInfo: { name: `Writer ${n}`, image: '' },
  }) as unknown as Article;

const teaser = {
  ...card(7),
  _id: ID,
} as unknown as ArticleTeaser;

const lists = { trending: [card(1), card(2, true), card(3)], approved: [card(4), card(5, true)] };

/** Every page the site server renders, with the data it renders it from. */
const PAGES: Array<[string, FirstScreenData]> = [
  ['/', { trending: lists.trending }],
  ['/all-articles', { approved: lists.approved }],
  [`/article-details/${ID}`, { teaser }],
  ['/about-us', {}],
  ['/login', {}],
  ['/registration', {}],
];

let api: ApiStandIn;
let root: Root | null = null;
let container: HTMLElement | null = null;

beforeAll(async () => {
  api = await startApiStandIn();
  // What the app reads once it has taken over (the page's lists again, publishers, counts, plans).
  api.respond((req) => {
    const path = req.path.split('?')[0]!;
    if (path === '/articles/trending') return { status: 200, body: lists.trending };
    if (path === '/all-articles/approved') return { status: 200, body: lists.approved };
    if (path === '/publisher-data') return { status: 200, body: [] };
    if (path === '/users-count') return { status: 200, body: { total: 3, normal: 2, premium: 1 } };
    return { status: 404, body: { message: 'Not found' } };
  });
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  queryClient.clear();
  vi.restoreAllMocks();
});

/**
 * The server's markup of `url` in #root, then the app hydrating it as main.tsx does (at `appUrl`:
 * the site renders a page from its path, the browser has the query too); `beforeApp` acts on the
 * page before the app's code runs. Returns what React reported.
 */
async function hydrate(
  url: string,
  data: FirstScreenData,
  beforeApp?: (page: HTMLElement) => void,
  appUrl = url,
) {
  const markup = await renderFirstScreen(url, data);
  expect(markup, url).not.toBeNull();
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup!;
  document.body.append(container);
  const server = container.innerHTML;
  beforeApp?.(container);

  const errors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  seedFirstScreen(queryClient, { ...data, fetchedAt: Date.now() });
  await preloadScreens(routes, appUrl);
  const router = createMemoryRouter(appRoutes, { initialEntries: [appUrl] });
  const handover = startHandover(container);
  let tookOver = false;
  await act(async () => {
    root = hydrateRoot(
      container!,
      <AppRoot
        router={router}
        hydrating
        onTookOver={() => {
          tookOver = true;
          handover();
        }}
      />,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return {
    errors: errors.mock.calls.map((args) => args.map(String).join(' ')),
    recoverable,
    tookOver,
    server,
  };
}

describe('the app hydrates every server-rendered page', () => {
  it.each(PAGES)('%s: no difference reported, the markup kept', async (url, data) => {
    const heading = () => container!.querySelector('h1');
    const { errors, recoverable, tookOver, server } = await hydrate(url, data);
    expect(recoverable, url).toEqual([]);
    expect(errors, url).toEqual([]);
    expect(tookOver, url).toBe(true);
    // The server's elements are the app's: the heading node is the one that was in the markup.
    const parsed = document.createElement('div');
    parsed.innerHTML = server;
    expect(heading()?.textContent, url).toBe(parsed.querySelector('h1')?.textContent);
  });
});

describe('an article page opened through a gift link (?gift=)', () => {
  it('hydrates the teaser the site rendered from its path, the markup kept', async () => {
    const url = `/article-details/${ID}`;
    const { errors, recoverable, tookOver } = await hydrate(
      url,
      { teaser },
      undefined,
      `${url}?gift=${'T'.repeat(43)}`,
    );
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(tookOver).toBe(true);
    expect(container!.querySelector('h1')?.textContent).toBe(teaser.articleTitle);
  });
});

describe('what was typed before the app ran', () => {
  const type = (page: HTMLElement, selector: string, value: string) => {
    const field = page.querySelector<HTMLInputElement>(selector)!;
    field.value = value;
  };

  it('stays in the login form, and a submit held meanwhile signs in with it', async () => {
    await hydrate('/login', {}, (page) => {
      type(page, '#login-email', 'reader@newsroom.test');
      type(page, '#login-password', 'Reader1234');
    });
    // A form library writes its defaults into the fields it registers; the handover gives them back.
    expect(container!.querySelector<HTMLInputElement>('#login-email')!.value).toBe('reader@newsroom.test');
    expect(container!.querySelector<HTMLInputElement>('#login-password')!.value).toBe('Reader1234');
  });

  it('stays in every registration field', async () => {
    await hydrate('/registration', {}, (page) => {
      for (const field of page.querySelectorAll<HTMLInputElement>('input:not([type="file"])'))
        field.value = field.type === 'password' ? 'Secret!234' : `typed ${field.id}`;
    });
    const fields = [...container!.querySelectorAll<HTMLInputElement>('input:not([type="file"])')];
    expect(fields.length).toBeGreaterThanOrEqual(3);
    for (const field of fields)
      expect(field.value, field.id).toBe(field.type === 'password' ? 'Secret!234' : `typed ${field.id}`);
  });

  it('the photo chosen on registration is the form’s: shown by its name', async () => {
    const photo = new File([new Uint8Array(8)], 'my-profile-picture-2026.png', { type: 'image/png' });
    await hydrate('/registration', {}, (page) => {
      // jsdom cannot build a FileList; what a browser's file chooser leaves on the field.
      const files = Object.assign([photo], { item: (i: number) => (i === 0 ? photo : null) });
      Object.defineProperty(page.querySelector('#reg-photo')!, 'files', { value: files, writable: true });
    });
    expect(container!.querySelector('[data-testid="photo-name"]')!.textContent).toBe('my-profile....png');
  });

  it('is searched for on all articles (the search box is the app’s state, not only its text)', async () => {
    await hydrate('/all-articles', { approved: lists.approved }, (page) =>
      type(page, '#article-search', 'market'),
    );
    const search = container!.querySelector<HTMLInputElement>('#article-search')!;
    expect(search.value).toBe('market');
    // The app asks for it (after its debounce), so it is the app's state and not the leftover text.

    await vi.waitFor(() => expect(api.seen.some((r) => r.path.includes('search=market'))).toBe(true), {
      timeout: 3000,
    });
    expect(search.value).toBe('market');
  });
});
