/**
 * Every dashboard table on a 390 × 844 phone (issue 23): its rows are cards, every row's actions lie
 * inside the viewport and are at least 44 px tall, and nothing on the page scrolls sideways. With
 * E2E_SCREENSHOTS=1, a picture of each in both themes (`phone-<table>-<theme>`).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, screenshot, screenshotsWanted, setTheme, sharedBrowser } from './harness';
import { postArticle, sharedAdmin, uniqueTitle } from './writer-admin-fixtures';

const PHONE = { width: 390, height: 844 };
const browser = sharedBrowser();
const admin = sharedAdmin(browser);

/** Elements that scroll sideways (an overflowing scroll container, or the page itself). */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page');
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${el.tagName.toLowerCase()}.${el.className}`);
      }
    }
    return out;
  });
}

/**
 * Each of the first rows' buttons and links: inside the phone's width; the row's actions (the cells
 * marked data-actions) at least 44 px tall.
 */
async function expectActionsInView(page: Page, rows: Locator, atLeast: number): Promise<void> {
  await rows.first().waitFor();
  const count = Math.min(await rows.count(), 6);
  expect(count).toBeGreaterThanOrEqual(atLeast);
  for (let i = 0; i < count; i++) {
    const controls = rows.nth(i).locator('button, a');
    const n = await controls.count();
    expect(n, `row ${i + 1} has actions`).toBeGreaterThan(0);
    for (let j = 0; j < n; j++) {
      const control = controls.nth(j);
      const box = await control.boundingBox();
      const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
      expect(box, `${name} is drawn`).not.toBeNull();
      expect(box!.x, `${name} starts in view`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} ends in view`).toBeLessThanOrEqual(PHONE.width);
      const isAction = await control.evaluate((el) => el.closest('td[data-actions]') !== null);
      if (isAction) expect(box!.height, `${name} is tall enough to tap`).toBeGreaterThanOrEqual(44);
    }
  }
  expect(await sidewaysScrollers(page)).toEqual([]);
}

async function pictures(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.waitForTimeout(150);
    await screenshot(page, `phone-${name}-${theme}`);
  }
}

describe('dashboard tables on a phone', () => {
  it("admin's Revenue: each month a card of named figures two to a line, every chart's numbers in view", async () => {
    const { page } = admin();
    await page.setViewportSize(PHONE);
    await goto(page, '/dashboard/revenue');
    const rows = page.getByTestId('month-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(12);
    const first = rows.first();
    for (const label of ['New', 'Ended', 'Passes', 'Gross', 'Refunds', 'Disputes', 'Net']) {
      expect(await first.locator(`td[data-label="${label}"]`).isVisible(), label).toBe(true);
    }
    const added = (await first.locator('td[data-label="New"]').boundingBox())!;
    const ended = (await first.locator('td[data-label="Ended"]').boundingBox())!;
    expect(Math.abs(added.y - ended.y), 'New and Ended share a line').toBeLessThan(2);
    expect(ended.x + ended.width).toBeLessThanOrEqual(PHONE.width);
    for (const numbers of await page.getByText('Show the numbers').all()) await numbers.click();
    const tables = page.getByTestId('chart-numbers').locator('table');
    expect(await tables.count()).toBe(4);
    for (const table of await tables.all()) {
      const box = (await table.boundingBox())!;
      expect(box.x + box.width, 'a numbers table ends in view').toBeLessThanOrEqual(PHONE.width);
    }
    expect(await sidewaysScrollers(page)).toEqual([]);
    await pictures(page, 'revenue');
  });

  it("admin's All articles: each row a card with Read, Approve, Decline, Delete and Make Premium in view", async () => {
    const { page } = admin();
    await page.setViewportSize(PHONE);
    await goto(page, '/dashboard/all-articles-admin');
    await expectActionsInView(page, page.locator('tbody tr'), 2);
    // The row's facts stay, each named.
    const first = page.locator('tbody tr').first();
    for (const label of ['Author', 'Posted', 'Status']) {
      expect(await first.locator(`td[data-label="${label}"]`).isVisible()).toBe(true);
    }
    await pictures(page, 'all-articles-admin');
  });

  it('All users: Make Admin in view on every card', async () => {
    const { page } = admin();
    await page.setViewportSize(PHONE);
    await goto(page, '/dashboard/all-users');
    await expectActionsInView(page, page.locator('tbody tr').filter({ has: page.locator('button') }), 1);
    await pictures(page, 'all-users');
  });

  it('My articles: Details, Update and Delete in view on every card', async () => {
    const { page } = admin();
    await page.setViewportSize({ width: 1280, height: 900 });
    await postArticle(page, { title: uniqueTitle('Phone card') });
    await page.setViewportSize(PHONE);
    await goto(page, '/my-articles');
    await expectActionsInView(page, page.locator('tbody tr'), 1);
    const first = page.locator('tbody tr').first();
    expect(await first.locator('td[data-label="Status"]').isVisible()).toBe(true);
    await pictures(page, 'my-articles');
  });
});
