/**
 * The landing pages' first screen comes with the page (docs/decisions/server-rendered-first-screen.md):
 * the raw HTML already holds the headline and the leading image with its srcset, the page is readable
 * and accessible before any of the app's JavaScript runs, and the app takes over without a layout
 * shift, a second copy of the content or the wrong theme.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  currentTheme,
  expectNoSeriousA11yViolations,
  goto,
  MOBILE,
  newPage,
  sharedBrowser,
  webUrl,
} from './harness';

interface Card {
  _id: string;
  articleTitle: string;
  articleImage: string;
  isPremium: 'Yes' | 'No';
}

const browser = sharedBrowser();
let trending: Card[];
let approved: Card[];

/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The markup inside #root of the page at `route`, as a crawler (or a browser before any script) gets it. */
async function rawRoot(route: string): Promise<string> {
  const res = await fetch(`${webUrl}${route}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  return html.slice(html.indexOf('<div id="root">'));
}

/** The data the page hands to the app (the JSON inside #first-screen-data). */
function firstScreenData(markup: string): { trending?: Card[]; approved?: Card[] } {
  const open = '<script type="application/json" id="first-screen-data">';
  const start = markup.indexOf(open);
  expect(start, 'first-screen data in the page').toBeGreaterThan(-1);
  const json = markup.slice(start + open.length, markup.indexOf('</script>', start));
  return JSON.parse(json) as { trending?: Card[]; approved?: Card[] };
}

/** The <img> fetched first (attribute names are case-insensitive in HTML; React writes `fetchPriority`). */
const leadImage = (markup: string) =>
  [...markup.matchAll(/<img\b[^>]*>/gi)].map((m) => m[0]).find((tag) => /fetchpriority="high"/i.test(tag)) ??
  '';

/** A page whose own scripts never load (inline ones, like the theme script, still run). */
async function withoutAppCode(page: Page): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort());
}

beforeAll(async () => {
  approved = await apiGet<Card[]>('/all-articles/approved?page=1&limit=20');
  trending = await apiGet<Card[]>('/articles/trending');
  expect(trending.length).toBeGreaterThan(0);
  expect(approved.length).toBeGreaterThan(0);
});

describe('the first screen in the HTML', () => {
  it('home and all articles carry their headline and the leading image with srcset, fetched first', async () => {
    for (const [route, list, heading] of [
      ['/', 'trending', 'Trending now'],
      ['/all-articles', 'approved', 'All Articles'],
    ] as const) {
      const root = await rawRoot(route);
      expect(root, route).toContain(`>${heading}</h1>`);
      // The app gets the same data, so its first render draws the same screen. Other files post,
      // approve and delete test articles meanwhile (the site reads its lists again after each), so the
      // lead story is taken from the page's own data.
      const lead = firstScreenData(root)[list]?.[0];
      expect(lead, `${route}: lead story in the page's data`).toBeDefined();
      expect(root, route).toContain(asHtml(lead!.articleTitle));
      const image = leadImage(root);
      const src = image.match(/\bsrc="([^"]*)"/i)?.[1];
      expect(src, `${route}: the image fetched first is the lead story's`).toBe(asHtml(lead!.articleImage));
      expect(image, route).not.toMatch(/loading="lazy"/i);
      const candidates = image.match(/\bsrcset="([^"]*)"/i)?.[1]?.split(',') ?? [];
      // One candidate per stored width (a small test upload has only its own).
      expect(candidates.length, `${route}: srcset candidates`).toBeGreaterThan(0);
      for (const candidate of candidates) expect(candidate.trim(), route).toMatch(/^\S+ \d+w$/);
    }
  });

  it('an article page carries its headline and image; /login its form', async () => {
    const free = approved.find((a) => a.isPremium !== 'Yes') ?? approved[0]!;
    const article = await rawRoot(`/article-details/${free._id}`);
    expect(article).toContain(asHtml(free.articleTitle));
    expect(leadImage(article)).toMatch(/\bsrcset="[^"]+ \d+w"/i);
    const login = await rawRoot('/login');
    expect(login).toContain('Welcome back');
    expect(login).toMatch(/<input[^>]*type="password"/);
  });

  it('before the app runs, a phone shows the page readable and accessible in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser(), { viewport: MOBILE, theme });
      await withoutAppCode(page);
      const lead = firstScreenData(await rawRoot('/')).trending![0]!;
      await page.goto(`${webUrl}/`);
      // The inline script applied the stored theme before the first paint.
      expect(await currentTheme(page)).toBe(theme);
      await expect(page.getByRole('heading', { level: 1, name: 'Trending now' }).isVisible()).resolves.toBe(
        true,
      );
      const headline = page.getByRole('heading', { level: 2, name: lead.articleTitle }).first();
      await expect(headline.isVisible()).resolves.toBe(true);
      // The lead image is loaded from its srcset (a variant, not the full upload).
      const image = page.locator('img[fetchpriority="high"]').first();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe(lead.articleImage);
      // The theme toggle shows the icon of the theme in use (only one is displayed).
      await expect(page.getByTestId('theme-toggle').locator('svg:visible').count()).resolves.toBe(1);
      await expectNoSeriousA11yViolations(page, `home before the app runs (${theme})`, {
        coloursOnly: theme === 'dark',
      });
      await context.close();
    }
  });
});

describe("the app's code", () => {
  it('is fetched only once the first screen is on screen (after the first contentful paint)', async () => {
    for (const route of ['/', '/all-articles']) {
      const { context, page } = await newPage(browser(), { viewport: MOBILE, theme: 'light' });
      await goto(page, route);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        code: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      }));
      expect(timing.paint, route).toBeDefined();
      expect(timing.code.length, route).toBeGreaterThan(0);
      expect(Math.min(...timing.code), route).toBeGreaterThanOrEqual(timing.paint!);
      await context.close();
    }
  });
});

describe('a returning reader', () => {
  it('sees the session placeholder, not Login and Register, before the app runs; the app then decides', async () => {
    for (const returning of [false, true]) {
      const { context, page } = await newPage(browser(), { theme: 'light' });
      // The kept signed-in hint, without a Firebase session behind it (signed out elsewhere).
      if (returning) await page.addInitScript(() => localStorage.setItem('signed-in', '1'));
      await withoutAppCode(page);
      await page.goto(`${webUrl}/`);
      await page.getByRole('heading', { level: 1, name: 'Trending now' }).waitFor();
      const label = returning ? 'returning reader' : 'first visit';
      const login = page.getByRole('link', { name: 'Login', exact: true });
      const register = page.getByRole('link', { name: 'Register', exact: true });
      expect(await login.isVisible(), label).toBe(!returning);
      expect(await register.isVisible(), label).toBe(!returning);
      expect(await page.getByTestId('session-placeholder').isVisible(), label).toBe(returning);

      // With its code, the app restores what it can: nothing here, so Login and Register come back.
      await page.unroute('**/assets/*.js');
      await goto(page, '/');
      await login.waitFor();
      expect(await register.isVisible(), label).toBe(true);
      expect(await page.getByTestId('session-placeholder').isVisible(), label).toBe(false);
      await context.close();
    }
  });

  it("gets Login and Register back after ten seconds when the app's code never runs", async () => {
    const { context, page } = await newPage(browser(), { theme: 'dark' });
    await page.clock.install();
    await page.addInitScript(() => localStorage.setItem('signed-in', '1'));
    await withoutAppCode(page);
    await page.goto(`${webUrl}/`);
    const login = page.getByRole('link', { name: 'Login', exact: true });
    expect(await login.isVisible()).toBe(false);
    await page.clock.fastForward(9_000);
    expect(await login.isVisible()).toBe(false);
    await page.clock.fastForward(1_500);
    await login.waitFor();
    expect(await page.getByTestId('session-placeholder').isVisible()).toBe(false);
    await context.close();
  });
});

describe('the app takes over the first screen', () => {
  it('without a layout shift, a second copy or a change of theme', async () => {
    for (const [route, theme] of [
      ['/', 'dark'],
      ['/', 'light'],
      ['/all-articles', 'light'],
    ] as const) {
      const { context, page } = await newPage(browser(), { viewport: MOBILE, theme });
      await page.addInitScript(
        (skeleton) => {
          const w = window as unknown as { shifts: number };
          w.shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
              if (!entry.hadRecentInput) w.shifts += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          const s = window as unknown as { skeleton: boolean };
          s.skeleton = false;
          new MutationObserver(() => {
            if (document.querySelector(skeleton)) s.skeleton = true;
          }).observe(document, { childList: true, subtree: true });
        },
        // The lead content's loading skeleton: the carousel's, or the grid's pulsing cards.
        route === '/' ? '[aria-label="Loading trending stories"]' : '#main .card.animate-pulse',
      );
      await goto(page, route); // returns once the app has replaced the server's markup
      await page.waitForLoadState('networkidle');
      const label = `${route} (${theme})`;
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts), label).toBeLessThan(
        0.02,
      );
      expect(await currentTheme(page), label).toBe(theme);
      expect(await page.locator('#main').count(), label).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).count(), label).toBe(1);
      // The app drew its first screen from the page's data: its loading skeleton never showed.
      expect(await page.evaluate(() => (window as unknown as { skeleton: boolean }).skeleton), label).toBe(
        false,
      );
      if (route === '/') {
        expect(await page.getByTestId('trending-carousel').count(), label).toBe(1);
        if (trending.length > 1) {
          // The app's own carousel: its navigation works.
          const second = await page.locator('.swiper-slide').nth(1).locator('h2').textContent();
          await page.locator('.swiper-pagination-bullet').nth(1).click();
          await expect.poll(() => page.locator('.swiper-slide-active h2').textContent()).toBe(second);
        }
      } else {
        expect(await page.getByTestId('article-grid').count(), label).toBe(1);
        await page.getByLabel('Search').fill('zzzz-no-such-article');
        await page.getByTestId('no-articles').waitFor();
      }
      await context.close();
    }
  });
});
