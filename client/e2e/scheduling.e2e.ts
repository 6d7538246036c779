/**
 * Scheduled publishing (issue 37, docs/roles.md), as the people involved see it: an admin schedules a
 * writer's article for the next minute from the moderation table; a reader who follows its publisher
 * has Home open, and the article appears in their "For you" by itself once its time has come (the
 * scheduler's sweep, then the live event) — not before. One page per person, no fixed waits.
 */
import { describe, expect, it } from 'vitest';
import { apiUrl, goto, sharedBrowser } from './harness';
import {
  adminArticleRow,
  apiToken,
  expectSwal,
  freshAdmin,
  freshUser,
  myArticleRow,
  postArticle,
  swalDialog,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();

describe('scheduled publishing', () => {
  it('an article scheduled for the next minute appears on a follower’s open Home at its time, not before', async () => {
    const title = uniqueTitle('Night ferry returns to the island');
    const publishers = (await (await fetch(`${apiUrl}/publisher-data`)).json()) as {
      _id: string;
      publisherName: string;
    }[];
    const publisher = publishers[0]!;
    const [writer, reader, admin] = await Promise.all([
      freshUser(browser(), 'scheduling-writer'),
      freshUser(browser(), 'scheduling-reader'),
      freshAdmin(browser()),
    ]);
    try {
      await postArticle(writer.page, { title, publisher: publisher.publisherName });
      await myArticleRow(writer.page, title).getByText('Pending', { exact: true }).waitFor();
      // The reader follows the article's publisher (as the publisher's page would), then opens Home.
      const follow = await fetch(`${apiUrl}/follows/publishers/${publisher._id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await apiToken(reader.account)}` },
      });
      expect(follow.status).toBe(200);
      await goto(reader.page, '/');
      const forYou = reader.page.getByTestId('for-you');
      await forYou.getByRole('heading', { name: 'For you' }).waitFor();

      // The next whole minute at least 20 s away, typed into the picker in the admin's own zone.
      const at = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
      const { page } = admin;
      await goto(page, '/dashboard/all-articles-admin');
      const row = adminArticleRow(page, title);
      await row.getByRole('button', { name: `Schedule: ${title}` }).click();
      const local = await page.evaluate((ms) => {
        const d = new Date(ms);
        return new Date(ms - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      }, at);
      await swalDialog(page).locator('input[type="datetime-local"]').fill(local);
      await swalDialog(page).locator('.swal2-confirm').click();
      await expectSwal(page, 'Scheduled');
      await row.getByText('Scheduled', { exact: true }).waitFor();

      // Not yet: the reader's Home has the rest of their front page, without it.
      await forYou.locator('article, a').first().waitFor();
      expect(await forYou.getByText(title).count()).toBe(0);

      // At its time the sweep publishes it and the open page shows it, with no reload.
      await forYou.getByText(title).first().waitFor({ timeout: 100_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(at);
      // The writer's My Articles (open since the post) flips to Approved too, live.
      await myArticleRow(writer.page, title).getByText('Approved', { exact: true }).waitFor();
    } finally {
      await Promise.all([writer.context.close(), reader.context.close(), admin.context.close()]);
    }
  }, 180_000);
});
