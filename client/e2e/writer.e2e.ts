/**
 * Writers (issue 3): posting with an image, moderation as the writer sees it, the free-plan cap,
 * update and delete with their dialogs — plus axe in both themes and screenshots of every writer screen.
 */
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  checkScreenAtBothSizes,
  expectDialogAccessibleInBothThemes,
  expectNoSeriousA11yViolations,
  goto,
  screenshot,
  setTheme,
  sharedBrowser,
} from './harness';
import {
  adminArticleRow,
  expectSwal,
  fillAddArticleForm,
  freshUser,
  myArticleRow,
  pngFile,
  postArticle,
  type Session,
  sharedAdmin,
  swalDialog,
  uniqueTitle,
} from './writer-admin-fixtures';

interface Card {
  _id: string;
  articleTitle: string;
  articleImage: string;
}

const browser = sharedBrowser();
const admin = sharedAdmin(browser);

describe('a writer posts, the admin approves', () => {
  let writer: Session;
  const title = uniqueTitle('Harbour lights return to the old quay after a decade in the dark');

  afterAll(async () => {
    await writer?.context.close();
  });

  it('blocks a post without an image, then posts one with an image and shows it Pending', async () => {
    writer = await freshUser(browser(), 'writer');
    const { page } = writer;
    await goto(page, '/add-articles');
    await page.getByRole('heading', { name: 'add article' }).waitFor();
    await expect.poll(() => page.title()).toBe('Add Article | Newsroom');
    await page.getByText('Post your creative article').waitFor();

    // The chooser reads 'Choose A Photo' until a file is picked.
    await page.getByText('Choose A Photo').waitFor();
    await fillAddArticleForm(page, { title });
    await page.getByRole('button', { name: 'Submit Article' }).click();
    const noImage = page.getByText('Select an image', { exact: true });
    await noImage.waitFor();
    const [r, g, b] = await textRgb(noImage);
    expect(r, 'shown in red').toBeGreaterThan(150);
    expect(Math.max(g!, b!), 'shown in red').toBeLessThan(90);
    expect(page.url()).toMatch(/\/add-articles$/);

    // Picking a file shows its shortened name (> 15 characters: 10 + '....' + extension).
    await page.getByLabel('Upload Image').setInputFiles(pngFile('writer-photo-e2e.png'));
    await page.getByText('writer-pho....png').waitFor();
    await expect.poll(() => noImage.count()).toBe(0);

    await checkScreenAtBothSizes(page, 'add-article');

    // Submitting: the button is disabled with a spinner while the request runs. Once the dialog that
    // says it is done opens, the page behind is hidden from roles and the button is not found: each
    // look waits briefly (Playwright's own wait would hold the poll for 30 s) and counts that as done.
    const submit = page.getByRole('button', { name: 'Submit Article' });
    await submit.click();
    await expect.poll(() => submit.isDisabled({ timeout: 200 }).catch(() => true)).toBe(true);
    await expectSwal(page, 'Submited', 'Your article has been submited', 'none');
    await expectDialogAccessibleInBothThemes(page, 'submitted');
    await swalDialog(page).locator('.swal2-confirm').click();
    await page.waitForURL('**/my-articles');

    const row = myArticleRow(page, title);
    await row.waitFor();
    // Over 40 characters: the table shows the first 30 plus an ellipsis.
    expect(await row.locator('th').textContent()).toBe(`${title.slice(0, 30)}...`);
    expect(await row.getByText('Pending').count()).toBe(1);
    expect(await row.getByRole('link', { name: `Details of ${title}` }).getAttribute('href')).toMatch(
      /^\/article-details\/[0-9a-f]{24}$/,
    );
  });

  it('a second post by the free user shows Need Premium', async () => {
    const { page } = writer;
    await goto(page, '/add-articles');
    await page.getByRole('heading', { name: 'add article' }).waitFor();
    await fillAddArticleForm(page, { title: uniqueTitle('A second story'), imageName: 'second.png' });
    await page.getByRole('button', { name: 'Submit Article' }).click();
    await expectSwal(page, 'Need Premium', 'You have reached maximum post of free plan', 'none');
    await expectDialogAccessibleInBothThemes(page, 'need-premium');
    await swalDialog(page).locator('.swal2-confirm').click();
    // The form is usable again and the user stays on the page.
    await expect.poll(() => page.getByRole('button', { name: 'Submit Article' }).isEnabled()).toBe(true);
    expect(page.url()).toMatch(/\/add-articles$/);
  });

  it('the admin approves it and it shows in All articles', async () => {
    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, title);
    await row.waitFor();
    expect(await row.getByText('Pending').count()).toBe(1);
    await row.getByRole('button', { name: `Approve: ${title}` }).click();
    await expectSwal(page, 'Approved');
    await expect.poll(() => row.getByText('Approved', { exact: true }).count()).toBe(1);
    // Approve and Decline are disabled once Approved.
    expect(await row.getByRole('button', { name: `Approve: ${title}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Decline: ${title}` }).isDisabled()).toBe(true);

    const writerPage = writer.page;
    await goto(writerPage, '/all-articles');
    await writerPage.getByText(title).first().waitFor();
    await goto(writerPage, '/my-articles');
    await myArticleRow(writerPage, title).getByText('Approved', { exact: true }).waitFor();
  });

  it('updates the article through its dialog (back to Pending) and deletes it after confirming', async () => {
    const { page } = writer;
    await goto(page, '/my-articles');
    await page.getByRole('heading', { name: 'My Articles' }).waitFor();
    await checkScreenAtBothSizes(page, 'my-articles', () => myArticleRow(page, title).waitFor());

    // The update dialog, in both themes (axe + screenshot), then a real update.
    const dialog = page.getByRole('dialog', { name: 'Update Article' });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await myArticleRow(page, title)
        .getByRole('button', { name: `Update ${title}` })
        .click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
      await expectNoSeriousA11yViolations(page, `update dialog (${theme})`, {
        coloursOnly: theme === 'dark',
      });
      await screenshot(page, `update-article-dialog-desktop-${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await setTheme(page, 'light');

    const newTitle = `${title} (updated)`;
    await myArticleRow(page, title)
      .getByRole('button', { name: `Update ${title}` })
      .click();
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill(newTitle);
    await dialog.getByLabel('Tags').fill('travel');
    await page.keyboard.press('Enter');
    await dialog.getByLabel('Image').setInputFiles(pngFile('updated-cover.png', [180, 83, 9]));
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    // The article is Approved: saving sends it back to review, which the writer confirms first.
    await dialog.getByRole('button', { name: 'Save and send to review' }).click();
    await expectSwal(page, 'Updated');
    const row = myArticleRow(page, newTitle);
    await row.waitFor();
    // An update sends the article back to moderation.
    await row.getByText('Pending').waitFor();

    await row.getByRole('button', { name: `Delete ${newTitle}` }).click();
    await expectSwal(page, 'Are you sure?', "You won't be able to revert this!", 'none');
    await expectDialogAccessibleInBothThemes(page, 'delete-confirm');
    await swalDialog(page).locator('.swal2-confirm').click();
    await expectSwal(page, 'Deleted!');
    await expect.poll(() => row.count()).toBe(0);
    await page.getByText('You have not posted any articles yet.').waitFor();
  });
});

describe('a declined article', () => {
  let writer: Session;
  /** Made by the first test, not once for the file: a retry posts an article of its own. */
  let title = '';
  const reason = 'Sources are not named; please add at least two on-record sources.';

  afterAll(async () => {
    await writer?.context.close();
  });

  it('the admin declines with a required reason; the writer sees it and cannot update', async () => {
    title = uniqueTitle('Council budget leaks');
    writer = await freshUser(browser(), 'declined');
    await postArticle(writer.page, { title, tags: ['business', 'finance'] });

    const { page } = admin();
    await goto(page, '/dashboard/all-articles-admin');
    const row = adminArticleRow(page, title);
    await row.waitFor();
    await row.getByRole('button', { name: `Decline: ${title}` }).click();
    const dialog = swalDialog(page);
    await dialog.locator('textarea').waitFor();
    // The reason is required. (A press while the dialog is still opening can go unanswered, as it
    // would for a person, who presses again: so does this test.)
    await expect
      .poll(
        async () => {
          await dialog.locator('.swal2-confirm').click();
          return dialog.getByText('A reason is required').isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await expectDialogAccessibleInBothThemes(page, 'decline-reason');
    await dialog.getByRole('textbox', { name: 'Reason for declining' }).fill(reason);
    await dialog.locator('.swal2-confirm').click();
    await expectSwal(page, 'Declined');
    await row.getByText('Declined', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Approve: ${title}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Decline: ${title}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Make Premium: ${title}` }).isDisabled()).toBe(true);

    const wp = writer.page;
    await goto(wp, '/my-articles');
    const mine = myArticleRow(wp, title);
    await mine.getByText('Declined', { exact: true }).waitFor();
    expect(await mine.getByRole('button', { name: `Update ${title}` }).isDisabled()).toBe(true);
    await mine.getByRole('button', { name: `See reason: ${title}` }).click();
    await expectSwal(wp, 'Reason for declining', reason, 'none');
    await expectDialogAccessibleInBothThemes(wp, 'see-reason');
    await swalDialog(wp).locator('.swal2-confirm').click();
  });

  it('the declined article never reaches the public list', async () => {
    const cards = await apiGet<Card[]>(`/all-articles/approved?search=${encodeURIComponent(title)}`);
    expect(cards.map((c) => c.articleTitle)).not.toContain(title);
  });
});

/** The colour of an element's text as [r, g, b] (Tailwind 4 colours are oklch; a canvas converts them). */
async function textRgb(locator: Locator): Promise<number[]> {
  return locator.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  });
}
