/**
 * Every route, as each kind of visitor sees it (signed out, reader, admin), at a phone's 390 px and
 * a laptop's 1366 px, in both themes: no violation of axe's WCAG 2.2 A and AA rules, whatever its
 * impact (issue 23; docs/accessibility.md). Every rule runs in the theme a route opens in, the colour
 * rules in the other; the themes alternate from route to route, so each sees both. The free article
 * is the one with the seed's conversation, so its page checks the comment screens for each visitor.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiGet,
  DEMO,
  expectAccessibleInBothThemes,
  goto,
  login,
  newPage,
  screenshot,
  sharedBrowser,
  type Account,
} from './harness';
import { serveStripeJsStandIn } from './stripe-js-standin';
import { apiToken } from './writer-admin-fixtures';

const browser = sharedBrowser();
const stripeApiBase = inject('stripeApiBase');

interface Card {
  _id: string;
  isPremium: 'Yes' | 'No';
}

let free: Card;
let premium: Card;
/** The public page of the free article's writer (its id comes with the signed-in article view). */
let writer: string;

beforeAll(async () => {
  const cards = await apiGet<Card[]>('/all-articles/approved?limit=50');
  // The free article with the most comments: its page shows the comment screens too (issue 36).
  const { counts } = await apiGet<{ counts: Record<string, number> }>(
    `/comments/counts?articles=${cards.map((c) => c._id).join(',')}`,
  );
  const comments = (c: Card) => counts[c._id] ?? 0;
  free = cards.filter((c) => c.isPremium === 'No').sort((x, y) => comments(y) - comments(x))[0]!;
  expect(comments(free), 'the seed has a conversation').toBeGreaterThan(0);
  premium = cards.find((c) => c.isPremium === 'Yes')!;
  expect(free && premium, 'the seed has free and premium approved articles').toBeTruthy();
  const article = await apiGet<{ userInfo?: { writerId?: string } }>(
    `/article/data/${free._id}`,
    await apiToken(DEMO.reader),
  );
  expect(article.userInfo?.writerId, 'the article names its writer').toBeTruthy();
  writer = `/writers/${article.userInfo!.writerId!}`;
});

/**
 * What a page has in flight, for `settled`: every request but the live events' stream, which stays
 * open. Playwright's 'networkidle' waits for 500 ms without a request, most of each route's visit
 * here (measured: 0.7 s of 1.2 s); 150 ms without one, counted from the last request to end (or from
 * the last in-app navigation, `navigated`), is enough to see a page's follow-up requests start (they
 * start as the one before ends, and a route's chunk and data requests start as it renders).
 */
interface Network {
  now(): { inFlight: number; quietFor: number };
  navigated(): void;
}
function watchRequests(page: Page): Network {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: unknown) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    now: () => ({ inFlight: inFlight.size, quietFor: Date.now() - lastChange }),
    navigated: () => {
      lastChange = Date.now();
    },
  };
}

/** A route has drawn its content: the network is quiet, and no skeleton or busy region is left. */
async function settled(page: Page, network: Network, label: string): Promise<void> {
  await expect
    .poll(
      () => {
        const now = network.now();
        return now.inFlight === 0 && now.quietFor >= 150;
      },
      {
        message: `${label}: requests still in flight`,
        timeout: 15_000,
        interval: 50,
      },
    )
    .toBe(true);
  // A skeleton, a busy region, or a spinner (a route's code still arriving shows one).
  const busy = page.locator('[aria-busy="true"]:visible, .animate-pulse:visible, .animate-spin:visible');
  await expect
    .poll(() => busy.evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 160))), {
      message: `${label}: still loading`,
      timeout: 10_000,
    })
    .toEqual([]);
}

/**
 * The next route, reached the way a reader moves around the app (a link: the router's history, not a
 * new page load). The first route of each visitor is loaded whole; every later one is drawn by the
 * running app, as after a click, so each check pays for axe and the route, not for a page load, the
 * app's start and the session's renewal again (measured: 18 s → 9 s for the reader's 18 routes).
 */
async function navigateInApp(page: Page, network: Network, route: string): Promise<void> {
  network.navigated();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL((url) => url.pathname + url.search === route);
}

/** /payment is reached the way a reader reaches it: a plan chosen on /subscription. */
async function toPayment(page: Page, network: Network): Promise<void> {
  await navigateInApp(page, network, '/subscription');
  await page.getByRole('option', { name: '10 days — $10' }).waitFor({ state: 'attached' });
  await page.getByLabel('Choose a plan').selectOption({ label: '10 days — $10' });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/payment');
  await expect.poll(() => page.getByRole('button', { name: /Pay \$10/ }).isEnabled()).toBe(true);
}

const PUBLIC = [
  '/',
  '/all-articles',
  () => `/article-details/${free._id}`,
  () => writer,
  '/about-us',
  '/accessibility',
];

const roles: { name: string; account: Account | null; routes: (string | (() => string))[] }[] = [
  {
    name: 'signed out',
    account: null,
    routes: [...PUBLIC, '/login', '/registration', '/no-such-page'],
  },
  {
    name: 'reader',
    account: DEMO.reader,
    routes: [
      ...PUBLIC,
      () => `/article-details/${premium._id}`,
      '/add-articles',
      '/my-articles',
      '/subscription',
      '/payment',
      '/user-dashboard',
      '/user-dashboard/my-profile',
      '/user-dashboard/billing',
      '/user-dashboard/gift-links',
      '/user-dashboard/email',
      '/subscription?plan=yearly',
      '/payment?plan=yearly',
    ],
  },
  {
    name: 'admin',
    account: DEMO.admin,
    routes: [
      ...PUBLIC,
      () => `/article-details/${premium._id}`,
      '/premium-articles',
      '/dashboard',
      '/dashboard/all-users',
      '/dashboard/all-articles-admin',
      '/dashboard/comments',
      '/dashboard/add-publisher',
      '/dashboard/revenue',
      '/dashboard/my-profile',
    ],
  },
];

const sizes = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 900 }],
] as const;

describe('axe on every route: WCAG 2.2 A and AA, three kinds of visitor, two sizes, both themes', () => {
  for (const role of roles) {
    for (const [size, viewport] of sizes) {
      it(`${role.name} at ${viewport.width} px`, async () => {
        const { context, page } = await newPage(browser(), { viewport, theme: 'light' });
        const network = watchRequests(page);
        try {
          await serveStripeJsStandIn(page, stripeApiBase);
          if (role.account) await login(page, role.account);
          let first = true;
          for (const entry of role.routes) {
            const route = typeof entry === 'function' ? entry() : entry;
            if (route === '/payment') await toPayment(page, network);
            else if (first) await goto(page, route);
            else await navigateInApp(page, network, route);
            first = false;
            const label = `${route} (${role.name}, ${viewport.width} px)`;
            await settled(page, network, label);
            await expectAccessibleInBothThemes(page, label, { stay: true, wcag22: true }).catch(
              async (error: unknown) => {
                await screenshot(page, `FAILED-axe-${role.name}-${size}-${route.replace(/\W+/g, '-')}`, {
                  always: true,
                });
                throw error;
              },
            );
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
