/**
 * A reader on a slow phone uses the server's first screen before the app's code has arrived
 * (docs/decisions/hydrated-first-screen.md). Here the app's script files are held back for a few
 * seconds (the HTML and the styles arrive at once) and the person acts at once, as people do: types
 * into the forms key by key, taps Login, searches, follows a link. Nothing typed is lost, the sign-in
 * they asked for happens, and the password never travels in a URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, DEMO, DESKTOP, MOBILE, newPage, sharedBrowser, webUrl } from './harness';
import { addressesOf, appPending, appTookOver, holdAppCode } from './slow-phone';

const browser = sharedBrowser();

/** Every page the site server renders with its first screen. */
let pages: string[];

beforeAll(async () => {
  const approved = await apiGet<Array<{ _id: string; isPremium: string }>>(
    '/all-articles/approved?page=1&limit=20',
  );
  const free = approved.find((a) => a.isPremium !== 'Yes') ?? approved[0]!;
  pages = ['/', '/all-articles', `/article-details/${free._id}`, '/about-us', '/login', '/registration'];
});

describe('before the app has arrived', () => {
  it('a tap on Login signs in once the app runs, and the password is in no address', async () => {
    const { context, page } = await newPage(browser(), { viewport: MOBILE, theme: 'light' });
    const addresses = addressesOf(page);
    await holdAppCode(page);
    await page.goto(`${webUrl}/login`, { waitUntil: 'domcontentloaded' });

    const login = page.getByRole('button', { name: 'Login', exact: true });
    // The submit button works (its submit is held); a button that needs the app says it is not ready.
    expect(await login.getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByRole('button', { name: 'Forgot password?' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.getByLabel('Email').pressSequentially(DEMO.reader.email);
    await page.getByLabel('Password').pressSequentially(DEMO.reader.password);
    expect(await appPending(page), 'the app has not run yet').toBe(true);
    await login.click();
    expect(await login.getAttribute('aria-busy')).toBe('true');
    expect(page.url()).toBe(`${webUrl}/login`);

    // The app arrives, hydrates the page and completes the sign-in asked for.
    await page.getByText('Login successful').waitFor({ timeout: 30_000 });
    await page.getByTestId('avatar-button').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const password = [DEMO.reader.password, encodeURIComponent(DEMO.reader.password)];
    for (const address of addresses)
      for (const secret of password) expect(address, 'an address the page used').not.toContain(secret);
    await context.close();
  });

  it('what is typed into every registration field is still there when the app has taken over', async () => {
    const { context, page } = await newPage(browser(), { viewport: MOBILE, theme: 'dark' });
    await holdAppCode(page);
    await page.goto(`${webUrl}/registration`, { waitUntil: 'domcontentloaded' });
    const typed = { Name: 'Slow Phone Reader', Email: 'slow-phone@example.test', Password: 'Slowly!234' };
    for (const [label, value] of Object.entries(typed)) await page.getByLabel(label).pressSequentially(value);
    expect(await appPending(page), 'the app has not run yet').toBe(true);

    await appTookOver(page);
    for (const [label, value] of Object.entries(typed))
      expect(await page.getByLabel(label).inputValue(), label).toBe(value);
    expect(await appPending(page)).toBe(false);
    await context.close();
  });

  it('a search typed on all articles is kept and applied', async () => {
    const approved = await apiGet<Array<{ articleTitle: string }>>('/all-articles/approved?page=1&limit=20');
    const word = approved[approved.length - 1]!.articleTitle.split(/\s+/).find((w) => w.length >= 5)!;
    const { context, page } = await newPage(browser(), { viewport: DESKTOP, theme: 'light' });
    await holdAppCode(page);
    await page.goto(`${webUrl}/all-articles`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Search').pressSequentially(word);
    expect(await appPending(page), 'the app has not run yet').toBe(true);

    const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === word, {
      timeout: 30_000,
    });
    await appTookOver(page);
    await searched;
    expect(await page.getByLabel('Search').inputValue()).toBe(word);
    const titles = page.getByTestId('article-grid').getByRole('heading');
    await expect
      .poll(async () =>
        (await titles.allTextContents()).every((t) => t.toLowerCase().includes(word.toLowerCase())),
      )
      .toBe(true);
    await context.close();
  });

  it('a navigation link followed early goes to its page', async () => {
    const { context, page } = await newPage(browser(), { viewport: DESKTOP, theme: 'light' });
    await holdAppCode(page);
    await page.goto(`${webUrl}/`, { waitUntil: 'domcontentloaded' });
    await page
      .getByTestId('desktop-nav')
      .getByRole('link', { name: 'All Articles' })
      .click({ noWaitAfter: true });
    await page.waitForURL(`${webUrl}/all-articles`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'All Articles' }).waitFor();
    await context.close();
  });
});

describe('every server-rendered page', () => {
  it('has its password forms post, and a Content-Security-Policy without inline script allowance', async () => {
    for (const route of pages) {
      const res = await fetch(`${webUrl}${route}`, { headers: { accept: 'text/html' } });
      expect(res.status, route).toBe(200);
      const html = await res.text();
      expect(html, `${route}: server-rendered`).toContain('id="first-screen-data"');
      for (const [form] of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
        if (/type="password"/.test(form)) expect(form, route).toMatch(/^<form\b[^>]*\bmethod="post"/);
      }
      const csp = res.headers.get('content-security-policy') ?? '';
      const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scripts, route).toMatch(/'sha256-/);
      expect(scripts, route).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers.get('referrer-policy'), route).toBe('strict-origin-when-cross-origin');
    }
  });

  it('is hydrated by the app in both themes: the server’s elements kept, nothing left marked', async () => {
    // CSP violations and hydration errors on any page fail the file (harness.ts, sharedBrowser).
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser(), { viewport: MOBILE, theme });
      await holdAppCode(page, 300);
      // Mark the server's heading as soon as it is parsed: hydration keeps that very element (a new
      // render would not).
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () =>
          document.querySelector('#root h1')?.setAttribute('data-from-server', ''),
        ),
      );
      for (const route of pages) {
        await page.goto(`${webUrl}${route}`, { waitUntil: 'domcontentloaded' });
        await appTookOver(page);
        expect(await page.locator('#root h1[data-from-server]').count(), `${route} (${theme})`).toBe(1);
        expect(await appPending(page), route).toBe(false);
        expect(await page.locator('[data-until-app]').count(), route).toBe(0);
      }
      await context.close();
    }
  });
});
