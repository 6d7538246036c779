/**
 * Live updates (GET /events): in two browser contexts, the admin's queue shows a writer's new article
 * and the writer's My Articles flips to Approved / Declined within 2 s of the admin's click, with a
 * toast, and neither page reloads. The toast is checked with axe in both themes, desktop and 360 px.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoSeriousA11yViolations, goto, MOBILE, screenshot, sharedBrowser } from './harness';
import {
  adminArticleRow,
  freshUser,
  myArticleRow,
  postArticle,
  sharedAdmin,
  swalDialog,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);

/** When (Date.now()) the page first got an answer to a request matching `method` and `path`. */
function answered(page: Page, method: string, path: RegExp): Promise<number> {
  return new Promise((resolve) => {
    const onResponse = (response: Response) => {
      if (response.request().method() !== method || !path.test(new URL(response.url()).pathname)) return;
      page.off('response', onResponse);
      resolve(Date.now());
    };
    page.on('response', onResponse);
  });
}

/**
 * Presses OK on the admin's success dialog titled `title`. Waits on the title element itself, so a
 * dialog that closes while being looked at cannot leave the check waiting on a vanished element.
 */
async function confirmSuccess(page: Page, title: string) {
  const heading = swalDialog(page).locator('.swal2-title', { hasText: new RegExp(`^${title}$`) });
  await heading.waitFor();
  await swalDialog(page).locator('.swal2-confirm').click();
  await heading.waitFor({ state: 'hidden' });
}

/** When (Date.now()) `wait` resolved. */
const when = (wait: Promise<unknown>) => wait.then(() => Date.now());

/** Marks the page so a test can tell it was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { liveMarker: true }));
const stillSamePage = (page: Page) => page.evaluate(() => 'liveMarker' in window);

/**
 * axe and a screenshot in both themes (switched on <html>: the toast sits over the theme toggle),
 * with the pointer on the toast, which holds it open meanwhile.
 */
async function checkToast(page: Page, toast: Locator, name: string, size: 'desktop' | 'mobile') {
  await toast.hover();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    await expectNoSeriousA11yViolations(page, `${name} toast @${size}`, { coloursOnly: theme === 'dark' });
    await screenshot(page, `${name}-toast-${size}-${theme}`);
    expect(await toast.isVisible(), `toast still shown (${theme})`).toBe(true);
  }
  await page.evaluate(() => document.documentElement.classList.toggle('dark', false));
}

describe('live updates between an admin and a writer', () => {
  it('a new article reaches the open admin queue; approving flips My Articles within 2 s, with a toast', async () => {
    const writer = await freshUser(browser(), 'live-writer', { viewport: DESKTOP });
    try {
      const { page } = admin();
      await goto(page, '/dashboard/all-articles-admin');
      await page.locator('tbody tr').first().waitFor();
      await markPage(page);

      const title = uniqueTitle('Night ferry timetable restored');
      const row = adminArticleRow(page, title);
      const inQueue = when(row.waitFor({ timeout: 20_000 }));
      const posted = answered(writer.page, 'POST', /^\/articles$/);
      await postArticle(writer.page, { title });
      expect((await inQueue) - (await posted), 'queue refreshed within 2 s').toBeLessThan(2_000);
      expect(await stillSamePage(page)).toBe(true);

      const wp = writer.page;
      const mine = myArticleRow(wp, title);
      await mine.getByText('Pending', { exact: true }).waitFor();
      await markPage(wp);
      const toast = wp.getByRole('status').filter({ hasText: `Your article “${title}” was approved` });
      const flipped = when(mine.getByText('Approved', { exact: true }).waitFor({ timeout: 20_000 }));
      const toasted = when(toast.waitFor({ timeout: 20_000 }));
      const approved = answered(page, 'PATCH', /^\/update\/status\//);
      await row.getByRole('button', { name: `Approve: ${title}` }).click();
      await confirmSuccess(page, 'Approved');
      const approvedAt = await approved;
      expect((await flipped) - approvedAt, 'My Articles flipped within 2 s').toBeLessThan(2_000);
      expect((await toasted) - approvedAt, 'toast within 2 s').toBeLessThan(2_000);
      expect(await stillSamePage(wp)).toBe(true);
      await checkToast(wp, toast, 'live-approved', 'desktop');
    } finally {
      await writer.context.close();
    }
  });

  it('declining flips My Articles at 360 px within 2 s, and the toast gives the reason', async () => {
    const writer = await freshUser(browser(), 'live-declined', { viewport: MOBILE });
    try {
      const title = uniqueTitle('Harbour tolls to double');
      const reason = 'Name the two sources for the toll figures.';
      await postArticle(writer.page, { title });
      const wp = writer.page;
      const mine = myArticleRow(wp, title);
      await mine.getByText('Pending', { exact: true }).waitFor();
      await markPage(wp);

      const { page } = admin();
      await goto(page, '/dashboard/all-articles-admin');
      const row = adminArticleRow(page, title);
      await row.waitFor();
      const toast = wp
        .getByRole('status')
        .filter({ hasText: `Your article “${title}” was declined: ${reason}` });
      const flipped = when(mine.getByText('Declined', { exact: true }).waitFor({ timeout: 20_000 }));
      const toasted = when(toast.waitFor({ timeout: 20_000 }));
      const declined = answered(page, 'PATCH', /^\/article\/decline\//);
      await row.getByRole('button', { name: `Decline: ${title}` }).click();
      const dialog = swalDialog(page);
      await dialog.getByRole('textbox', { name: 'Reason for declining' }).fill(reason);
      await dialog.locator('.swal2-confirm').click();
      await confirmSuccess(page, 'Declined');
      const declinedAt = await declined;
      expect((await flipped) - declinedAt, 'My Articles flipped within 2 s').toBeLessThan(2_000);
      expect((await toasted) - declinedAt, 'toast within 2 s').toBeLessThan(2_000);
      expect(await stillSamePage(wp)).toBe(true);
      // The toast fits the narrow screen.
      const box = await toast.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
      await checkToast(wp, toast, 'live-declined', 'mobile');
    } finally {
      await writer.context.close();
    }
  });
});
