/**
 * Drafts (issue 37, docs/roles.md "Drafts"), as a writer in a hurry meets them: a long article typed
 * into Add Article, the tab closed moments after the last words, continued from My Articles and
 * submitted; and the network gone while typing ("Not saved — retrying"), the tab closed, the browser's
 * copy offered back on return. No fixed waits.
 */
import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  checkScreenAtBothSizes,
  expectAccessibleInBothThemes,
  goto,
  screenshot,
  sharedBrowser,
} from './harness';
import { apiToken, expectSwal, freshUser, myArticleRow, pngFile, uniqueTitle } from './writer-admin-fixtures';

const browser = sharedBrowser();

/** Three paragraphs of a real length (about 2,400 characters). */
const LONG_BODY = [
  'The ferry from the north pier will run every forty minutes from Monday, the harbour board said, ',
  'after a winter in which the old timetable left commuters waiting in the rain for over an hour. ',
]
  .join('')
  .repeat(8);
const LAST_WORDS = ' The board meets again in March.';

describe('drafts', () => {
  it('a long article typed, the tab closed at once, continued from My Articles and submitted', async () => {
    const title = uniqueTitle('Ferry timetable changes');
    const { context, page, account } = await freshUser(browser(), 'drafts-long');
    try {
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();
      await page.getByLabel('Title').fill(title);
      const publisher = page.getByLabel('Publisher');
      const publisherName = (await publisher
        .locator('option:not([disabled])')
        .first()
        .getAttribute('value'))!;
      await publisher.selectOption(publisherName);
      await page.getByLabel('Tags').fill('travel');
      await page.keyboard.press('Enter');
      await page.getByLabel('Description').fill(LONG_BODY);
      const status = page.getByTestId('autosave-status');
      await expect.poll(() => status.textContent()).toBe('Saved');
      // The address is the spec's, whatever the draft.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/add-articles');

      // The last words, typed, and the tab closed before the pause that would save them.
      await page.getByLabel('Description').pressSequentially(LAST_WORDS);
      const back = await context.newPage();
      await page.close({ runBeforeUnload: true });

      await goto(back, '/my-articles');
      const drafts = back.getByTestId('my-drafts');
      await drafts.getByText(title).waitFor();
      await checkScreenAtBothSizes(back, 'my-articles-drafts', () => drafts.getByText(title).waitFor());
      await drafts.getByRole('link', { name: `Continue draft ${title}` }).click();
      await back.waitForURL('**/add-articles?draft=*');
      await expect.poll(() => back.getByLabel('Title').inputValue()).toBe(title);
      expect(await back.getByLabel('Description').inputValue()).toBe(LONG_BODY + LAST_WORDS);
      expect(await back.getByLabel('Publisher').inputValue()).toBe(publisherName);

      // The image is chosen again (a draft keeps the words), then it is submitted as before.
      await back.getByLabel('Upload Image').setInputFiles(pngFile('drafts-long.png'));
      await back.getByRole('button', { name: 'Submit Article' }).click();
      await expectSwal(back, 'Submited', 'Your article has been submited');
      await back.waitForURL('**/my-articles');
      await myArticleRow(back, title).getByText('Pending', { exact: true }).waitFor();
      // The draft has become the article: it is no longer offered.
      await expect.poll(() => back.getByTestId('my-drafts').count()).toBe(0);

      // Shortened through the update dialog; the history shows both versions, and the long one is back.
      const row = myArticleRow(back, title);
      await row.getByRole('button', { name: `Update ${title}` }).click();
      const dialog = back.getByRole('dialog', { name: 'Update Article' });
      await dialog.getByLabel('Description').fill('Ferries every forty minutes from Monday.');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await expectSwal(back, 'Updated');
      await row.getByRole('button', { name: `History of ${title}` }).click();
      const history = back.getByRole('dialog', { name: 'Article history' });
      await history.getByRole('button', { name: /^Version 1/ }).click();
      await history.getByText('Version 1 compared with the current version (2)').waitFor();
      expect(await history.locator('ins').first().textContent()).toContain('north pier');
      await expectAccessibleInBothThemes(back, 'article history dialog');
      await screenshot(back, 'article-history-dialog', { fullPage: false });
      await history.getByRole('button', { name: 'Restore this version' }).click();
      await history.getByRole('button', { name: 'Yes, restore it' }).click();
      await history.waitFor({ state: 'hidden' });
      const restored = await fetch(`${apiUrl}/articles/${encodeURIComponent(account.email)}`, {
        headers: { authorization: `Bearer ${await apiToken(account)}` },
      });
      const mine = (await restored.json()) as { articleTitle: string; articleDescription: string }[];
      expect(mine.find((a) => a.articleTitle === title)?.articleDescription).toBe(
        (LONG_BODY + LAST_WORDS).trim(),
      );
    } finally {
      await context.close();
    }
  });

  it('the network gone while typing: "Not saved — retrying"; the tab closed; the copy offered back', async () => {
    const title = uniqueTitle('Storm closes the coast road');
    const { context, page } = await freshUser(browser(), 'drafts-offline');
    try {
      await goto(page, '/add-articles');
      await page.getByRole('heading', { name: 'add article' }).waitFor();
      // Every save fails as it would with the network gone.
      await page.route('**/me/drafts/**', (route) => route.abort('internetdisconnected'));
      await page.getByLabel('Title').pressSequentially(title);
      await page
        .getByLabel('Description')
        .fill('Trees down at the bend; the council has closed it until Friday.');
      const status = page.getByTestId('autosave-status');
      await expect.poll(() => status.textContent()).toBe('Not saved — retrying');
      const back = await context.newPage();
      // The failing network was that tab's.
      await page.close({ runBeforeUnload: true });

      await goto(back, '/add-articles');
      const offer = back.getByTestId('draft-offer');
      await offer.getByText(title).waitFor();
      await checkScreenAtBothSizes(back, 'add-article-draft-offer', () => offer.getByText(title).waitFor());
      await offer.getByRole('button', { name: 'Continue draft' }).click();
      await expect.poll(() => back.getByLabel('Title').inputValue()).toBe(title);
      expect(await back.getByLabel('Description').inputValue()).toBe(
        'Trees down at the bend; the council has closed it until Friday.',
      );
      // Back online, the next words reach the server too.
      await back.getByLabel('Description').pressSequentially(' Buses divert.');
      await expect.poll(() => back.getByTestId('autosave-status').textContent()).toBe('Saved');
      await goto(back, '/my-articles');
      await back.getByTestId('my-drafts').getByText(title).waitFor();
    } finally {
      await context.close();
    }
  });
});
