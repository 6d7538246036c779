/** Navbar links by sign-in state and role, cyan current link, mobile dropdown, theme persistence. */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  currentTheme,
  DEMO,
  goto,
  login,
  MOBILE,
  newPage,
  reload,
  screenshot,
  sharedBrowser,
} from './harness';

const browser = sharedBrowser();
afterAll(async () => {});

/** [label, href] of the desktop navbar links. */
async function desktopLinks(page: Page): Promise<string[][]> {
  return page
    .getByTestId('desktop-nav')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
}

const OPEN = [
  ['Home', '/'],
  ['All Articles', '/all-articles'],
];
const SIGNED_IN = [
  ['Add Articles', '/add-articles'],
  ['Subscription', '/subscription'],
  ['My Articles', '/my-articles'],
  ['Premium Articles', '/premium-articles'],
];
const ABOUT = ['About Us', '/about-us'];

describe('navbar', () => {
  it('signed out: the open links, Login and Register, no avatar', async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/');
    await page.getByTestId('desktop-nav').waitFor();
    expect(await desktopLinks(page)).toEqual([...OPEN, ABOUT]);
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Register', exact: true }).waitFor();
    expect(await page.getByTestId('avatar-button').count()).toBe(0);
    await context.close();
  });

  it('reader: signed-in links and Dashboard → /user-dashboard; no admin dashboard', async () => {
    // The light theme's accent is checked below (a first visit would be dark).
    const { context, page } = await newPage(browser(), { theme: 'light' });
    await login(page, DEMO.reader);
    await goto(page, '/all-articles');
    await expect
      .poll(() => desktopLinks(page))
      .toEqual([...OPEN, ...SIGNED_IN, ['Dashboard', '/user-dashboard'], ABOUT]);
    // The current page's link is highlighted in cyan.
    const current = page.getByTestId('desktop-nav').getByRole('link', { name: 'All Articles' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    const color = await current.evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(14, 116, 144)'); // cyan-700, the light theme accent
    const home = page.getByTestId('desktop-nav').getByRole('link', { name: 'Home' });
    expect(await home.evaluate((el) => getComputedStyle(el).color)).not.toBe(color);
    // An admin-only route sends a reader home.
    await goto(page, '/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('admin: Dashboard → /dashboard', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.admin);
    await goto(page, '/about-us');
    await expect
      .poll(() => desktopLinks(page))
      .toEqual([...OPEN, ...SIGNED_IN, ['Dashboard', '/dashboard'], ABOUT]);
    await context.close();
  });

  it('mobile (360 px): the dropdown menu holds the same links and navigates', async () => {
    const { context, page } = await newPage(browser(), { viewport: MOBILE });
    await login(page, DEMO.reader);
    await goto(page, '/');
    expect(await page.getByTestId('desktop-nav').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    const links = await menu
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
    expect(links).toEqual([...OPEN, ...SIGNED_IN, ['Dashboard', '/user-dashboard'], ABOUT]);
    await screenshot(page, 'mobile-menu-open');
    await menu.getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(/\/about-us$/);
    await menu.waitFor({ state: 'detached' });
    await context.close();
  });

  it('the theme toggle switches dark/light and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser(), { theme: 'light' });
    const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await goto(page, '/all-articles');
    expect(await currentTheme(page)).toBe('light');
    const lightBg = await bodyBackground();
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await currentTheme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The colours change through a (for this reader, near-instant) transition: read them once it ran.
    await expect.poll(bodyBackground).not.toBe(lightBg);
    const darkBg = await bodyBackground();
    await reload(page);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await currentTheme(page)).toBe('dark');
    expect(await bodyBackground()).toBe(darkBg);
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await reload(page);
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await currentTheme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });

  it('404: "page not found" and Back returns to the previous page', async () => {
    const { context, page } = await newPage(browser());
    await goto(page, '/about-us');
    await page.getByText('Active users now').waitFor();
    await goto(page, '/this/does/not/exist');
    await page.getByRole('heading', { name: 'page not found' }).waitFor();
    expect(await page.title()).toBe('Page Not Found | Newsroom');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/about-us$/);
    await page.getByText('Active users now').waitFor();
    await context.close();
  });
});
