/**
 * Follows and the personal front page (issue 22): a reader follows a publisher from Home's grid; a
 * writer posts for that publisher and an admin approves it; the reader finds it in "For you" marked
 * "From what you follow"; its page shows related reading and links the author's name to their public
 * page, which never shows an e-mail address.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from './api-as';
import { checkScreenAtBothSizes, createEmulatorAccount, goto, reload, sharedBrowser } from './harness';
import { apiToken, freshUser, postArticle, promoteToAdmin, uniqueTitle } from './writer-admin-fixtures';

const browser = sharedBrowser();

interface OwnArticle {
  _id: string;
  articleTitle: string;
}

/** A new admin's API token (setup only: the admin's own screens are tested elsewhere). */
async function adminToken(): Promise<string> {
  const account = await createEmulatorAccount('follows-admin');
  await apiToken(account); // POST /jwt makes the user record promoteToAdmin looks up.
  await promoteToAdmin(account.email);
  return apiToken(account);
}

/** The "For you" card of `title` on Home; the list is the server's, so a reload may be needed once. */
async function forYouCard(page: Page, title: string): Promise<Locator> {
  const section = page.getByRole('region', { name: 'For you' });
  const card = section.getByTestId('article-card').filter({ hasText: title });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await section.waitFor();
    try {
      await card.waitFor({ timeout: 5_000 });
      return card;
    } catch {
      await reload(page);
    }
  }
  await card.waitFor();
  return card;
}

describe('following a publisher', () => {
  it('brings its new article to "For you"; the article links its writer’s page, without an e-mail', async () => {
    const reader = await freshUser(browser(), 'follows-reader');
    const writer = await freshUser(browser(), 'follows-writer');
    try {
      // The reader follows the first publisher of Home's grid.
      const { page } = reader;
      await goto(page, '/');
      const grid = page.getByTestId('publisher-grid');
      await grid.waitFor();
      const publisher = (await grid.locator('li').first().locator('span.font-display').textContent())?.trim();
      expect(publisher, 'a publisher on the grid').toBeTruthy();
      const follow = grid.getByRole('button', { name: `Follow ${publisher}`, exact: true });
      await expect.poll(() => follow.isEnabled()).toBe(true);
      await follow.click();
      const following = grid.getByRole('button', { name: `Following ${publisher}`, exact: true });
      await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true');
      // Still followed after a reload: the server kept it.
      await reload(page);
      await expect.poll(() => following.getAttribute('aria-pressed')).toBe('true');

      // A writer posts an article for that publisher; an admin approves it.
      const title = uniqueTitle('Harbour pilots train on the new night radar');
      await postArticle(writer.page, { title, publisher, tags: ['technology'] });
      const mine = await apiCall<OwnArticle[]>(
        'GET',
        `/articles/${encodeURIComponent(writer.account.email)}`,
        await apiToken(writer.account),
      );
      const article = mine.find((a) => a.articleTitle === title);
      expect(article, 'the posted article').toBeDefined();
      await apiCall('PATCH', `/update/status/${article!._id}`, await adminToken());

      // The reader finds it in "For you", marked as coming from what they follow.
      await goto(page, '/');
      const card = await forYouCard(page, title);
      expect(await card.getByText('From what you follow').isVisible()).toBe(true);

      // Its page: related reading under it, and the author's name links to their page.
      await card.getByRole('link', { name: `Details: ${title}` }).click();
      await page.waitForURL(`**/article-details/${article!._id}`);
      await page.getByTestId('article-details').waitFor();
      await page.getByRole('region', { name: 'Related reading' }).waitFor();
      const author = page.getByTestId('article-details').locator('header a[href^="/writers/"]');
      await author.click();
      await page.waitForURL('**/writers/*');
      await page.getByTestId('writer-page').waitFor();
      await page.getByTestId('writer-page').getByText(title).first().waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).not.toContain(writer.account.email);
      expect(text).not.toMatch(/@/);
      // A new screen: axe in both themes, at phone and desktop widths (docs/accessibility.md).
      await checkScreenAtBothSizes(page, 'writer-page', () => page.getByTestId('writer-page').waitFor());
    } finally {
      await reader.context.close();
      await writer.context.close();
    }
  });
});
