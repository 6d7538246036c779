/**
 * Every reader screen at desktop and 360 px: its own document title, no serious/critical axe violations
 * in light and dark themes, and (E2E_SCREENSHOTS=1) screenshots of both themes (client/e2e/screenshots/).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  DEMO,
  DESKTOP,
  expectAccessibleInBothThemes,
  goto,
  login,
  MOBILE,
  newPage,
  screenshot,
  screenshotsWanted,
  setTheme,
  sharedBrowser,
} from './harness';

interface Card {
  _id: string;
  articleTitle: string;
  isPremium: 'Yes' | 'No';
}

interface Screen {
  name: string;
  route: () => string;
  /** A function when it depends on the seeded data (an article's headline). */
  title: string | (() => string);
  /** Signed-in screens use the demo reader. */
  signedIn?: boolean;
  ready: (page: Page) => Promise<void>;
}

let free: Card;
let premium: Card;

const screens: Screen[] = [
  {
    name: 'home',
    route: () => '/',
    title: 'Home | Newsroom',
    ready: async (page) => {
      await page.getByTestId('trending-carousel').waitFor();
      await page.getByTestId('publisher-grid').waitFor();
    },
  },
  {
    name: 'all-articles',
    route: () => '/all-articles',
    title: 'All Articles | Newsroom',
    ready: (page) => page.getByTestId('article-card').first().waitFor(),
  },
  {
    name: 'about-us',
    route: () => '/about-us',
    title: 'About Us | Newsroom',
    ready: (page) => page.getByText('Active users now').waitFor(),
  },
  {
    name: 'login',
    route: () => '/login',
    title: 'Login | Newsroom',
    ready: (page) => page.getByRole('heading', { name: 'Welcome back' }).waitFor(),
  },
  {
    name: 'registration',
    route: () => '/registration',
    title: 'Registration | Newsroom',
    ready: (page) => page.getByRole('heading', { name: 'Create your account' }).waitFor(),
  },
  {
    name: 'not-found',
    route: () => '/no-such-page',
    title: 'Page Not Found | Newsroom',
    ready: (page) => page.getByText('page not found').waitFor(),
  },
  {
    name: 'article-teaser',
    route: () => `/article-details/${free._id}`,
    title: () => free.articleTitle,
    ready: (page) => page.getByTestId('article-teaser').waitFor(),
  },
  {
    name: 'article-details',
    route: () => `/article-details/${free._id}`,
    title: () => free.articleTitle,
    signedIn: true,
    ready: (page) => page.getByTestId('article-body').waitFor(),
  },
  {
    name: 'premium-teaser',
    route: () => `/article-details/${premium._id}`,
    title: () => premium.articleTitle,
    signedIn: true,
    ready: (page) => page.getByTestId('premium-teaser').waitFor(),
  },
];

describe('reader screens: titles, accessibility and screenshots', () => {
  const browser = sharedBrowser();

  beforeAll(async () => {
    const cards = await apiGet<Card[]>('/all-articles/approved?limit=50');
    free = cards.find((c) => c.isPremium === 'No')!;
    premium = cards.find((c) => c.isPremium === 'Yes')!;
    expect(free, 'the seed has a free approved article').toBeDefined();
    expect(premium, 'the seed has a premium approved article').toBeDefined();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`every screen at ${size} (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser(), { viewport, theme: 'light' });
      let signedIn = false;
      for (const screen of screens) {
        if (screen.signedIn && !signedIn) {
          await login(page, DEMO.reader);
          signedIn = true;
        }
        await goto(page, screen.route());
        await screen.ready(page).catch(async (error: unknown) => {
          await screenshot(page, `FAILED-${screen.name}-${size}`, { always: true });
          throw error;
        });
        const title = typeof screen.title === 'function' ? screen.title() : screen.title;
        await expect.poll(() => page.title(), { message: `${screen.name} title` }).toBe(title);
        // No sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.name} fits ${viewport.width} px`).toBeLessThanOrEqual(0);

        // Every rule in the theme the screen opened in and the colour rules in the other; the next
        // screen opens in that other theme (the choice is kept), so the themes alternate.
        await expectAccessibleInBothThemes(page, `${screen.name} @${size}`, { stay: true });
        if (screenshotsWanted) {
          for (const theme of ['light', 'dark'] as const) {
            await setTheme(page, theme);
            await page.waitForTimeout(300);
            await screenshot(page, `${screen.name}-${size}-${theme}`);
          }
        }
      }
      await context.close();
    });
  }
});
