/**
 * The admin dashboard (issue 3): statistics, all-users with pagination and Make Admin, all-articles-admin
 * (approve, make premium, delete, pagination), add-publisher by keyboard alone — with axe in both themes
 * and screenshots at desktop and 360 px.
 */
import type { FileChooser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiGet,
  checkScreenAtBothSizes,
  expectDialogAccessibleInBothThemes,
  goto,
  sharedBrowser,
} from './harness';
import {
  adminArticleRow,
  expectSwal,
  freshUser,
  pngFile,
  postArticle,
  sharedAdmin,
  swalDialog,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);

describe('admin dashboard', () => {
  it('statistics: user counts and the three publisher charts; the side menu marks the current item', async () => {
    const { page } = admin();
    await goto(page, '/dashboard');
    await expect.poll(() => page.title()).toBe('Statistics | Newsroom');
    const menu = page.getByRole('navigation', { name: 'Admin dashboard' });
    expect(await menu.getByRole('link', { name: 'Statistics' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'All Users' }).getAttribute('aria-current')).toBeNull();

    const counts = await apiGet<{
      allUserCount: number;
      normalUsersCount: number;
      premiumUsersCount: number;
    }>('/users-count');
    for (const [label, value] of [
      ['All users', counts.allUserCount],
      ['Normal users', counts.normalUsersCount],
      ['Premium users', counts.premiumUsersCount],
    ] as const) {
      const card = page.locator('.card').filter({ has: page.getByText(label, { exact: true }) });
      await expect.poll(() => card.locator('p').nth(1).textContent()).toBe(String(value));
    }
    await page.getByRole('heading', { name: 'Share of articles by publisher' }).waitFor();
    await page.getByRole('heading', { name: 'Articles per publisher' }).waitFor();
    await page.getByRole('heading', { name: 'Article count trend across publishers' }).waitFor();
    await expect.poll(() => page.locator('svg.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.locator('.recharts-pie-sector').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    await checkScreenAtBothSizes(
      page,
      'admin-statistics',
      () => page.locator('.recharts-line-curve').first().waitFor(),
      1500,
    );
  });

  it('all-users: page size 3/5/10/20/50 (default 5) and 1-based pages', async () => {
    const { page } = admin();
    await goto(page, '/dashboard/all-users');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const perPage = page.getByLabel('Per page');
    expect(await perPage.inputValue()).toBe('5');
    expect(await perPage.locator('option').allTextContents()).toEqual(['3', '5', '10', '20', '50']);
    await expect.poll(() => rows.count()).toBe(5);

    await perPage.selectOption('3');
    await expect.poll(() => rows.count()).toBe(3);
    const firstPage = await rows.locator('td:nth-child(4)').allTextContents();
    expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('4');
    const secondPage = await rows.locator('td:nth-child(4)').allTextContents();
    expect(secondPage.some((email) => firstPage.includes(email))).toBe(false);

    // A new page size starts again on page 1.
    await perPage.selectOption('10');
    await expect
      .poll(() => page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('1');

    await perPage.selectOption('5');
    await checkScreenAtBothSizes(page, 'admin-all-users', () => rows.first().waitFor());
  });

  it('Make Admin asks first, promotes the user, who then sees /dashboard', async () => {
    const user = await freshUser(browser(), 'promote');
    try {
      // Before: a normal user is sent away from /dashboard.
      await goto(user.page, '/dashboard');
      await user.page.waitForURL((url) => url.pathname === '/');

      const { page } = admin();
      await goto(page, '/dashboard/all-users');
      const row = page.locator('tbody tr').filter({ hasText: user.account.email });
      await row.waitFor();
      await row.getByRole('button', { name: /^Make Admin/ }).click();
      await expectSwal(page, 'Are you sure?', "You won't be able to revert this!", 'none');
      await expectDialogAccessibleInBothThemes(page, 'make-admin-confirm');
      await swalDialog(page).locator('.swal2-confirm').click();
      await expectSwal(page, 'Changed To Admin!', undefined, 'none');
      await expectDialogAccessibleInBothThemes(page, 'changed-to-admin');
      await swalDialog(page).locator('.swal2-confirm').click();
      await row.getByText('Admin', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /^Make Admin/ }).count()).toBe(0);

      await goto(user.page, '/');
      const nav = user.page.getByRole('navigation', { name: 'Main' });
      await expect
        .poll(() => nav.getByRole('link', { name: 'Dashboard' }).first().getAttribute('href'))
        .toBe('/dashboard');
      await goto(user.page, '/dashboard');
      await user.page.getByRole('navigation', { name: 'Admin dashboard' }).waitFor();
      await user.page.getByRole('heading', { name: 'Statistics', level: 1 }).waitFor();
    } finally {
      await user.context.close();
    }
  });

  it('all-articles-admin: approve, make premium (then a Premium label), delete after confirming, paging', async () => {
    const writer = await freshUser(browser(), 'premium-writer');
    const title = uniqueTitle('Tidal energy pilot powers a whole island for a week');
    try {
      await postArticle(writer.page, { title, tags: ['environment', 'science'] });
    } finally {
      await writer.context.close();
    }

    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, title);
    await row.waitFor();
    await checkScreenAtBothSizes(page, 'admin-all-articles', () => row.waitFor());

    await row.getByRole('button', { name: `Approve: ${title}` }).click();
    await expectSwal(page, 'Approved');
    await row.getByText('Approved', { exact: true }).waitFor();

    await row.getByRole('button', { name: `Make Premium: ${title}` }).click();
    await expectSwal(page, 'Premium', undefined, 'none');
    await expectDialogAccessibleInBothThemes(page, 'premium');
    await swalDialog(page).locator('.swal2-confirm').click();
    await expect.poll(() => row.getByRole('button', { name: `Make Premium: ${title}` }).count()).toBe(0);
    await row.locator('.badge-premium', { hasText: 'Premium' }).waitFor();
    const premiumList = await apiGet<{ articleTitle: string; isPremium: string }[]>(
      `/all-articles/approved?search=${encodeURIComponent(title)}`,
    );
    expect(premiumList.find((a) => a.articleTitle === title)?.isPremium).toBe('Yes');

    await row.getByRole('button', { name: `Delete: ${title}` }).click();
    await expectSwal(page, 'Are you sure?', "You won't be able to revert this!");
    await expectSwal(page, 'Deleted!');
    await expect.poll(() => row.count()).toBe(0);

    // Paging (over every article: the default Pending view may be shorter): 10 a page, then page 2
    // continues the numbering.
    const rows = page.locator('tbody tr');
    await page.getByLabel('Status').selectOption('All');
    await page.getByLabel('Per page').selectOption('10');
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => rows.first().locator('td').first().textContent()).toBe('11');
  });

  it('add-publisher: both fields required; works by keyboard alone', async () => {
    const { page } = admin();
    // Listen for the file chooser from the start: Playwright intercepts choosers only once a listener
    // exists, and enabling that is asynchronous (a key press right after could open an unseen one).
    const choosers: FileChooser[] = [];
    page.on('filechooser', (chooser) => choosers.push(chooser));
    await goto(page, '/dashboard/add-publisher');
    const name = page.getByLabel('Publisher name');
    await name.waitFor();
    await checkScreenAtBothSizes(page, 'admin-add-publisher', () => name.waitFor());

    await page.getByRole('button', { name: 'Add Publisher' }).click();
    await page.getByText('Publisher name is required').waitFor();
    await page.getByText('A logo image is required').waitFor();

    const publisherName = uniqueTitle('Harbour Gazette').slice(0, 40);
    await name.focus();
    await page.keyboard.type(publisherName);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    await page.keyboard.press('Space');
    await expect
      .poll(() => choosers.length, { message: 'Space on the file input opens the chooser' })
      .toBe(1);
    await choosers[0]!.setFiles(pngFile('harbour-gazette-logo.png', [21, 128, 61]));
    await page.getByText('harbour-ga....png').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectSwal(page, 'Added', undefined, 'none');
    await expectDialogAccessibleInBothThemes(page, 'added');
    await page.keyboard.press('Enter');
    await swalDialog(page).waitFor({ state: 'detached' });

    const publishers = await apiGet<{ publisherName: string; logo: string }[]>('/publisher-data');
    const added = publishers.find((p) => p.publisherName === publisherName);
    expect(added?.logo).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/[0-9a-f]{32}--\d+x\d+\.(png|jpg)$/);
    // The form is cleared for the next one.
    expect(await name.inputValue()).toBe('');
    await page.getByText('Choose A Photo').waitFor();
  });
});
