/**
 * A reader on a slow phone (docs/decisions/hydrated-first-screen.md): the page and its styles arrive
 * at once, each of the app's script files late. Shared by the browser tests that act before the app
 * has run (handover.e2e.ts, early-journeys.e2e.ts).
 */
import type { Page } from 'playwright-core';

/** How long each script file is held back: long enough to fill a form and tap its button meanwhile. */
export const HOLD_MS = 4_000;

/**
 * Every script file of the app (the entry, its preloads and each lazily loaded chunk) arrives `ms`
 * after the page asked for it; the page and its styles do not wait.
 */
export async function holdAppCode(page: Page, ms = HOLD_MS): Promise<void> {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {}); // the test may have ended meanwhile
  });
}

/** Whether the app has taken over the page yet (handover.ts removes the mark). */
export const appPending = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('app-pending'));

/** Until the app has taken over a server-rendered page (its data element goes with the handover). */
export const appTookOver = (page: Page) =>
  page.waitForFunction(() => !document.getElementById('first-screen-data'), null, { timeout: 30_000 });

/** Every address the page asked for or went to, the request bodies aside. */
export function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return seen;
}

/** Every document the page loaded (navigations, native form submissions included), with its method. */
export function documentsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

/**
 * The app's script files the page asked for, in rounds: held back `hold` ms each, a file asked for
 * once an earlier one has arrived starts a new round. `rounds(until)` lists the rounds of requests made
 * up to `until` (the entry's round first), each as its files' names.
 */
export function scriptRequests(page: Page, hold = HOLD_MS) {
  const asked: { time: number; file: string }[] = [];
  page.on('request', (request) => {
    const file = /\/assets\/([^/]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    if (file) asked.push({ time: Date.now(), file });
  });
  return {
    rounds(until = Infinity): string[][] {
      const rounds: string[][] = [];
      let roundStart = -Infinity;
      for (const { time, file } of asked.filter((a) => a.time <= until).sort((a, b) => a.time - b.time)) {
        if (time - roundStart >= hold * 0.75) {
          rounds.push([]);
          roundStart = time;
        }
        rounds[rounds.length - 1]!.push(file);
      }
      return rounds;
    },
  };
}
