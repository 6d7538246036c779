/**
 * Moderation that can read what it moderates (issue 9, §3): the admin reads a whole article in a
 * dialog and approves, declines or makes it premium there; the status filter and the pending badge;
 * the warning before an approved article goes back to review. Axe in both themes, 360 px and desktop.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, tokenOf } from './api-as';
import { apiGet, checkScreenAtBothSizes, goto, sharedBrowser } from './harness';
import {
  adminArticleRow,
  apiToken,
  expectSwal,
  freshUser,
  myArticleRow,
  postArticle,
  sharedAdmin,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();
const admin = sharedAdmin(browser);
const adminToken = tokenOf(() => admin().account);

interface Counts {
  Pending: number;
  Approved: number;
  Declined: number;
  total: number;
}
interface Row {
  _id: string;
  articleTitle: string;
  status: string;
}

const statusCell = (row: Locator) => row.locator('td').nth(3);
const counts = async () => apiGet<Counts>('/all-articles/counts', await adminToken());

describe('the admin reads what they moderate', () => {
  const title = uniqueTitle('Ferry crews vote to strike over the new winter rota');
  const body =
    'The vote was 212 to 31.\n\nUnion leaders said the rota leaves crews with eleven-hour shifts.\n' +
    '<b>Not bold</b>: text is shown as written, never as HTML.';

  it('the menu counts what waits; the table opens on Pending; the dialog shows the whole article', async () => {
    const writer = await freshUser(browser(), 'preview-writer');
    const writerEmail = writer.account.email;
    try {
      await postArticle(writer.page, { title, tags: ['business', 'travel'], description: body });
    } finally {
      await writer.context.close();
    }

    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const pending = (await counts()).Pending;
    expect(pending).toBeGreaterThan(0);
    const menuLink = page
      .getByRole('navigation', { name: 'Admin dashboard' })
      .getByRole('link', { name: 'All Articles', exact: true });
    await expect.poll(() => menuLink.getByTestId('menu-badge').textContent()).toBe(String(pending));
    expect(await menuLink.evaluate((el) => el.getAttribute('aria-describedby'))).toBeTruthy();

    const filter = page.getByLabel('Status');
    expect(await filter.inputValue()).toBe('Pending');
    expect(await filter.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([`Pending (${pending})`]),
    );
    expect((await filter.locator('option').allTextContents()).map((o) => o.replace(/ \(\d+\)$/, ''))).toEqual(
      ['Pending', 'All', 'Approved', 'Declined', 'Changes requested', 'Scheduled'],
    );
    const row = adminArticleRow(page, title);
    await row.waitFor();
    // Every row of the default view is Pending.
    for (const status of await page.locator('tbody tr td:nth-child(5) .badge').allTextContents()) {
      expect(status).toBe('Pending');
    }

    await row.getByRole('button', { name: `Read: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review article' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('preview-title').textContent()).toBe(title);
    const text = dialog.getByTestId('preview-body');
    await text.waitFor();
    // The full text, its line breaks kept, markup shown as text.
    expect(await text.evaluate((el) => (el as HTMLElement).innerText)).toBe(body);
    expect(await text.locator('b').count()).toBe(0);
    // Publisher, author (with the email only admins see) and date.
    await dialog.getByText(`(${writerEmail})`).waitFor();
    expect(await dialog.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual([
      'business',
      'travel',
    ]);
    expect(await dialog.getByRole('img', { name: title }).count()).toBe(1);
    await checkScreenAtBothSizes(page, 'admin-article-preview', () => text.waitFor());
  });

  it('approves and makes premium from the dialog; the row stays, the badge goes down', async () => {
    const { page } = admin();
    const dialog = page.getByRole('dialog', { name: 'Review article' });
    const before = (await counts()).Pending;
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Approved');
    await expect.poll(() => dialog.getByTestId('preview-status').textContent()).toBe('Approved');
    expect(await dialog.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Decline', exact: true }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Make Premium', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Premium');
    await dialog.locator('.badge-premium').waitFor();
    expect(await dialog.getByRole('button', { name: 'Make Premium' }).count()).toBe(0);

    const stored = await apiGet<Row[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`);
    expect(stored.map((a) => a.articleTitle)).toContain(title);
    expect((await counts()).Pending).toBe(before - 1);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Moderated here, the row keeps its place in the Pending view, with its new state.
    const row = adminArticleRow(page, title);
    await expect.poll(() => statusCell(row).locator('.badge').first().textContent()).toBe('Approved');
    await row.locator('.badge-premium').waitFor();
    const menuBadge = page.getByRole('navigation', { name: 'Admin dashboard' }).getByTestId('menu-badge');
    await expect.poll(() => menuBadge.textContent().catch(() => '0')).toBe(String(before - 1));
  });

  it('declines from the dialog with a required reason', async () => {
    const declinedTitle = uniqueTitle('Council to sell the old library building');
    const writer = await freshUser(browser(), 'decline-writer');
    try {
      await postArticle(writer.page, { title: declinedTitle });
    } finally {
      await writer.context.close();
    }
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, declinedTitle);
    await row.getByRole('button', { name: `Read: ${declinedTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Review article' });
    await dialog.getByTestId('preview-body').waitFor();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    const reason = dialog.getByRole('textbox', { name: /Reason for declining/ });
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Decline article' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await checkScreenAtBothSizes(page, 'admin-article-preview-decline', () => reason.waitFor());
    await reason.fill('Please name the buyer and the price.');
    await dialog.getByRole('button', { name: 'Decline article' }).click();
    await expect.poll(() => dialog.getByTestId('preview-done').textContent()).toBe('Declined');
    await dialog.getByText('Reason for declining: Please name the buyer and the price.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Make Premium' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => statusCell(row).locator('.badge').first().textContent()).toBe('Declined');
  });

  it('the status filter narrows the table; All lists Pending first', async () => {
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const filter = page.getByLabel('Status');
    const statuses = () => page.locator('tbody tr td:nth-child(5) .badge').allTextContents();
    const c = await counts();

    await filter.selectOption('Approved');
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Approved']));
    expect(await filter.locator('option:checked').textContent()).toBe(`Approved (${c.Approved})`);

    await filter.selectOption('Declined');
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['Declined']));

    await filter.selectOption('All');
    await page.getByLabel('Per page').selectOption('50');
    // The first rows are all the Pending ones, then the decided ones.
    await expect.poll(async () => (await statuses()).length).toBe(Math.min(50, c.total));
    const all = await statuses();
    const firstDecided = all.findIndex((s) => s !== 'Pending');
    expect(firstDecided).toBe(Math.min(c.Pending, 50));
    expect(all.slice(firstDecided).every((s) => s !== 'Pending')).toBe(true);
    await checkScreenAtBothSizes(page, 'admin-all-articles-filter', () =>
      page.locator('tbody tr').first().waitFor(),
    );
    await page.getByLabel('Per page').selectOption('5');
    await filter.selectOption('Pending');
  });
});

describe('a writer is warned before an approved article goes back to review', () => {
  it('shows the warning, asks to confirm, then the article is Pending again', async () => {
    const writer = await freshUser(browser(), 'approved-update');
    const title = uniqueTitle('Tram line extension opens two months early');
    try {
      await postArticle(writer.page, { title });
      const mine = await apiGet<Row[]>(
        `/articles/${encodeURIComponent(writer.account.email)}`,
        await apiToken(writer.account),
      );
      const id = mine.find((a) => a.articleTitle === title)!._id;
      await apiCall('PATCH', `/update/status/${id}`, await adminToken());

      const { page } = writer;
      await goto(page, '/my-articles');
      const row = myArticleRow(page, title);
      await row.getByText('Approved', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Update ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Article' });
      const warning =
        'Saving sends this article back to review; it stays hidden until an admin approves it again.';
      await expect.poll(() => dialog.getByTestId('review-warning').textContent()).toBe(warning);
      await checkScreenAtBothSizes(page, 'update-approved-article', () =>
        dialog.getByLabel('Title').waitFor(),
      );

      await dialog.getByLabel('Title').fill(`${title} (corrected)`);
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      const confirm = dialog.getByRole('alertdialog', { name: warning });
      await confirm.waitFor();
      // Nothing is sent yet; "Keep editing" goes back to the form.
      await confirm.getByRole('button', { name: 'Keep editing' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect((await apiGet<Row[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`)).length).toBe(
        1,
      );

      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await confirm.getByRole('button', { name: 'Save and send to review' }).click();
      await expectSwal(page, 'Updated');
      await myArticleRow(page, `${title} (corrected)`).getByText('Pending', { exact: true }).waitFor();
      expect((await apiGet<Row[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`)).length).toBe(
        0,
      );
    } finally {
      await writer.context.close();
    }
  });
});
