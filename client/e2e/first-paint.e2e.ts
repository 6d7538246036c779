/**
 * Firebase Auth is off the first-paint path: a signed-out visitor's pages never fetch it (nor Google's
 * or Stripe's scripts), and a signed-in reader who reloads sees the public page while their session is
 * restored, then their signed-in navbar.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, DEMO, goto, login, MOBILE, newPage, sharedBrowser, webUrl } from './harness';
import { e2eEnv } from './env';

const browser = sharedBrowser();

/** The lazily loaded chunk of lib/firebase.ts. */
const FIREBASE_CHUNK = /\/assets\/firebase-[\w-]+\.js$/;
const isFirebaseChunk = (url: string) => FIREBASE_CHUNK.test(new URL(url).pathname);

function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

describe('first paint without Firebase Auth', () => {
  it('a signed-out visitor reads home, all articles and an article with no Firebase, Google or Stripe requests', async () => {
    const approved = await apiGet<{ _id: string; articleTitle: string; isPremium: string }[]>(
      '/all-articles/approved?limit=20',
    );
    const article = approved.find((a) => a.isPremium !== 'Yes');
    const { context, page } = await newPage(browser());
    const urls = requestsOf(page);

    await goto(page, '/');
    await page.getByTestId('trending-carousel').waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await goto(page, '/all-articles');
    await page.getByTestId('article-card').first().waitFor();
    await goto(page, `/article-details/${article!._id}`);
    await page.getByRole('heading', { name: article!.articleTitle }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(urls.filter(isFirebaseChunk)).toEqual([]);
    const foreign = urls.filter((url) => !['127.0.0.1', 'localhost'].includes(new URL(url).hostname));
    expect(foreign, 'no apis.google.com, js.stripe.com or other outside requests').toEqual([]);
    // Nor the Auth emulator (the stand-in for identitytoolkit/securetoken).
    expect(urls.filter((url) => new URL(url).host === e2eEnv.emulatorHost)).toEqual([]);

    // The login screen needs Firebase: its code comes with the page (preloaded, so a sign-in waits
    // for no further script: issue 33, item 3), but it runs only once the reader starts filling the
    // form, not for a reader who only looks (evaluating it is a long task on a phone). Auth's store
    // in IndexedDB is what running it opens.
    const authStore = () =>
      page.evaluate(async () =>
        (await indexedDB.databases()).some((db) => db.name === 'firebaseLocalStorageDb'),
      );
    await goto(page, '/login');
    await page.waitForLoadState('networkidle');
    expect(urls.filter(isFirebaseChunk)).toHaveLength(1);
    expect(await authStore(), 'Firebase Auth has not run').toBe(false);
    await page.getByLabel('Email').click();
    await expect.poll(authStore, { timeout: 15_000 }).toBe(true);
    expect(urls.filter(isFirebaseChunk), 'fetched once').toHaveLength(1);
    await context.close();
  });

  it('a signed-in reader who reloads sees the public page while the session is restored, then their navbar', async () => {
    const { context, page } = await newPage(browser());
    await login(page, DEMO.reader);
    await goto(page, '/');
    await page.getByTestId('avatar-button').waitFor();

    // Hold Firebase back after the reload, to look at the page while the session is being restored.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(FIREBASE_CHUNK, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.reload();

    await page.getByTestId('trending-carousel').waitFor();
    await page.getByTestId('publisher-grid').waitFor();
    expect(held, 'the stored session makes the page fetch Firebase').toBe(1);
    // Neither signed out (Login/Register) nor signed in yet: a placeholder where the avatar goes.
    expect(await page.getByTestId('session-placeholder').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('avatar-button').count()).toBe(0);

    release();
    await page.getByTestId('avatar-button').waitFor();
    expect(await page.getByTestId('session-placeholder').count()).toBe(0);
    // Signed-in links came with the session, and the session token is still there.
    await page.getByTestId('desktop-nav').getByRole('link', { name: 'My Articles' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });

  it("the app's code makes no Error while a landing page loads and hydrates (each would cost a stack trace)", async () => {
    // With an inspector attached (DevTools, Lighthouse) every Error made takes a detailed stack trace:
    // React DOM's five markers made at load re-parsed the whole entry inside its one long task
    // (docs/decisions/react-error-markers.md). A context of its own: the wrapper stays out of the tab pool.
    const approved = await apiGet<{ _id: string; isPremium: string }[]>('/all-articles/approved?limit=20');
    const article = approved.find((a) => a.isPremium !== 'Yes')!;
    const context = await browser().newContext({ viewport: MOBILE });
    await context.addInitScript(() => {
      const Native = Error;
      const made: string[] = [];
      (window as unknown as { __errorsMade: string[] }).__errorsMade = made;
      function Counting(this: unknown, ...args: [string?]) {
        made.push(String(args[0]).slice(0, 80));
        return new.target ? Reflect.construct(Native, args, new.target) : Native(...args);
      }
      Counting.prototype = Native.prototype;
      Object.setPrototypeOf(Counting, Native);
      window.Error = Counting as unknown as ErrorConstructor;
    });
    const page = await context.newPage();
    for (const route of ['/', '/all-articles', `/article-details/${article._id}`, '/login']) {
      await page.goto(`${webUrl}${route}`);
      await page.waitForFunction(() => !document.documentElement.classList.contains('app-pending'));
      await page.waitForLoadState('networkidle');
      const made = await page.evaluate(() => (window as unknown as { __errorsMade: string[] }).__errorsMade);
      expect(made, `Errors made on ${route}`).toEqual([]);
    }
    await context.close();
  });

  it("home's HTML names its route's code and preloads the very image the carousel shows (fetched once)", async () => {
    const html = await (await fetch(`${webUrl}/`, { headers: { accept: 'text/html' } })).text();
    // Named in the head, or, when the page comes with its first screen, by the script that fetches the
    // app's code once that has painted (docs/decisions/server-rendered-first-screen.md).
    expect(html).toMatch(
      // In the head, or in the list the loader adds after the first paint (a JSON array of paths).
      /(?:<link rel="modulepreload" crossorigin href="|q=\[[^\]]*")\/assets\/Home-[\w-]+\.js/,
    );
    const preload =
      /<link rel="preload" as="image" type="image\/webp" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(
        html,
      );
    expect(preload, 'an image preload for the first trending story').not.toBeNull();
    const candidates = preload![1]!.split(', ').map((c) => c.split(' ')[0]!);

    const { context, page } = await newPage(browser(), { viewport: MOBILE });
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    await goto(page, '/');
    const first = page.getByTestId('trending-carousel').locator('.swiper-slide-active img');
    await first.waitFor();
    await expect
      .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toBeTruthy();
    const shown = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(candidates).toContain(shown);
    expect(await first.getAttribute('sizes')).toBe(preload![2]);
    expect(images.filter((url) => url === shown)).toHaveLength(1);
    await context.close();
  });
});
