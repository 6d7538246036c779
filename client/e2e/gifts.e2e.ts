/**
 * Gift links (issue 21), in Chromium: the writer of a premium article gifts it from its page; a
 * signed-out reader who opens the link reads the whole article with "Gifted by …", even when the app's
 * scripts come late; the writer sees the reader counted on their dashboard and revokes the link, after
 * which a new reader gets the teaser only.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from './api-as';
import { apiGet, createEmulatorAccount, goto, newPage, screenshot, sharedBrowser } from './harness';
import { apiToken, freshUser, promoteToAdmin, uniqueTitle } from './writer-admin-fixtures';

const browser = sharedBrowser();
const ENDING = 'The last paragraph is only for those who hold the whole article.';

async function adminToken(): Promise<string> {
  const account = await createEmulatorAccount('gifts-admin');
  await apiToken(account);
  await promoteToAdmin(account.email);
  return apiToken(account);
}

/** A signed-out visitor's page with the app's script files held back `delayMs` (HTML and CSS at once). */
async function visitorWithSlowScripts(b: Browser, delayMs: number): Promise<Page> {
  const { page } = await newPage(b, { theme: 'light' });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, delayMs));
    await route.continue();
  });
  return page;
}

describe('gift links', () => {
  it('a signed-out reader reads the gifted article in full; revoked, the next one gets the teaser', async () => {
    const writer = await freshUser(browser(), 'gift-writer');
    const visitors: Page[] = [];
    try {
      const title = uniqueTitle('Gifted report');
      const description = `${'A long report on the harbour works and what they cost the town. '.repeat(12)}${ENDING}`;
      const [publisher] = await apiGet<{ publisherName: string }[]>('/publisher-data');
      const approved = await apiGet<{ articleImage: string }[]>('/all-articles/approved?limit=10');
      const writerToken = await apiToken(writer.account);
      const { insertedId: id } = await apiCall<{ insertedId: string }>(
        'POST',
        `/articles?email=${encodeURIComponent(writer.account.email)}`,
        writerToken,
        {
          title,
          photoURL: approved[0]!.articleImage,
          publisher: publisher!.publisherName,
          formatedTags: ['culture'],
          description,
        },
      );
      const admin = await adminToken();
      await apiCall('PATCH', `/update/status/${id}`, admin);
      await apiCall('PATCH', `/make-premium/${id}`, admin);

      // The writer gifts it from the article's page.
      await goto(writer.page, `/article-details/${id}`);
      await writer.page.getByRole('button', { name: 'Gift this article' }).click();
      const linkField = writer.page.getByLabel('Gift link');
      await linkField.waitFor();
      const link = await linkField.inputValue();
      expect(link).toMatch(new RegExp(`/article-details/${id}\\?gift=[A-Za-z0-9_-]{20,}$`));
      await writer.page.getByText('9 gift links left this month').first().waitFor();

      // A signed-out reader opens it while the app's scripts are still on their way.
      const first = await visitorWithSlowScripts(browser(), 2_000);
      visitors.push(first);
      await first.goto(link);
      await first.getByRole('heading', { name: title }).waitFor();
      await first.getByText(ENDING, { exact: false }).waitFor({ timeout: 20_000 });
      await first.getByText(/^Gifted by .+, subscribe to read more$/).waitFor();
      await screenshot(first, 'gift-link-reader-light');

      // The writer's dashboard counts the reader; then the writer revokes the link.
      await goto(writer.page, '/user-dashboard/gift-links');
      const row = writer.page.getByTestId('gift-link-row').filter({ hasText: title });
      await expect.poll(() => row.textContent()).toMatch(/1 of 10/);
      await row.getByRole('button', { name: `Revoke: ${title}` }).click();
      await expect.poll(() => row.textContent()).toMatch(/Revoked/);

      // A new reader gets the teaser only: the ending never reaches the page or its HTML.
      const second = await visitorWithSlowScripts(browser(), 0);
      visitors.push(second);
      const html = await (await second.request.get(link)).text();
      expect(html).not.toContain(ENDING);
      await second.goto(link);
      await second.getByRole('heading', { name: title }).waitFor();
      await second.waitForFunction(() => !document.getElementById('first-screen-data'));
      await second.waitForTimeout(1_500);
      expect(await second.getByText(ENDING, { exact: false }).count()).toBe(0);
    } finally {
      for (const v of visitors) await v.context().close();
      await writer.context.close();
    }
  });
});
